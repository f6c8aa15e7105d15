import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createQuiz, type LoggedIn, loginAs, type TestApp, validQuiz } from '../../helpers/index.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  payload?: object;
}

// Refused without an administrator's portal token, changing nothing: test/security/authorization-matrix.test.ts.
describe('the quiz calls', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let quizId: number;
  let calls: Call[];

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    quizId = await createQuiz(t.db, { question: 'Guarded?' });
    // Valid requests: the administrator gets 200 from each.
    calls = [
      { method: 'GET', url: '/api/quiz' },
      { method: 'GET', url: `/api/quiz/${quizId}` },
      { method: 'POST', url: '/api/quiz', payload: validQuiz() },
      { method: 'PUT', url: '/api/quiz', payload: { updateId: quizId, ...validQuiz() } },
      { method: 'DELETE', url: `/api/quiz/${quizId}` },
    ];
  });
  afterAll(() => t?.close());

  it('let the administrator through', async () => {
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: admin.headers });
      expect(res.statusCode, `${call.method} ${call.url} ${res.body}`).toBe(200);
    }
  });
});
