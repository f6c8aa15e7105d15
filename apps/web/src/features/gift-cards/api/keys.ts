import type { ListGiftCardsQuery } from '@strideadmin/contract';

/** Query keys of the gift cards feature, written once: invalidate through these, never a retyped string. */
export const giftCardKeys = {
  all: ['gift-cards'] as const,
  lists: () => [...giftCardKeys.all, 'list'] as const,
  list: (q: ListGiftCardsQuery) => [...giftCardKeys.lists(), q] as const,
  details: () => [...giftCardKeys.all, 'detail'] as const,
  detail: (id: number) => [...giftCardKeys.details(), id] as const,
  settings: () => [...giftCardKeys.all, 'settings'] as const,
};
