import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

/** POST /users/{id}/clear-steps-flag (docs/behaviour.md §11): an administrator looked at the flagged steps. */
export const clearStepsFlag = (id: number) =>
  api<unknown>(`/users/${id}/clear-steps-flag`, { method: 'POST' }).then((r) => r.message);

export function useClearStepsFlag(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => clearStepsFlag(id),
    onSettled: () => qc.invalidateQueries({ queryKey: userKeys.detail(id) }),
  });
}
