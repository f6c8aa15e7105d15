import { formSubmit } from '../../../lib/query-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuizQuestion, UpdateQuiz } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { quizKeys } from './keys';

/** PUT /quiz (docs/behaviour.md §10): updateId plus every field; answers the question as stored. */
export const updateQuiz = (input: UpdateQuiz) => api<QuizQuestion>('/quiz', { method: 'PUT', body: input });

/** A failure is toasted by the query client's policy; the form shows it under itself too. */
export function useUpdateQuiz() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateQuiz,
    meta: formSubmit,
    onSuccess: (_res, input) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: quizKeys.lists() }),
        qc.invalidateQueries({ queryKey: quizKeys.detail(input.updateId) }),
      ]),
  });
}
