import { dateIn } from '../../helpers/dates.js';

let sequence = 0;

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
  const n = String(++sequence).padStart(4, '0');
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
