import { formSubmit } from '../../../lib/query-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateQuiz } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { quizKeys } from './keys';

/** POST /quiz (docs/behaviour.md §10): answers message and body.id. */
export const createQuiz = (input: CreateQuiz) => api<{ id: number }>('/quiz', { method: 'POST', body: input });

/** A failure is toasted by the query client's policy; the form shows it under itself too. */
export function useCreateQuiz() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createQuiz,
    meta: formSubmit,
    onSuccess: () => qc.invalidateQueries({ queryKey: quizKeys.lists() }),
  });
}
