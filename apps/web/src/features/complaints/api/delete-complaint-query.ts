import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { complaintQueryKeys } from './keys';

/** DELETE /message/{id} (docs/behaviour.md §10): answers the server's message. */
export const deleteComplaintQuery = (id: number) => api<unknown>(`/message/${id}`, { method: 'DELETE' });

/**
 * Deletes a complaint query; the lists refetch before the mutation settles, so a caller that waits
 * for it sees the row gone. The unread count follows (the query may have been unread). Failures go
 * to the query client's error policy (a toast).
 */
export function useDeleteComplaintQuery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteComplaintQuery,
    onSuccess: async (_result, id) => {
      qc.removeQueries({ queryKey: complaintQueryKeys.detail(id) });
      await Promise.all([
        qc.invalidateQueries({ queryKey: complaintQueryKeys.lists() }),
        qc.invalidateQueries({ queryKey: complaintQueryKeys.unreadCount() }),
      ]);
    },
  });
}
