import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listGiftCardsQuerySchema, type GiftCard, type ListResponse } from '@strideadmin/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { pageSizeParam } from '../../../lib/list-params';
import { giftCardKeys } from './keys';
import { shownInPlace } from '../../../lib/query-client';

/**
 * /card-list's URL state: the contract's GET /giftcard query (so the URL says exactly what the
 * server accepts), with the page size limited to the choices the screen offers.
 */
export const giftCardListParamsSchema = listGiftCardsQuerySchema.extend({ limit: pageSizeParam });
export type GiftCardListParams = z.output<typeof giftCardListParamsSchema>;

/**
 * GET /giftcard (docs/behaviour.md §10): one page of cards, filtered by serialNumber and storeName
 * (contains) and isExpired (true/false, docs/behaviour.md §2), and the total count.
 */
export const listGiftCards = (params: GiftCardListParams, signal?: AbortSignal) =>
  api<ListResponse<GiftCard>>('/giftcard', { query: params, signal }).then((r) => r.body);

export const listGiftCardsQueryOptions = (params: GiftCardListParams) =>
  queryOptions({
    queryKey: giftCardKeys.list(params),
    queryFn: ({ signal }) => listGiftCards(params, signal),
    meta: shownInPlace,
    // The page on screen stays while the next one loads (no flash of an empty table).
    placeholderData: keepPreviousData,
  });

export function useGiftCards(params: GiftCardListParams) {
  return useQuery(listGiftCardsQueryOptions(params));
}
