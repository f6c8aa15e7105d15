import type { GiftCard } from '@strideadmin/contract';

/** A gift card as the API answers it (docs/behaviour.md §3 GiftCard); override what a test needs. */
export function makeGiftCard(overrides: Partial<GiftCard> = {}): GiftCard {
  return {
    id: 41,
    serialNumber: 'SN-0041',
    amount: 500,
    currency: 'SEK',
    storeName: 'ica maxi',
    storeAddress: 'storgatan 1, Stockholm',
    cardPicture: 'http://x.test/uploads/gift_card_images/card.png',
    validTill: '2099-12-31',
    expiryDuration: 150,
    price: 1200,
    controlCode: 'CC-0041',
    isExpired: false,
    redeemedAt: null,
    createdAt: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
}
