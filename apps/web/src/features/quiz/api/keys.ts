import type { ListQuizQuery } from '@strideadmin/contract';

/** Query keys of the quiz feature, written once: invalidate through these, never a retyped string. */
export const quizKeys = {
  all: ['quiz'] as const,
  lists: () => [...quizKeys.all, 'list'] as const,
  list: (q: ListQuizQuery) => [...quizKeys.lists(), q] as const,
  details: () => [...quizKeys.all, 'detail'] as const,
  detail: (id: number) => [...quizKeys.details(), id] as const,
};
