import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { complaintQueries } from '../../../src/db/schema.js';
import { buildTestApp, createComplaintQuery, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';

type Method = 'GET' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  payload?: object;
}

describe('the complaint-query calls', () => {
  let t: TestApp;
  let walker: LoggedIn;
  let queryId: number;
  let calls: Call[];

  const unchanged = async () => {
    const [row] = await t.db.select().from(complaintQueries);
    return { total: (await t.db.select({ n: count() }).from(complaintQueries))[0]!.n, isRead: row?.isRead };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    walker = await loginAs(t, 'User');
    queryId = await createComplaintQuery(t.db, { userId: walker.user.id });
    // Valid requests: only the missing or wrong token may stop them.
    calls = [
      { method: 'GET', url: '/api/message' },
      { method: 'GET', url: `/api/message/${queryId}` },
      { method: 'PUT', url: '/api/message', payload: { isRead: true, updateId: queryId } },
      { method: 'DELETE', url: `/api/message/${queryId}` },
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
    expect(await unchanged()).toEqual({ total: 1, isRead: false });
  });

  it('answer 403 to an app user (even the sender), and to an administrator signed in through the app', async () => {
    const adminInApp = await loginAs(t, 'Admin', { adminPortal: false });
    for (const who of [walker, adminInApp]) {
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers: who.headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(res.json()).toEqual({ message: messages.forbidden });
      }
    }
    expect(await unchanged()).toEqual({ total: 1, isRead: false });
  });

  it('are documented in /api/docs with the bearer scheme and an answer per status', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const { paths } = res.json();
    const documented: Array<[string, string, string, string[]]> = [
      ['/api/message', 'get', 'complaint-queries', ['200', '400', '401', '403']],
      ['/api/message/{id}', 'get', 'complaint-queries', ['200', '400', '401', '403', '404']],
      ['/api/message', 'put', 'complaint-queries', ['200', '400', '401', '403', '404']],
      ['/api/message/{id}', 'delete', 'complaint-queries', ['200', '400', '401', '403', '404']],
      ['/api/app/message', 'post', 'app', ['200', '400', '401', '403']],
    ];
    for (const [path, method, tag, statuses] of documented) {
      const op = paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.security).toEqual([{ bearer: [] }]);
      expect(op.tags).toEqual([tag]);
      expect(Object.keys(op.responses).sort()).toEqual(statuses);
    }
    const listParameters: Array<{ name: string }> = paths['/api/message'].get.parameters;
    expect(listParameters.map((p) => p.name).sort()).toEqual(['isRead', 'limit', 'order', 'page', 'sort', 'title']);
  });
});
