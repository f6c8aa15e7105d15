import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { giftCardKeys } from './keys';

/** DELETE /giftcard/{id} (docs/behaviour.md §10): answers the server's message. */
export const deleteGiftCard = (id: number) => api<unknown>(`/giftcard/${id}`, { method: 'DELETE' });

/**
 * Deletes a card; the lists refetch before the mutation settles, so a caller that waits for it
 * sees the row gone. Failures go to the query client's error policy (a toast).
 */
export function useDeleteGiftCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteGiftCard,
    onSuccess: async (_result, id) => {
      qc.removeQueries({ queryKey: giftCardKeys.detail(id) });
      await qc.invalidateQueries({ queryKey: giftCardKeys.lists() });
    },
  });
}
