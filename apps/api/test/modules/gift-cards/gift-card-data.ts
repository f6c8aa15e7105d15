import { type CreateGiftCard, todayIso } from '@strideadmin/contract';
import type { Db } from '../../../src/db/client.js';
import { giftCards } from '../../../src/db/schema.js';

const day = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD `days` from today (negative: in the past), as the server's todayIso counts. */
export const dateIn = (days: number) => todayIso(new Date(Date.now() + days * day));

let sequence = 0;
/** A unique suffix for serial numbers and control codes within a test file. */
export const nextSuffix = () => String(++sequence).padStart(4, '0');

/** A valid POST /giftcard body with a fresh serial number and control code. */
export function validCard(overrides: Partial<CreateGiftCard> = {}): CreateGiftCard {
  const n = nextSuffix();
  return {
    serialNumber: `SN-${n}`,
    controlCode: `CC-${n}`,
    amount: 100,
    currency: 'SEK',
    storeName: 'corner shop',
    storeAddress: 'storgatan 1, stockholm',
    cardPicture: 'https://cdn.example.com/gift_card_images/card.png',
    validTill: dateIn(30),
    expiryDuration: 1440,
    price: 500,
    ...overrides,
  };
}

/**
 * A card put straight into the table, for states no call makes: a past Valid Till, a redemption
 * (user, time). Answers its id.
 */
export async function insertCard(db: Db, values: Partial<typeof giftCards.$inferInsert> = {}): Promise<number> {
  const [row] = await db
    .insert(giftCards)
    .values({ ...validCard(), ...values })
    .returning({ id: giftCards.id });
  return row!.id;
}

/** A POST /multiplegiftcard row: every cell text, as the portal sends it. */
export interface BulkRowBody {
  id?: string;
  serialNumber: string;
  controlCode: string;
  price: string;
  currency: string;
  amount: string;
  storeName: string;
  storeAddress: string;
  validTill: string;
  expiryDuration: string;
  cardPicture: string;
}

export function bulkRow(overrides: Partial<BulkRowBody> = {}): BulkRowBody {
  const n = nextSuffix();
  return {
    serialNumber: `BULK-${n}`,
    controlCode: `BCTRL-${n}`,
    price: '500',
    currency: 'SEK',
    amount: '100',
    storeName: 'corner shop',
    storeAddress: 'storgatan 1, stockholm',
    validTill: dateIn(30),
    expiryDuration: '1440',
    cardPicture: 'https://cdn.example.com/gift_card_images/card.png',
    ...overrides,
  };
}
