import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { coinLedger, users } from '../../../src/db/schema.js';
import { buildTestApp, createUser, linkTo, login, mailsTo, type TestApp, tokenOf } from '../../helpers/index.js';

describe('POST /api/auth/register (docs/behaviour.md §7 legacy register path)', () => {
  let t: TestApp;
  let ip = 0;

  /** Each registration from its own address, so the per-IP limit stays out of the way. */
  const register = (payload: object, remoteAddress = `10.0.0.${++ip}`) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress });

  beforeAll(async () => {
    t = await buildTestApp({ env: { FORGOT_MAX_PER_IP: '3', FORGOT_MAX_PER_ACCOUNT: '2' } });
  });
  afterAll(() => t?.close());

  /** Every stored row of the address (any case), to check what a registration changed. */
  const rowsOf = (email: string) =>
    t.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);

  it('creates an app account (role User), e-mails a verify link, and answers no token: the account signs in by login', async () => {
    const res = await register({ email: '  Walker.One@Example.com ', name: 'Walker One', password: 'my-secret-1' });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.registerReceived, body: null });

    const [row] = await rowsOf('walker.one@example.com');
    expect(row).toMatchObject({ name: 'Walker One', email: 'walker.one@example.com', emailVerifiedAt: null });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await t.db.select().from(coinLedger).where(eq(coinLedger.userId, row!.id))).toEqual([]);

    // It signs in through the app at once, unverified; the app token works, the portal refuses it.
    const app = await login(t.app, { email: 'walker.one@example.com', password: 'my-secret-1' });
    expect(app.statusCode).toBe(200);
    const session = app.json().body;
    expect(session.user).toMatchObject({ id: row!.id, roleName: 'User', emailVerified: false, isTracking: false });
    expect(decodeJwt(session.token)).toMatchObject({ sub: String(row!.id), aud: 'strideadmin:app' });
    const headers = { authorization: `Bearer ${session.token}` };
    expect((await t.app.inject({ url: '/api/app/quiz', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users', headers })).statusCode).toBe(403);
    const portal = await login(t.app, { email: 'walker.one@example.com', password: 'my-secret-1', adminPortal: true });
    expect(portal.statusCode).toBe(403);
    expect(portal.json()).toEqual({ message: messages.onlyAdmin });

    // The e-mail (a real MIME message) carries the verify link; following it verifies the address.
    const mails = await mailsTo(t.app, t.config, 'walker.one@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['Verify your StrideAdmin e-mail address']);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verifyToken',
      payload: { temp_code: tokenOf(linkTo(mails[0]!, '/verify-account')) },
    });
    expect(verified.statusCode).toBe(200);
    const again = await login(t.app, { email: 'walker.one@example.com', password: 'my-secret-1' });
    expect(again.json().body.user.emailVerified).toBe(true);
  });

  it('answers a taken address exactly as a new one, changes nothing in its account and e-mails its owner instead', async () => {
    const owner = await createUser(t.db, { name: 'Owner Walker', email: 'owner.walker@example.com' });
    const [before] = await rowsOf(owner.email);

    const fresh = await register({ email: 'fresh.walker@example.com', name: 'Fresh Walker', password: 'fresh-pass-1' });
    const taken = await register({ email: 'OWNER.Walker@example.com', name: 'Someone Else', password: 'other-pass-2' });

    // Byte for byte the same answer: nothing tells whether the address had an account.
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toBe(fresh.body);
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(taken.body).not.toMatch(/token|Walker|exists/i);

    // No second account; the owner's name, password and everything else stay as they were.
    expect(await rowsOf(owner.email)).toEqual([before]);
    expect((await login(t.app, { email: owner.email, password: 'other-pass-2' })).statusCode).toBe(400);
    expect((await login(t.app, { email: owner.email, password: owner.password! })).statusCode).toBe(200);

    // The owner is told, in a real MIME message with a link to choose a new password.
    const mails = await mailsTo(t.app, t.config, owner.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Someone tried to register with your address');
    expect(mail!.text).toContain(owner.email);
    expect(mail!.html).toContain('Someone tried to create a new StrideAdmin account');
    expect(new URL(linkTo(mail!, '/forgot-password')).origin).toBe(new URL(t.config.publicUrl).origin);
    expect(mail!.text).not.toContain('other-pass-2');
  });

  it('refuses invalid input with the form messages, and creates nothing', async () => {
    const valid = { email: 'new.walker@example.com', name: 'New Walker', password: 'secret-33' };
    const cases: Array<[object, string]> = [
      [{ ...valid, email: undefined }, messages.emailRequired],
      [{ ...valid, email: '' }, messages.emailRequired],
      [{ ...valid, email: 'not-an-email' }, messages.emailInvalid],
      [{ ...valid, name: undefined }, messages.nameRequired],
      [{ ...valid, name: 'R2D2' }, messages.nameLettersOnly],
      [{ ...valid, password: undefined }, messages.passwordRequired],
      [{ ...valid, password: '' }, messages.passwordRequired],
      [{ ...valid, password: '12345' }, messages.passwordMin],
      // One of the most common passwords, whatever the case of its letters.
      [{ ...valid, password: 'password' }, messages.passwordTooCommon],
      [{ ...valid, password: 'Sunshine' }, messages.passwordTooCommon],
    ];
    for (const [payload, message] of cases) {
      const res = await register(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const expected = message === messages.passwordTooCommon ? { message } : { message, errors: [message] };
      expect(res.json(), JSON.stringify(payload)).toEqual(expected);
    }
    const stored = await t.db.select().from(users).where(eq(users.email, valid.email));
    expect(stored).toEqual([]);
  });

  it('limits registrations per address, like forgot password (429 with retry-after)', async () => {
    const address = '192.0.2.77';
    for (let i = 1; i <= 3; i++) {
      const res = await register(
        { email: `burst${i}@example.com`, name: 'Burst Walker', password: 'secret-44' },
        address,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const blocked = await register(
      { email: 'burst4@example.com', name: 'Burst Walker', password: 'secret-44' },
      address,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: messages.tooManyRequests });
    expect(blocked.headers['retry-after']).toBe('900');
    expect(await t.db.select().from(users).where(eq(users.email, 'burst4@example.com'))).toEqual([]);
    // Another address is not affected.
    expect(
      (await register({ email: 'burst4@example.com', name: 'Burst Walker', password: 'secret-44' })).statusCode,
    ).toBe(200);
  });

  it('is documented in /api/docs: one 200 answer without a token, no 409', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    const op = res.json().paths['/api/auth/register'].post;
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '429']);
    const ok = JSON.stringify(op.responses['200']);
    expect(ok).not.toContain('accessToken');
    expect(op.description).toMatch(/same answer/);
  });
});
