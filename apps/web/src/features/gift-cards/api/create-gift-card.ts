import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGiftCard } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { giftCardKeys } from './keys';

/** POST /giftcard (docs/behaviour.md §10, add one): the card fields with `price`; answers message and body.id. */
export const createGiftCard = (input: CreateGiftCard) =>
  api<{ id: number }>('/giftcard', { method: 'POST', body: input });

/** The form reports a failure itself (see save-error.ts), so the global policy stays silent. */
export function useCreateGiftCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createGiftCard,
    meta: { silentError: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: giftCardKeys.lists() }),
  });
}
