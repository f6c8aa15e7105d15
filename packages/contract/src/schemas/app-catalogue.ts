import { z } from '../zod.js';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { ifMissing } from '../zod-messages.js';
import { readNumberText } from '../number-text.js';
import { listQueryBase } from './common.js';
import { numberInText } from './fields.js';

/**
 * The app's catalogue of gift cards, its own cards, the gift boxes near it and its coin history
 * (docs/behaviour.md §11), and the portal's view and adjustment of a user's coins.
 */

// The app pages through its lists; the portal's "count exactly" is not an app call.
const { count: _portalOnly, ...pageFields } = listQueryBase;

/** A latitude or longitude in a query string: required, a number within [min, max]. */
const queryCoordinate = (min: number, max: number, invalid: string) =>
  z
    .string({ error: ifMissing(messages.positionRequired) })
    .trim()
    .min(1, { message: messages.positionRequired, abort: true })
    // Digits only (readNumberText): `lat=1e1` is no latitude.
    .transform(readNumberText)
    .pipe(z.number({ error: invalid }).min(min, invalid).max(max, invalid));

/** A position sent in a body (POST /app/giftbox/{id}/open): the phone's. */
export const appPositionFields = {
  latitude: z
    .number({ error: ifMissing(messages.positionRequired) })
    .min(-90, messages.latitudeInvalid)
    .max(90, messages.latitudeInvalid),
  longitude: z
    .number({ error: ifMissing(messages.positionRequired) })
    .min(-180, messages.longitudeInvalid)
    .max(180, messages.longitudeInvalid),
};

/** GET /app/giftcards: cards in stock, cheapest first; `affordable=true` keeps those the caller's coins pay for. */
export const appGiftCardsQuerySchema = z.object({
  page: pageFields.page,
  limit: pageFields.limit,
  storeName: z.string().trim().max(255).optional(),
  affordable: z.enum(['true', 'false'], { error: messages.affordableInvalid }).optional(),
});
export type AppGiftCardsQuery = z.output<typeof appGiftCardsQuerySchema>;

/**
 * A card of the catalogue: what it is worth and costs, never its serial number or control code
 * (whoever holds them can use the card; they are the redeemer's alone).
 */
export const appCatalogueCardSchema = z.object({
  id: z.number().int(),
  storeName: z.string(),
  storeAddress: z.string(),
  amount: z.number(),
  currency: z.string(),
  cardPicture: z.string().nullable(),
  /** Its price in coins. */
  price: z.number().int(),
  validTill: z.string(),
  /** Minutes it stays usable once redeemed (0: until Valid Till), and the same as the portal shows it. */
  expiryDuration: z.number().int(),
  expiryDurationText: z.string(),
});
export type AppCatalogueCard = z.infer<typeof appCatalogueCardSchema>;

/** GET /app/giftcards/mine: the caller's redeemed cards, newest first. */
export const appMyGiftCardsQuerySchema = z.object({ page: pageFields.page, limit: pageFields.limit });
export const appMyGiftCardSchema = appCatalogueCardSchema.extend({
  serialNumber: z.string(),
  controlCode: z.string(),
  redeemedAt: z.string(),
  /** When the Expiry Duration runs out (null without one: the card lasts until Valid Till). */
  durationEndsAt: z.string().nullable(),
  /** The time left of the Expiry Duration as the portal writes durations ('N Hours M Minutes'); null without one or once expired. */
  expiresIn: z.string().nullable(),
  isExpired: z.boolean(),
});
export type AppMyGiftCard = z.infer<typeof appMyGiftCardSchema>;

/** GET /app/giftboxes: the boxes the caller may open today around a point. */
export const appNearbyBoxesQuerySchema = z.object({
  lat: queryCoordinate(-90, 90, messages.latitudeInvalid),
  lng: queryCoordinate(-180, 180, messages.longitudeInvalid),
  radius: numberInText(
    z
      .number({ error: messages.nearbyRadiusInvalid })
      .int(messages.nearbyRadiusInvalid)
      .min(1, messages.nearbyRadiusInvalid)
      .max(limits.nearbyRadiusMaxM, messages.nearbyRadiusInvalid)
      .default(limits.nearbyRadiusDefaultM),
  ),
});
export type AppNearbyBoxesQuery = z.output<typeof appNearbyBoxesQuerySchema>;
export const appNearbyBoxSchema = z.object({
  id: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
  configId: z.number().int(),
  /** The config's name (its `type`). The coins show only once the box is opened. */
  configName: z.string(),
  expiresAt: z.string(),
  stepsToUnlock: z.number().int(),
  /** Metres from the point asked about, rounded. */
  distance: z.number().int(),
  /** The caller walked the config's steps today. */
  unlocked: z.boolean(),
});
export type AppNearbyBox = z.infer<typeof appNearbyBoxSchema>;
export const appNearbyBoxesResponseSchema = z.object({
  /** Nearest first, at most limits.nearbyBoxesMax. */
  rows: z.array(appNearbyBoxSchema),
  /** The caller's steps today (what `unlocked` compares). */
  stepsToday: z.number().int(),
});

/** The kinds of coin movement (the ledger's). */
export const coinKinds = ['steps', 'quiz', 'giftbox', 'redeem', 'adjustment'] as const;
export type CoinKindName = (typeof coinKinds)[number];
/** How the portal names each kind (User Details, Coins). */
export const coinKindLabels: Record<CoinKindName, string> = {
  steps: 'Steps',
  quiz: 'Quiz answer',
  giftbox: 'Gift box',
  redeem: 'Gift card redeemed',
  adjustment: 'Adjustment',
};

/** GET /app/ledger, GET /users/{id}/ledger: a page of a user's coin history, newest first. */
export const ledgerQuerySchema = z.object({ page: pageFields.page, limit: pageFields.limit });
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(coinKinds),
  /** Signed: a credit positive, a spend negative. */
  amount: z.number().int(),
  /** An administrator's adjustment: why (null for older adjustments and every other kind). */
  reason: z.string().nullable(),
  /** steps: the day the coins are for. */
  refDay: z.string().nullable(),
  /** quiz, giftbox, redeem: the question, box or card. */
  refId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
/** The portal's view adds who made an adjustment. */
export const adminLedgerEntrySchema = ledgerEntrySchema.extend({
  adminId: z.number().int().nullable(),
  adminName: z.string().nullable(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;

/** POST /users/{id}/coins: an administrator adds (positive) or takes (negative) coins, with a reason. */
export const adjustCoinsSchema = z.object({
  amount: z
    .number({ error: ifMissing(messages.coinAdjustAmountRequired) })
    .int(messages.coinAdjustAmountRequired)
    .refine((n) => n !== 0, { message: messages.coinAdjustAmountRequired, abort: true })
    .refine((n) => Math.abs(n) <= limits.coinAdjustMax, messages.coinAdjustAmountTooLarge),
  reason: z
    .string({ error: ifMissing(messages.coinAdjustReasonRequired) })
    .trim()
    .min(1, { message: messages.coinAdjustReasonRequired, abort: true })
    .max(limits.coinAdjustReasonMax, messages.coinAdjustReasonTooLong),
});
export type AdjustCoinsInput = z.input<typeof adjustCoinsSchema>;
export const adjustCoinsResponseSchema = z.object({ totalCoins: z.number().int(), entry: adminLedgerEntrySchema });
