import type { BulkRowFields } from '../../src/bulk-gift-cards.js';

/** A bulk-import row every rule accepts (on a `today` before 2030-12-31): tests change one cell of it. */
export const validBulkRow: BulkRowFields = {
  serialNumber: 'SN-1',
  controlCode: 'CC-1',
  price: '500',
  currency: 'SEK',
  amount: '100',
  storeName: 'corner shop',
  storeAddress: 'main street 1',
  validTill: '2030-12-31',
  expiryDuration: '60',
  cardPicture: '',
};
