import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { coinLedger, users } from '../../../src/db/schema.js';
import { buildTestApp, login, loginAs, type TestApp } from '../../helpers/index.js';

describe('POST /api/auth/register (spec §7 legacy register path)', () => {
  let t: TestApp;
  let ip = 0;

  /** Each registration from its own address, so the per-IP limit stays out of the way. */
  const register = (payload: object, remoteAddress = `10.0.0.${++ip}`) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress });

  beforeAll(async () => {
    t = await buildTestApp({ env: { FORGOT_MAX_PER_IP: '3', FORGOT_MAX_PER_ACCOUNT: '2' } });
  });
  afterAll(() => t?.close());

  it('creates an app account (role User) and signs it in with an app token', async () => {
    const res = await register({ email: '  Walker.One@Example.com ', name: 'Walker One', password: 'my-secret-1' });

    expect(res.statusCode, res.body).toBe(200);
    const { message, body } = res.json();
    expect(message).toBe(messages.registered);
    expect(body).toEqual({
      accessToken: expect.any(String),
      user: {
        id: expect.any(Number),
        name: 'Walker One',
        email: 'walker.one@example.com',
        dob: null,
        height: null,
        weight: null,
        gender: null,
        totalCoins: 0,
        dailyFSGoal: 0,
        isActive: true,
        isTracking: false,
        profilePic: null,
        emailVerified: false,
        createdAt: expect.stringMatching(/Z$/),
        roleName: 'User',
      },
    });
    expect(decodeJwt(body.accessToken)).toMatchObject({ sub: String(body.user.id), aud: 'strideadmin:app' });

    // The token is an app user's: the app calls take it, the portal's do not.
    const headers = { authorization: `Bearer ${body.accessToken}` };
    expect((await t.app.inject({ url: '/api/app/quiz', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users', headers })).statusCode).toBe(403);

    // The password is stored hashed; the account signs in through the app, not the portal.
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, body.user.id));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
    const app = await login(t.app, { email: 'walker.one@example.com', password: 'my-secret-1' });
    expect(app.statusCode).toBe(200);
    const portal = await login(t.app, { email: 'walker.one@example.com', password: 'my-secret-1', adminPortal: true });
    expect(portal.statusCode).toBe(403);
    expect(portal.json()).toEqual({ message: messages.onlyAdmin });
    expect(await t.db.select().from(coinLedger).where(eq(coinLedger.userId, body.user.id))).toEqual([]);
  });

  it('refuses an e-mail already taken, in any case, with 409', async () => {
    const existing = await loginAs(t, 'User');
    const res = await register({
      email: existing.user.email.toUpperCase(),
      name: 'Someone Else',
      password: 'secret-22',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: messages.emailTaken });
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
    ];
    for (const [payload, message] of cases) {
      const res = await register(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual({ message, errors: [message] });
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
});
