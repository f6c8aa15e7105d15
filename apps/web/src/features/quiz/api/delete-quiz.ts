import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { quizKeys } from './keys';

/** DELETE /quiz/{id} (docs/behaviour.md §10): answers the server's message. */
export const deleteQuiz = (id: number) => api<unknown>(`/quiz/${id}`, { method: 'DELETE' });

/**
 * Deletes a question; the lists refetch before the mutation settles, so a caller that waits for it
 * sees the row gone. Failures go to the query client's error policy (a toast).
 */
export function useDeleteQuiz() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteQuiz,
    onSuccess: async (_result, id) => {
      qc.removeQueries({ queryKey: quizKeys.detail(id) });
      await qc.invalidateQueries({ queryKey: quizKeys.lists() });
    },
  });
}
