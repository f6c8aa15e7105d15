import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GiftCardSettings } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { giftCardKeys } from './keys';

/**
 * GET /config/gift-cards: the server's settings the gift-card screens follow (CSV_DATE_ORDER: the
 * bulk import's preview reads dates as the server will), read at run time, never built in.
 */
export const getGiftCardSettings = (signal?: AbortSignal) =>
  api<GiftCardSettings>('/config/gift-cards', { signal }).then((r) => r.body);

export const giftCardSettingsQueryOptions = () =>
  queryOptions({
    queryKey: giftCardKeys.settings(),
    queryFn: ({ signal }) => getGiftCardSettings(signal),
    // Configuration changes with a server restart at most.
    staleTime: Infinity,
  });

export function useGiftCardSettings() {
  return useQuery(giftCardSettingsQueryOptions());
}
