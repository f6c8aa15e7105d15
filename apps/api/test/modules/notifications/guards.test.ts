import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { notifications, users } from '../../../src/db/schema.js';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { sendNotification, validNotification } from './notification-data.js';

type Method = 'GET' | 'POST' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  payload?: object;
}

describe('the notification calls', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let walker: LoggedIn;
  let notificationId: number;
  let calls: Call[];

  const storedCount = async () => (await t.db.select({ n: count() }).from(notifications))[0]!.n;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    walker = await loginAs(t, 'User');
    notificationId = await sendNotification(t.app, admin);
    // Valid requests: only the missing or wrong token may stop them.
    calls = [
      { method: 'GET', url: '/api/notification' },
      { method: 'POST', url: '/api/notification', payload: validNotification() },
      { method: 'DELETE', url: `/api/notification/${notificationId}` },
    ];
  });
  afterAll(() => t?.close());

  it('answer 401 Unauthorized without a token (or with a bad one), and change nothing', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      for (const call of [...calls, { method: 'GET' as const, url: '/api/app/notifications' }]) {
        const res = await t.app.inject({ ...call, headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(res.json()).toEqual({ message: messages.unauthorized });
      }
    }
    expect(await storedCount()).toBe(1);
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
    expect(await storedCount()).toBe(1);
  });

  it('GET /app/notifications takes an app user’s token, and refuses it once the account is deactivated', async () => {
    const soonInactive = await loginAs(t, 'User');
    expect((await t.app.inject({ url: '/api/app/notifications', headers: soonInactive.headers })).statusCode).toBe(200);

    await t.db.update(users).set({ isActive: false }).where(eq(users.id, soonInactive.user.id));
    await t.app.authSettled();

    const res = await t.app.inject({ url: '/api/app/notifications', headers: soonInactive.headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.unauthorized });
  });

  it('are documented in /api/docs with the bearer scheme and an answer per status', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const { paths } = res.json();
    const documented: Array<[string, string, string, string[]]> = [
      ['/api/notification', 'get', 'notifications', ['200', '400', '401', '403']],
      ['/api/notification', 'post', 'notifications', ['200', '400', '401', '403']],
      ['/api/notification/{id}', 'delete', 'notifications', ['200', '400', '401', '403', '404']],
      ['/api/app/notifications', 'get', 'app', ['200', '400', '401', '403']],
    ];
    for (const [path, method, tag, statuses] of documented) {
      const op = paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.security).toEqual([{ bearer: [] }]);
      expect(op.tags).toEqual([tag]);
      expect(Object.keys(op.responses).sort()).toEqual(statuses);
    }
    const listParameters: Array<{ name: string }> = paths['/api/notification'].get.parameters;
    expect(listParameters.map((p) => p.name).sort()).toEqual(['limit', 'message', 'order', 'page', 'sort', 'title']);
  });
});
