import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { giftBoxKeys } from './keys';

/** DELETE /giftbox/{id} (docs/behaviour.md §10): the config and the boxes placed under it; answers the message. */
export const deleteGiftBoxConfig = (id: number) => api<unknown>(`/giftbox/${id}`, { method: 'DELETE' });

/**
 * Deletes a config; the lists refetch before the mutation settles, so a caller that waits for it
 * sees the row gone. Failures go to the query client's error policy (a toast).
 */
export function useDeleteGiftBoxConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteGiftBoxConfig,
    onSuccess: async (_result, id) => {
      qc.removeQueries({ queryKey: giftBoxKeys.detail(id) });
      await qc.invalidateQueries({ queryKey: giftBoxKeys.lists() });
    },
  });
}
