import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { buildTestApp, createUser, type LoggedIn, loginAs, type TestApp, type TestUser } from '../../helpers/index.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  payload?: object;
}

describe('the users calls', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let walker: LoggedIn;
  let target: TestUser;
  let calls: Call[];

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    walker = await loginAs(t, 'User');
    target = await createUser(t.db, { name: 'Target Person' });
    // Valid requests: only the missing or wrong token may stop them.
    calls = [
      { method: 'GET', url: '/api/users' },
      { method: 'GET', url: `/api/users/${target.id}` },
      { method: 'POST', url: '/api/users', payload: { name: 'New Person', email: 'guarded@example.com' } },
      {
        method: 'PUT',
        url: '/api/users',
        payload: {
          updateId: target.id,
          name: 'Renamed Person',
          dob: null,
          height: 170,
          weight: 60,
          gender: null,
          totalCoins: 5,
          dailyFSGoal: 1000,
          isActive: true,
          isTracking: false,
          role: 'Admin',
        },
      },
      { method: 'PUT', url: '/api/users/updatepassword', payload: { updateId: target.id, password: 'new-password' } },
      { method: 'DELETE', url: `/api/users/${target.id}` },
    ];
  });
  afterAll(() => t?.close());

  it('answer 401 Unauthorized without a token, and change nothing', async () => {
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json()).toEqual({ message: messages.unauthorized });
    }
    const still = await t.app.inject({ url: `/api/users/${target.id}`, headers: admin.headers });
    expect(still.json().body).toMatchObject({ name: 'Target Person', Role: { name: 'User' } });
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
    const still = await t.app.inject({ url: `/api/users/${target.id}`, headers: admin.headers });
    expect(still.statusCode).toBe(200);
    expect(still.json().body.name).toBe('Target Person');
  });

  it('are documented in /api/docs with the bearer scheme and an answer per status', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const { paths } = res.json();
    const documented: Array<[string, string, string[]]> = [
      ['/api/users', 'get', ['200', '400', '401', '403']],
      ['/api/users/{id}', 'get', ['200', '400', '401', '403', '404']],
      ['/api/users', 'post', ['200', '400', '401', '403', '409']],
      ['/api/users', 'put', ['200', '400', '401', '403', '404']],
      ['/api/users/updatepassword', 'put', ['200', '400', '401', '403', '404']],
      ['/api/users/{id}', 'delete', ['200', '400', '401', '403', '404']],
      ['/api/profile', 'put', ['200', '400', '401', '403', '404']],
      ['/api/profile/change_password', 'post', ['200', '400', '401', '403']],
    ];
    for (const [path, method, statuses] of documented) {
      const op = paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.security).toEqual([{ bearer: [] }]);
      expect(op.tags).toEqual([path.startsWith('/api/profile') ? 'profile' : 'users']);
      expect(Object.keys(op.responses).sort()).toEqual(statuses);
    }
    const listParameters: Array<{ name: string }> = paths['/api/users'].get.parameters;
    expect(listParameters.map((p) => p.name).sort()).toEqual([
      'email',
      'limit',
      'name',
      'order',
      'page',
      'role',
      'sort',
    ]);
  });
});
