import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listQuizQuerySchema, type ListResponse, type QuizQuestion } from '@strideadmin/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { pageSizeParam } from '../../../lib/list-params';
import { quizKeys } from './keys';
import { shownInPlace } from '../../../lib/query-client';

/**
 * /quiz-list's URL state: the contract's GET /quiz query (so the URL says exactly what the server
 * accepts), with the page size limited to the choices the screen offers.
 */
export const quizListParamsSchema = listQuizQuerySchema.extend({ limit: pageSizeParam });
export type QuizListParams = z.output<typeof quizListParamsSchema>;

/**
 * GET /quiz (docs/behaviour.md §10): one page of questions, filtered by question (contains, §2) and
 * language (en/sv), and the total count.
 */
export const listQuiz = (params: QuizListParams, signal?: AbortSignal) =>
  api<ListResponse<QuizQuestion>>('/quiz', { query: params, signal }).then((r) => r.body);

export const listQuizQueryOptions = (params: QuizListParams) =>
  queryOptions({
    queryKey: quizKeys.list(params),
    queryFn: ({ signal }) => listQuiz(params, signal),
    meta: shownInPlace,
    // The page on screen stays while the next one loads (no flash of an empty table).
    placeholderData: keepPreviousData,
  });

export function useQuizList(params: QuizListParams) {
  return useQuery(listQuizQueryOptions(params));
}
