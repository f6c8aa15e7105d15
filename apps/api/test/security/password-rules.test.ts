import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, messages, type RoleName } from '@strideadmin/contract';
import { loadConfig } from '../../src/config.js';
import { users } from '../../src/db/schema.js';
import { commonPasswordsFile } from '../../src/paths.js';
import { isCommonPassword } from '../../src/plugins/auth/index.js';
import {
  buildTestApp,
  createUser,
  linkTo,
  login,
  type LoggedIn,
  loginAs,
  mailsTo,
  type TestApp,
  type TestUser,
  tokenOf,
} from '../helpers/index.js';

/**
 * Every way a password is set refuses the most common passwords (any letter case), and an
 * administrator's password shorter than limits.adminPasswordMin: the answer is 400 with the rule's
 * message, and the stored password stays as it was.
 */
describe('password rules on every password set', () => {
  let t: TestApp;
  let admin: LoggedIn;

  const common = ['password', 'Sunshine', 'QWERTY123', '1qaz2wsx3edc'];
  const shortAdmin = 'a-b-c-d-e-f'; // 11 characters, not a common password
  const hashOf = async (id: number) =>
    (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)))[0]?.hash;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('ships the 10,000 most common passwords, read case-insensitively', () => {
    const lines = readFileSync(commonPasswordsFile, 'utf8')
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith('#'));
    expect(lines).toHaveLength(10_000);
    expect(lines.slice(0, 2)).toEqual(['123456', 'password']);
    for (const p of common) expect(isCommonPassword(p), p).toBe(true);
    expect(isCommonPassword('Walk-10000-steps')).toBe(false);
    expect(shortAdmin).toHaveLength(limits.adminPasswordMin - 1);
  });

  describe('PUT /api/users/updatepassword (an administrator sets a password)', () => {
    const update = (target: TestUser, password: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/updatepassword',
        headers: admin.headers,
        payload: { updateId: target.id, password },
      });

    it.each<[RoleName, string, string]>([
      ...common.map((p): [RoleName, string, string] => ['User', p, messages.passwordTooCommon]),
      ['Admin', 'qwerty123456', messages.passwordTooCommon],
      ['Admin', shortAdmin, messages.adminPasswordMin],
    ])('refuses for a %s account: %s', async (role, password, message) => {
      const target = await createUser(t.db, { role });
      const before = await hashOf(target.id);
      const res = await update(target, password);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message });
      expect(await hashOf(target.id)).toBe(before);
    });

    it('accepts a short password that is not common for a User, a 12-character one for an Admin', async () => {
      expect((await update(await createUser(t.db, { role: 'User' }), shortAdmin)).statusCode).toBe(200);
      expect((await update(await createUser(t.db, { role: 'Admin' }), `${shortAdmin}g`)).statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/reset_password (a reset link)', () => {
    async function resetToken(user: TestUser): Promise<string> {
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot_password',
        payload: { email: user.email },
      });
      expect(asked.statusCode).toBe(200);
      const mails = await mailsTo(t.app, t.config, user.email);
      return tokenOf(linkTo(mails.at(-1)!, '/reset-password'));
    }
    const reset = (token: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/reset_password', payload: { temp_code: token, password } });

    it.each<[RoleName, string, string]>([
      ['User', 'Password', messages.passwordTooCommon],
      ['Admin', 'q1w2e3r4t5y6', messages.passwordTooCommon],
      ['Admin', shortAdmin, messages.adminPasswordMin],
    ])('refuses for a %s account: %s, and the link still works', async (role, password, message) => {
      const user = await createUser(t.db, { role });
      const before = await hashOf(user.id);
      const token = await resetToken(user);
      const res = await reset(token, password);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message });
      expect(await hashOf(user.id)).toBe(before);
      expect((await reset(token, 'a-much-better-one-42')).statusCode).toBe(200);
    });
  });

  describe('POST /api/profile/change_password (an administrator changes their own)', () => {
    it.each([
      ['QAZWSXedcrfv', messages.passwordTooCommon],
      ['1q2w3e4r5t6y', messages.passwordTooCommon],
      [shortAdmin, messages.adminPasswordMin],
    ])('refuses %s', async (newPassword, message) => {
      const me = await loginAs(t, 'Admin');
      const before = await hashOf(me.user.id);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/profile/change_password',
        headers: me.headers,
        payload: { oldPassword: me.user.password, newPassword },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message });
      expect(await hashOf(me.user.id)).toBe(before);
      expect(
        (await login(t.app, { email: me.user.email, password: me.user.password!, adminPortal: true })).statusCode,
      ).toBe(200);
    });
  });

  it('refuses an ADMIN_PASSWORD shorter than 12 characters or common, saying so at start-up', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: shortAdmin })).toThrow(/ADMIN_PASSWORD.*at least 12 characters/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'QWERTY123456' })).toThrow(/ADMIN_PASSWORD.*most common passwords/);
    expect(loadConfig({ ADMIN_PASSWORD: `${shortAdmin}g` }).adminPassword).toBe(`${shortAdmin}g`);
  });
});
