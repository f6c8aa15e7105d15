import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { giftBoxKeys } from './keys';

/** DELETE /giftbox/manual/{id}: removes one hand-placed box; answers the message. */
export const deleteManualGiftBox = ({ id }: { id: number; configId: number }) =>
  api<unknown>(`/giftbox/manual/${id}`, { method: 'DELETE' });

/**
 * Removes a box; its config refetches before the mutation settles, so the row is gone when the
 * dialog closes. Failures go to the query client's error policy (a toast).
 */
export function useDeleteManualGiftBox() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteManualGiftBox,
    onSuccess: async (_result, { configId }) => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: giftBoxKeys.detail(configId) }),
        qc.invalidateQueries({ queryKey: giftBoxKeys.lists() }),
      ]);
    },
  });
}
