import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { accountTokens, users } from '../../../src/db/schema.js';
import {
  buildTestApp,
  createUser,
  linkTo,
  login,
  loginAs,
  mailsTo,
  type TestApp,
  testClock,
  tokenOf,
} from '../../helpers/index.js';

const hour = 60 * 60 * 1000;

describe('POST /api/auth/reset_password', () => {
  let t: TestApp;
  const clock = testClock(new Date('2030-01-15T10:00:00Z'));
  let ipSequence = 0;

  const forgot = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot_password',
      payload: { email },
      remoteAddress: `198.51.100.${++ipSequence}`,
    });
  const reset = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/reset_password', payload });

  /** Asks for a reset link for `email` and returns the token of the newest e-mail. */
  async function resetTokenFor(email: string): Promise<string> {
    expect((await forgot(email)).statusCode).toBe(200);
    const mail = (await mailsTo(t.app, t.config, email)).at(-1);
    return tokenOf(linkTo(mail!, '/reset-password'));
  }

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
  });
  afterAll(() => t?.close());

  it('the token of the e-mail resets the password once: new password signs in, old sessions end', async () => {
    const walker = await loginAs(t, 'User', { user: { emailVerified: false } });
    const token = await resetTokenFor(walker.user.email);

    const res = await reset({ password: 'a-fresh-password', temp_code: token });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.resetPasswordDone });
    expect((await login(t.app, { email: walker.user.email, password: 'a-fresh-password' })).statusCode).toBe(200);
    expect((await login(t.app, { email: walker.user.email, password: walker.user.password! })).statusCode).toBe(400);
    const old = await t.app.inject({ method: 'GET', url: `/api/users/${walker.user.id}`, headers: walker.headers });
    expect(old.statusCode).toBe(401);
    // The link proved the mailbox.
    const [row] = await t.db.select().from(users).where(eq(users.id, walker.user.id));
    expect(row?.emailVerifiedAt).toEqual(clock.now());

    const again = await reset({ password: 'yet-another-password', temp_code: token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: messages.accountLinkInvalid });
    expect((await login(t.app, { email: walker.user.email, password: 'a-fresh-password' })).statusCode).toBe(200);
  });

  it('ends the admin session of an administrator too', async () => {
    const admin = await loginAs(t, 'Admin');
    const token = await resetTokenFor(admin.user.email);

    expect((await reset({ password: 'admin-new-password', temp_code: token })).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: admin.headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.unauthorized });
  });

  it('stores only the SHA-256 of the token', async () => {
    const walker = await createUser(t.db);
    const token = await resetTokenFor(walker.email);

    const rows = await t.db.select().from(accountTokens).where(eq(accountTokens.userId, walker.id));

    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.purpose).toBe('reset');
  });

  it('refuses an expired token (after 1 hour)', async () => {
    const walker = await createUser(t.db);
    const token = await resetTokenFor(walker.email);

    clock.advance(hour + 1000);
    const res = await reset({ password: 'too-late-password', temp_code: token });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.accountLinkInvalid });
    expect((await login(t.app, { email: walker.email, password: walker.password! })).statusCode).toBe(200);
  });

  it('accepts a token just before the hour is up', async () => {
    const walker = await createUser(t.db);
    const token = await resetTokenFor(walker.email);

    clock.advance(hour - 60_000);

    expect((await reset({ password: 'just-in-time', temp_code: token })).statusCode).toBe(200);
  });

  it('a second request invalidates the first link', async () => {
    const walker = await createUser(t.db);
    const first = await resetTokenFor(walker.email);
    const second = await resetTokenFor(walker.email);
    expect(second).not.toBe(first);

    const old = await reset({ password: 'from-first-link', temp_code: first });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ message: messages.accountLinkInvalid });
    expect((await reset({ password: 'from-second-link', temp_code: second })).statusCode).toBe(200);
    expect((await login(t.app, { email: walker.email, password: 'from-second-link' })).statusCode).toBe(200);
  });

  it('refuses an unknown token, and a verify token', async () => {
    const unknown = await reset({ password: 'whatever-password', temp_code: 'not-a-real-token' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: messages.accountLinkInvalid });

    // A verify link (from an invitation) is not a reset link.
    const admin = await loginAs(t, 'Admin');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { name: 'New Walker', email: 'verify-not-reset@example.com', role: 'User' },
    });
    expect(created.statusCode).toBe(200);
    const [invitation] = await mailsTo(t.app, t.config, 'verify-not-reset@example.com');
    const verifyToken = tokenOf(linkTo(invitation!, '/verify-account'));
    const wrong = await reset({ password: 'whatever-password', temp_code: verifyToken });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: messages.accountLinkInvalid });
  });

  it('a token stops working when its user is deleted', async () => {
    const walker = await createUser(t.db);
    const token = await resetTokenFor(walker.email);
    await t.db.delete(users).where(eq(users.id, walker.id));

    expect((await reset({ password: 'ghost-password', temp_code: token })).statusCode).toBe(400);
  });

  describe('validation, with the contract messages', () => {
    const cases: Array<[string, object, string]> = [
      ['password missing', { temp_code: 'x' }, messages.resetNewPasswordRequired],
      ['password empty', { password: '', temp_code: 'x' }, messages.resetNewPasswordRequired],
      ['password too short', { password: '12345', temp_code: 'x' }, messages.passwordMinReset],
      ['password too long', { password: 'p'.repeat(256), temp_code: 'x' }, messages.passwordMaxReset],
      ['temp_code missing', { password: 'long-enough' }, messages.accountLinkInvalid],
      ['temp_code empty', { password: 'long-enough', temp_code: '' }, messages.accountLinkInvalid],
    ];
    it.each(cases)('%s', async (_name, payload, message) => {
      const res = await reset(payload);

      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
    });
  });
});
