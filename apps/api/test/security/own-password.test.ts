// One's own password changes only with the current one: a stolen token (12 h of access) must not
// become the account. PUT /users/updatepassword refuses the caller's own id, and the call that
// asks for the current password (POST /profile/change_password) limits wrong guesses of it.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { buildTestApp, login, type LoggedIn, loginAs, mailsTo, type TestApp } from '../helpers/index.js';

const statuses = (answers: LightMyRequestResponse[]) =>
  answers.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});

describe("one's own password", () => {
  let t: TestApp;

  beforeAll(async () => {
    // CHANGE_PASSWORD_MAX_FAILURES: the default, 5; the window: LOGIN_FAILURE_WINDOW_SECONDS, 900.
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const change = (who: LoggedIn, oldPassword: string, newPassword = 'taken-over-password') =>
    t.app.inject({
      method: 'POST',
      url: '/api/profile/change_password',
      payload: { oldPassword, newPassword },
      headers: who.headers,
    });
  const signsIn = async (who: LoggedIn, password: string) =>
    (await login(t.app, { email: who.user.email, password, adminPortal: true })).statusCode === 200;

  it('cannot be set through PUT /users/updatepassword: a stolen token does not become the account', async () => {
    const victim = await loginAs(t, 'Admin');

    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/updatepassword',
      payload: { updateId: victim.user.id, password: 'taken-over-password' },
      headers: victim.headers,
    });

    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: messages.ownPasswordUseProfile });
    expect(await signsIn(victim, 'taken-over-password')).toBe(false);
    expect(await signsIn(victim, victim.user.password!)).toBe(true);
    // Nothing happened: the token still works, and no "password changed" e-mail went out.
    expect((await t.app.inject({ url: '/api/users', headers: victim.headers })).statusCode).toBe(200);
    expect(await mailsTo(t.app, t.config, victim.user.email)).toEqual([]);
  });

  it('refuses change password after 5 wrong old passwords, even with the right one (429, Retry-After)', async () => {
    const victim = await loginAs(t, 'Admin');
    for (let i = 0; i < 5; i++) {
      const res = await change(victim, `guess-${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: messages.oldPasswordWrong });
    }

    const res = await change(victim, victim.user.password!);

    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('900');
    expect(res.json()).toEqual({ message: messages.tooManyRequests });
    expect(await signsIn(victim, victim.user.password!)).toBe(true);
    // Per account: another administrator changes their own password as usual.
    const other = await loginAs(t, 'Admin');
    expect((await change(other, other.user.password!, 'my-own-new-password')).statusCode).toBe(200);
  });

  it('checks exactly 5 old passwords when 15 arrive at once', async () => {
    const victim = await loginAs(t, 'Admin');

    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => change(victim, `guess-${i}`)));

    expect(statuses(answers)).toEqual({ 400: 5, 429: 10 });
  });
});
