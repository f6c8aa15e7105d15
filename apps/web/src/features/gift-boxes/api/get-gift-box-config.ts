import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GiftBoxConfigDetail } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { giftBoxKeys } from './keys';
import { shownInPlace } from '../../../lib/query-client';

/** GET /giftbox/{id} (docs/behaviour.md §10): the config and its hand-placed boxes (ManualBoxes), newest first. */
export const getGiftBoxConfig = (id: number, signal?: AbortSignal) =>
  api<GiftBoxConfigDetail>(`/giftbox/${id}`, { signal }).then((r) => r.body);

export const giftBoxConfigQueryOptions = (id: number) =>
  queryOptions({
    queryKey: giftBoxKeys.detail(id),
    queryFn: ({ signal }) => getGiftBoxConfig(id, signal),
    meta: shownInPlace,
  });

export function useGiftBoxConfig(id: number | null) {
  return useQuery({ ...giftBoxConfigQueryOptions(id ?? 0), enabled: id !== null });
}
