import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages, type GiftCard } from '@strideadmin/contract';
import { api, ApiError } from '../../../lib/api-client';
import { giftCardKeys } from './keys';
import { shownInPlace } from '../../../lib/query-client';

/** GET /giftcard/{id} (docs/behaviour.md §7): the answer's body is a list; body[0] is the card. */
export const getGiftCard = (id: number, signal?: AbortSignal) =>
  api<GiftCard[]>(`/giftcard/${id}`, { signal }).then((r) => {
    const card = r.body[0];
    if (!card) throw new ApiError(404, messages.giftCardNotFound);
    return card;
  });

export const giftCardQueryOptions = (id: number) =>
  queryOptions({
    queryKey: giftCardKeys.detail(id),
    queryFn: ({ signal }) => getGiftCard(id, signal),
    meta: shownInPlace,
  });

export function useGiftCard(id: number | null) {
  return useQuery({ ...giftCardQueryOptions(id ?? 0), enabled: id !== null });
}
