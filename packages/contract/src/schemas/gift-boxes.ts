import { z } from '../zod.js';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { ifMissing } from '../zod-messages.js';
import { listQueryBase } from './common.js';
import { idField } from './fields.js';

/** A box placed on the map (by hand from /add-box-manual). */
export const giftBoxSchema = z.object({
  id: z.number().int(),
  configId: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
  coins: z.number().int(),
  expiresAt: z.string(),
  source: z.enum(['manual']),
  openedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type GiftBox = z.infer<typeof giftBoxSchema>;

/** A gift box config (docs/behaviour.md §11); `type` is its Config Name. */
export const giftBoxConfigSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  minCoins: z.number().int(),
  maxCoins: z.number().int(),
  stepsToUnlock: z.number().int(),
  boxesPerDay: z.number().int(),
  isActive: z.boolean(),
  /** How many boxes were placed by hand under this config (opened or not). */
  manualBoxCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GiftBoxConfig = z.infer<typeof giftBoxConfigSchema>;

/** GET /giftbox/{id}: the config and its hand-placed boxes, newest first (at most manualBoxesShown). */
export const manualBoxesShown = 100;
export const giftBoxConfigDetailSchema = giftBoxConfigSchema.extend({ ManualBoxes: z.array(giftBoxSchema) });
export type GiftBoxConfigDetail = z.infer<typeof giftBoxConfigDetailSchema>;

const wholeNumber = (required: string) =>
  z
    .number({ error: ifMissing(required) })
    .int(messages.integerOnly)
    .min(0, messages.numberMin0)
    .max(limits.int32Max, messages.numberTooLarge);

export const giftBoxConfigFields = {
  type: z
    .string({ error: ifMissing(messages.configNameRequired) })
    .trim()
    .min(1, { message: messages.configNameRequired, abort: true })
    .max(limits.configNameMax, `At most ${limits.configNameMax} characters.`),
  minCoins: wholeNumber(messages.minCoinsRequired),
  maxCoins: wholeNumber(messages.maxCoinsRequired),
  stepsToUnlock: wholeNumber(messages.stepsToUnlockRequired),
  boxesPerDay: wholeNumber(messages.boxesPerDayRequired),
  isActive: z.boolean().default(true),
};

function coinRange(v: { minCoins: number; maxCoins: number }, ctx: z.RefinementCtx) {
  if (v.maxCoins < v.minCoins) ctx.addIssue({ code: 'custom', path: ['maxCoins'], message: messages.coinRangeInvalid });
}

/** POST /giftbox. */
export const createGiftBoxConfigSchema = z.object(giftBoxConfigFields).superRefine(coinRange);
export type CreateGiftBoxConfigInput = z.input<typeof createGiftBoxConfigSchema>;
export type CreateGiftBoxConfig = z.output<typeof createGiftBoxConfigSchema>;

/** PUT /giftbox. */
export const updateGiftBoxConfigSchema = z.object({ updateId: idField, ...giftBoxConfigFields }).superRefine(coinRange);
export type UpdateGiftBoxConfigInput = z.input<typeof updateGiftBoxConfigSchema>;
export type UpdateGiftBoxConfig = z.output<typeof updateGiftBoxConfigSchema>;

const isoDateTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A moment as an ISO 8601 date-time WITH its offset (`Z` or `+02:00`): without one, the server
 * would read it in its own time zone. The calendar date and the time must exist (no 30 February,
 * no 24:30). The forms send `new Date(local).toISOString()`.
 */
export function isIsoDateTime(s: string): boolean {
  const m = isoDateTime.exec(s);
  if (!m) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((v) => Number(v ?? 0));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const real = month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour < 24 && minute < 60 && second < 60;
  return real && !Number.isNaN(Date.parse(s));
}

/** A date-time field: required (`message`), then a real moment (see isIsoDateTime). */
export const dateTimeField = (message: string) =>
  z
    .string({ error: ifMissing(message) })
    .min(1, { message, abort: true })
    // abort: a value that is no date is only 'invalid', not also 'from past' (zod 4 runs every check).
    .refine(isIsoDateTime, { message: messages.sendAtInvalid, abort: true });

/** POST /giftbox/manual (docs/behaviour.md §10): one box placed by hand. */
export const createManualGiftBoxSchema = z.object({
  configId: z
    .number({ error: ifMissing(messages.configRequired) })
    .int(messages.configRequired)
    .positive(messages.configRequired),
  latitude: z
    .number({ error: ifMissing(messages.locationRequired) })
    .min(-90, messages.latitudeInvalid)
    .max(90, messages.latitudeInvalid),
  longitude: z
    .number({ error: ifMissing(messages.locationRequired) })
    .min(-180, messages.longitudeInvalid)
    .max(180, messages.longitudeInvalid),
  coins: wholeNumber(messages.coinsRequired),
  expiresAt: dateTimeField(messages.expiresAtRequired).refine(
    (s) => Date.parse(s) > Date.now(),
    messages.expiresAtPast,
  ),
});
export type CreateManualGiftBoxInput = z.input<typeof createManualGiftBoxSchema>;
export type CreateManualGiftBox = z.output<typeof createManualGiftBoxSchema>;

/** GET /giftbox: filter `type`, labelled Config Name (docs/behaviour.md §2). */
export const giftBoxSortColumns = [
  'id',
  'type',
  'minCoins',
  'maxCoins',
  'stepsToUnlock',
  'boxesPerDay',
  'isActive',
  'createdAt',
] as const;
export const listGiftBoxConfigsQuerySchema = z.object({
  ...listQueryBase,
  sort: z.enum(giftBoxSortColumns).default('createdAt'),
  type: z.string().trim().max(255).optional(),
});
export type ListGiftBoxConfigsQuery = z.input<typeof listGiftBoxConfigsQuerySchema>;

/** GET /config/map: the map's tiles come from configuration, never from the client bundle. */
export const mapConfigSchema = z.object({
  tileUrl: z.string(),
  attribution: z.string(),
  maxZoom: z.number().int(),
  /** Where the map opens: [latitude, longitude] and zoom. */
  center: z.tuple([z.number(), z.number()]),
  zoom: z.number().int(),
});
export type MapConfig = z.infer<typeof mapConfigSchema>;
