import { expect, type APIRequestContext } from '@playwright/test';
import type { CreateQuiz } from '@strideadmin/contract';

/** POST /api/quiz as an administrator would; every field can be overridden. */
export async function createQuizViaApi(
  request: APIRequestContext,
  token: string,
  quiz: Partial<CreateQuiz> & { question: string },
): Promise<number> {
  const full: CreateQuiz = {
    option1: 'About 500',
    option2: 'About 2000',
    option3: 'About 10000',
    option4: 'About 50000',
    correctOption: 2,
    language: 'en',
    coins: 10,
    isActive: true,
    ...quiz,
  };
  const res = await request.post('/api/quiz', { data: full, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { body: { id: number } }).body.id;
}
