import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { users } from '../../../src/db/schema.js';
import { buildTestApp, login, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';

describe('PUT /api/users/updatepassword', () => {
  let t: TestApp;
  let admin: LoggedIn;

  const put = (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/users/updatepassword', payload, headers: admin.headers });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('sets the new password: the old one stops working, the new one signs in', async () => {
    const walker = await loginAs(t, 'User');

    const res = await put({ updateId: walker.user.id, password: 'brand-new-password' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.userPasswordUpdated, body: null });
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, walker.user.id));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
    expect((await login(t.app, { email: walker.user.email, password: walker.user.password! })).statusCode).toBe(400);
    expect((await login(t.app, { email: walker.user.email, password: 'brand-new-password' })).statusCode).toBe(200);
  });

  it("revokes the user's existing tokens", async () => {
    const otherAdmin = await loginAs(t, 'Admin');
    expect((await t.app.inject({ url: '/api/users', headers: otherAdmin.headers })).statusCode).toBe(200);

    await put({ updateId: otherAdmin.user.id, password: 'reset-by-colleague' });

    const res = await t.app.inject({ url: '/api/users', headers: otherAdmin.headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.unauthorized });
    const again = await login(t.app, {
      email: otherAdmin.user.email,
      password: 'reset-by-colleague',
      adminPortal: true,
    });
    expect(again.statusCode).toBe(200);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await put({ updateId: 999999, password: 'whatever-password' });

    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: messages.userNotFound });
  });

  describe('validation, with the contract messages', () => {
    const cases: Array<[string, object, string]> = [
      ['password missing', {}, messages.newPasswordPlease],
      ['password empty', { password: '' }, messages.newPasswordPlease],
      ['password too short', { password: 'abc12' }, messages.passwordMin],
      ['password too long', { password: 'x'.repeat(256) }, messages.passwordTooLong],
    ];

    it.each(cases)('%s', async (_label, overrides, message) => {
      const res = await put({ updateId: admin.user.id, ...overrides });

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, errors: [message] });
    });

    it('requires the updateId', async () => {
      const res = await put({ password: 'long-enough' });

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'updateId is required.', errors: ['updateId is required.'] });
    });
  });
});
