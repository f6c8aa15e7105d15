import { z } from '../zod.js';
import { limits } from '../limits.js';
import { csvDateOrders } from '../csv-dates.js';
import { messages } from '../messages.js';
import { ifMissing } from '../zod-messages.js';
import { listQueryBase } from './common.js';
import { dateField, idField, todayIso } from './fields.js';

/** docs/behaviour.md §3 GiftCard, as the API answers it. `price` is shown as Coin Price. */
export const giftCardSchema = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  amount: z.number(),
  currency: z.string(),
  storeName: z.string(),
  storeAddress: z.string(),
  cardPicture: z.string().nullable(),
  validTill: z.string(),
  expiryDuration: z.number().int(),
  price: z.number().int(),
  controlCode: z.string(),
  isExpired: z.boolean(),
  redeemedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type GiftCard = z.infer<typeof giftCardSchema>;

const requiredText = (message: string, max: number) =>
  z
    .string({ error: ifMissing(message) })
    .trim()
    .min(1, { message, abort: true })
    .max(max);
const textMax = limits.giftCardTextMax;

/** docs/behaviour.md §5 Update gift card: every field required, with the spec's messages. */
export const giftCardFields = {
  serialNumber: requiredText(messages.serialNoRequired, textMax.serialNumber),
  amount: z
    .number({ error: ifMissing(messages.amountRequired) })
    .int(messages.onlyNumbers)
    .min(0, messages.numberMin0)
    .max(limits.int32Max, messages.numberTooLarge),
  currency: requiredText(messages.currencyRequired, textMax.currency).regex(
    /^[\p{L}\s]+$/u,
    messages.currencyLettersOnly,
  ),
  storeName: requiredText(messages.storeNameRequired, textMax.storeName),
  storeAddress: requiredText(messages.storeAddressRequired, textMax.storeAddress),
  cardPicture: requiredText(messages.cardPictureRequired, textMax.cardPicture),
  validTill: z
    .string({ error: ifMissing(messages.validTillRequired) })
    .min(1, { message: messages.validTillRequired, abort: true })
    .pipe(dateField)
    .refine((d) => d >= todayIso(), messages.dateFromPast),
  expiryDuration: z
    .number({ error: ifMissing(messages.expiryDurationRequired) })
    .int(messages.onlyNumbers)
    .min(0, messages.numberMin0)
    .max(limits.expiryDurationMax, messages.expiryDurationMaxDigits),
  price: z
    .number({ error: ifMissing(messages.coinPriceRequired) })
    .int(messages.onlyNumbers)
    .min(0, messages.numberMin0)
    .max(limits.int32Max, messages.numberTooLarge),
  controlCode: requiredText(messages.controlCodeRequired, textMax.controlCode),
};

/** POST /giftcard (add one). */
export const createGiftCardSchema = z.object(giftCardFields);
export type CreateGiftCard = z.output<typeof createGiftCardSchema>;

/** PUT /giftcard (docs/behaviour.md §7): updateId plus exactly the card fields; `price` is the Coin Price. */
export const updateGiftCardSchema = z.object({ updateId: idField, ...giftCardFields });
export type UpdateGiftCard = z.output<typeof updateGiftCardSchema>;

/** The card form (docs/behaviour.md §3: the form calls the Coin Price field `coinPrice`). */
const { price, ...fieldsButPrice } = giftCardFields;
export const giftCardFormSchema = z.object({ ...fieldsButPrice, coinPrice: price });
export type GiftCardForm = z.output<typeof giftCardFormSchema>;
export type GiftCardFormInput = z.input<typeof giftCardFormSchema>;
export const giftCardFromForm = ({ coinPrice, ...rest }: GiftCardForm): CreateGiftCard => ({
  ...rest,
  price: coinPrice,
});

/** GET /giftcard (docs/behaviour.md §10): the filters of §2. */
export const giftCardSortColumns = [
  'id',
  'serialNumber',
  'storeName',
  'price',
  'amount',
  'validTill',
  'createdAt',
] as const;
export const listGiftCardsQuerySchema = z.object({
  ...listQueryBase,
  sort: z.enum(giftCardSortColumns).default('createdAt'),
  serialNumber: z.string().trim().max(255).optional(),
  storeName: z.string().trim().max(255).optional(),
  isExpired: z.enum(['true', 'false']).optional(),
});
export type ListGiftCardsQuery = z.input<typeof listGiftCardsQuerySchema>;

/**
 * A cell of a bulk row as sent: text or a number, no longer than the longest card field (a
 * picture's address); null/absent is ''.
 */
const cell = z
  .union([z.string().max(textMax.cardPicture, 'A value is too long.'), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

/** POST /multiplegiftcard (docs/behaviour.md §7): rows are re-validated one by one on the server. */
export const bulkRowInputSchema = z.object({
  id: z
    .union([z.string().max(64), z.number()])
    .transform(String)
    .optional(),
  serialNumber: cell,
  controlCode: cell,
  price: cell,
  currency: cell,
  amount: cell,
  storeName: cell,
  storeAddress: cell,
  validTill: cell,
  expiryDuration: cell,
  cardPicture: cell,
});
export const multipleGiftCardsSchema = z.object({
  giftCards: z.array(bulkRowInputSchema).min(1, messages.csvEmpty).max(limits.csvMaxRows, messages.csvTooManyRows),
});
/**
 * GET /config/gift-cards: the server's settings the gift-card screens follow, read at run time
 * (CSV_DATE_ORDER: how the bulk import reads dates, the same in the preview and on the server).
 */
export const giftCardSettingsSchema = z.object({
  csvDateOrder: z.enum(csvDateOrders),
});
export type GiftCardSettings = z.infer<typeof giftCardSettingsSchema>;

export const bulkRowResultSchema = z.object({
  id: z.string(),
  serialNumber: z.string(),
  controlCode: z.string(),
  price: z.string(),
  currency: z.string(),
  amount: z.string(),
  storeName: z.string(),
  storeAddress: z.string(),
  validTill: z.string(),
  expiryDuration: z.string(),
  cardPicture: z.string(),
  hasErrors: z.literal(true),
  errors: z.array(z.string()),
});
