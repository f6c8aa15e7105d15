import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuizQuestion } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { quizKeys } from './keys';
import { shownInPlace } from '../../../lib/query-client';

/** GET /quiz/{id} (docs/behaviour.md §10): the question. */
export const getQuiz = (id: number, signal?: AbortSignal) =>
  api<QuizQuestion>(`/quiz/${id}`, { signal }).then((r) => r.body);

export const quizQueryOptions = (id: number) =>
  queryOptions({ queryKey: quizKeys.detail(id), queryFn: ({ signal }) => getQuiz(id, signal), meta: shownInPlace });

export function useQuiz(id: number | null) {
  return useQuery({ ...quizQueryOptions(id ?? 0), enabled: id !== null });
}
