import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import {
  buildTestApp,
  linkTo,
  type LoggedIn,
  loginAs,
  mailsTo,
  type TestApp,
  testClock,
  tokenOf,
} from '../../helpers/index.js';

const day = 24 * 60 * 60 * 1000;

describe('POST /api/auth/verifyToken', () => {
  let t: TestApp;
  let admin: LoggedIn;
  const clock = testClock(new Date('2030-03-01T08:00:00Z'));
  let sequence = 0;

  const verify = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/verifyToken', payload });
  const detail = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: admin.headers })).json<{
      body: { emailVerified: boolean };
    }>().body;

  /** A user added by the admin, and the verify token of their invitation. */
  async function invited(): Promise<{ id: number; token: string }> {
    const email = `invited${++sequence}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { name: 'Invited Walker', email, role: 'User' },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo(t.app, t.config, email);
    return { id: res.json<{ body: { id: number } }>().body.id, token: tokenOf(linkTo(mail!, '/verify-account')) };
  }

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('marks the account verified, once', async () => {
    const user = await invited();
    expect((await detail(user.id)).emailVerified).toBe(false);

    const res = await verify({ temp_code: user.token });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.accountVerified });
    expect((await detail(user.id)).emailVerified).toBe(true);
    const again = await verify({ temp_code: user.token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: messages.accountLinkInvalid });
  });

  it('works for 7 days, not after', async () => {
    const early = await invited();
    const late = await invited();

    clock.advance(7 * day - 60_000);
    expect((await verify({ temp_code: early.token })).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    const res = await verify({ temp_code: late.token });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.accountLinkInvalid });
    // A week on, the administrator's portal session has long ended (idle): they sign in again.
    admin = await loginAs(t, 'Admin');
    expect((await detail(late.id)).emailVerified).toBe(false);
  });

  it('refuses an unknown token and a missing one', async () => {
    const unknown = await verify({ temp_code: 'made-up-token' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: messages.accountLinkInvalid });

    const missing = await verify({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: messages.accountLinkInvalid });
  });
});
