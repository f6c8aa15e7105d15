import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { quizQuestions } from '../../../src/db/schema.js';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { insertQuiz, validQuiz } from './quiz-data.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  payload?: object;
}

describe('the quiz calls', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let walker: LoggedIn;
  let quizId: number;
  let calls: Call[];

  const stored = async () => t.db.select().from(quizQuestions);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    walker = await loginAs(t, 'User');
    quizId = await insertQuiz(t.db, { question: 'Guarded?' });
    // Valid requests: only the missing or wrong token may stop them.
    calls = [
      { method: 'GET', url: '/api/quiz' },
      { method: 'GET', url: `/api/quiz/${quizId}` },
      { method: 'POST', url: '/api/quiz', payload: validQuiz() },
      { method: 'PUT', url: '/api/quiz', payload: { updateId: quizId, ...validQuiz() } },
      { method: 'DELETE', url: `/api/quiz/${quizId}` },
    ];
  });
  afterAll(() => t?.close());

  it('answer 401 Unauthorized without a token (or with a bad one), and change nothing', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(res.json()).toEqual({ message: messages.unauthorized });
      }
    }
    expect((await stored()).map((q) => q.question)).toEqual(['Guarded?']);
  });

  it('answer 403 to an app user, and to an administrator signed in through the app', async () => {
    const adminInApp = await loginAs(t, 'Admin', { adminPortal: false });
    for (const who of [walker, adminInApp]) {
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers: who.headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(res.json()).toEqual({ message: messages.forbidden });
      }
    }
    expect((await stored()).map((q) => q.question)).toEqual(['Guarded?']);
  });

  it('let the administrator through', async () => {
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: admin.headers });
      expect(res.statusCode, `${call.method} ${call.url} ${res.body}`).toBe(200);
    }
  });

  it('are documented in /api/docs with the bearer scheme and an answer per status', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const { paths } = res.json();
    const documented: Array<[string, string, string[]]> = [
      ['/api/quiz', 'get', ['200', '400', '401', '403']],
      ['/api/quiz/{id}', 'get', ['200', '400', '401', '403', '404']],
      ['/api/quiz', 'post', ['200', '400', '401', '403']],
      ['/api/quiz', 'put', ['200', '400', '401', '403', '404']],
      ['/api/quiz/{id}', 'delete', ['200', '400', '401', '403', '404']],
    ];
    for (const [path, method, statuses] of documented) {
      const op = paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.security).toEqual([{ bearer: [] }]);
      expect(op.tags).toEqual(['quiz']);
      expect(Object.keys(op.responses).sort()).toEqual(statuses);
    }
    const listParameters: Array<{ name: string }> = paths['/api/quiz'].get.parameters;
    expect(listParameters.map((p) => p.name).sort()).toEqual([
      'language',
      'limit',
      'order',
      'page',
      'question',
      'sort',
    ]);
  });
});
