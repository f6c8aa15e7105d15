import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

/** DELETE /users/{id} (docs/behaviour.md §10): answers the server's message. */
export const deleteUser = (id: number) => api<unknown>(`/users/${id}`, { method: 'DELETE' });

/**
 * Deletes a user; the lists refetch before the mutation settles, so a caller that waits for it
 * sees the row gone. Failures go to the query client's error policy (a toast).
 */
export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async (_result, id) => {
      qc.removeQueries({ queryKey: userKeys.detail(id) });
      await qc.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
