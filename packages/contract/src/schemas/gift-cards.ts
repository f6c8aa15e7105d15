import { z } from 'zod';

/** spec §3 GiftCard, as the API answers it. `price` is shown as Coin Price. */
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
