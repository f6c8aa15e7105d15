import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateGiftCard } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { giftCardKeys } from './keys';

/**
 * PUT /giftcard (docs/behaviour.md §7): updateId plus exactly the card fields (`price` is the Coin Price);
 * success reads the message. A non-200 answer carries `errors` (a list) or `message`.
 */
export const updateGiftCard = (input: UpdateGiftCard) => api<unknown>('/giftcard', { method: 'PUT', body: input });

/**
 * docs/behaviour.md §8 "Update gift card non-200: each entry of errors as a toast, else the message": the form
 * does that (save-error.ts), so the global policy, which would toast the message as well, stays silent.
 */
export function useUpdateGiftCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateGiftCard,
    meta: { silentError: true },
    onSuccess: (_res, input) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: giftCardKeys.lists() }),
        qc.invalidateQueries({ queryKey: giftCardKeys.detail(input.updateId) }),
      ]),
  });
}
