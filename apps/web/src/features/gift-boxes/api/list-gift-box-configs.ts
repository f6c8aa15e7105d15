import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listGiftBoxConfigsQuerySchema, type GiftBoxConfig, type ListResponse } from '@strideadmin/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { pageSizeParam } from '../../../lib/list-params';
import { giftBoxKeys } from './keys';
import { shownInPlace } from '../../../lib/query-client';

/**
 * /box-list's URL state: the contract's GET /giftbox query (so the URL says exactly what the
 * server accepts), with the page size limited to the choices the screen offers.
 */
export const giftBoxListParamsSchema = listGiftBoxConfigsQuerySchema.extend({ limit: pageSizeParam });
export type GiftBoxListParams = z.output<typeof giftBoxListParamsSchema>;

/** GET /giftbox (docs/behaviour.md §10): one page of configs, filtered by type (Config Name, §2), and the count. */
export const listGiftBoxConfigs = (params: GiftBoxListParams, signal?: AbortSignal) =>
  api<ListResponse<GiftBoxConfig>>('/giftbox', { query: params, signal }).then((r) => r.body);

export const listGiftBoxConfigsQueryOptions = (params: GiftBoxListParams) =>
  queryOptions({
    queryKey: giftBoxKeys.list(params),
    queryFn: ({ signal }) => listGiftBoxConfigs(params, signal),
    meta: shownInPlace,
    // The page on screen stays while the next one loads (no flash of an empty table).
    placeholderData: keepPreviousData,
  });

export function useGiftBoxConfigs(params: GiftBoxListParams) {
  return useQuery(listGiftBoxConfigsQueryOptions(params));
}

/** The configs a box can be placed under, by name: the largest page the server gives. */
export const configChoicesParams: GiftBoxListParams = {
  ...giftBoxListParamsSchema.parse({}),
  limit: 100,
  sort: 'type',
  order: 'asc',
};
