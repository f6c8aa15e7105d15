import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** DELETE /notification/{id} (docs/behaviour.md §10): answers the server's message. */
export const deleteNotification = (id: number) => api<unknown>(`/notification/${id}`, { method: 'DELETE' });

/**
 * Deletes a notification; the lists refetch before the mutation settles, so a caller that waits for
 * it sees the row gone. Failures go to the query client's error policy (a toast).
 */
export function useDeleteNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.lists() }),
  });
}
