import type { ListGiftBoxConfigsQuery } from '@strideadmin/contract';

/** Query keys of the gift boxes feature, written once: invalidate through these, never a retyped string. */
export const giftBoxKeys = {
  all: ['gift-boxes'] as const,
  lists: () => [...giftBoxKeys.all, 'list'] as const,
  list: (q: ListGiftBoxConfigsQuery) => [...giftBoxKeys.lists(), q] as const,
  details: () => [...giftBoxKeys.all, 'detail'] as const,
  /** A config with its hand-placed boxes. */
  detail: (id: number) => [...giftBoxKeys.details(), id] as const,
  mapConfig: () => [...giftBoxKeys.all, 'map-config'] as const,
};
