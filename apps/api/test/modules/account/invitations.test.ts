import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@strideadmin/contract';
import {
  buildTestApp,
  linkTo,
  login,
  type LoggedIn,
  loginAs,
  mailsTo,
  type TestApp,
  testClock,
  tokenOf,
} from '../../helpers/index.js';

const publicUrl = 'https://admin.walk.example';
const day = 24 * 60 * 60 * 1000;

describe('e-mails of the users module', () => {
  let t: TestApp;
  let admin: LoggedIn;
  const clock = testClock(new Date('2030-06-01T12:00:00Z'));

  const addUser = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/users', headers: admin.headers, payload });

  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: publicUrl }, now: clock.now });
  });
  // Tests move the clock by days, past the end of an idle portal session: each signs in afresh.
  beforeEach(async () => {
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  describe('POST /api/users', () => {
    it('invites the new user with a verify link and a set-password link (valid 7 days)', async () => {
      const res = await addUser({ name: 'Nina New', email: 'Nina.New@Example.com', role: 'Admin' });
      expect(res.statusCode).toBe(200);

      const mails = await mailsTo(t.app, t.config, 'nina.new@example.com');
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.text).toContain('An administrator created an account for you');
      expect(mail.text).toContain('StrideAdmin, the administrator portal of the walking app');
      expect(mail.html).toContain('Hello Nina New,');
      const verifyLink = linkTo(mail, '/verify-account');
      const setPasswordLink = linkTo(mail, '/reset-password');
      expect(verifyLink.startsWith(`${publicUrl}/verify-account?token=`)).toBe(true);
      expect(setPasswordLink.startsWith(`${publicUrl}/reset-password?token=`)).toBe(true);

      // Days later (past a forgot-password link's hour), the set-password link still works.
      clock.advance(6 * day);
      const set = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset_password',
        payload: { password: 'nina-chose-this', temp_code: tokenOf(setPasswordLink) },
      });
      expect(set.statusCode).toBe(200);
      const signIn = await login(t.app, {
        email: 'nina.new@example.com',
        password: 'nina-chose-this',
        adminPortal: true,
      });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json<{ body: { user: { emailVerified: boolean } } }>().body.user.emailVerified).toBe(true);
    });

    it('sends nothing when the user is not created', async () => {
      const first = await addUser({ name: 'Twin', email: 'twin@example.com', role: 'User' });
      expect(first.statusCode).toBe(200);

      const dup = await addUser({ name: 'Twin', email: 'twin@example.com', role: 'User' });

      expect(dup.statusCode).toBe(409);
      expect(await mailsTo(t.app, t.config, 'twin@example.com')).toHaveLength(1);
    });
  });

  describe('PUT /api/users/updatepassword', () => {
    it('tells the user an administrator reset their password, without the password', async () => {
      const walker = await loginAs(t, 'User');

      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/users/updatepassword',
        headers: admin.headers,
        payload: { updateId: walker.user.id, password: 'secret-set-by-admin' },
      });

      expect(res.statusCode).toBe(200);
      const mails = await mailsTo(t.app, t.config, walker.user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toMatch(/password was changed/i);
      expect(mails[0]!.text).toContain('An administrator has reset the password');
      expect(`${mails[0]!.text} ${String(mails[0]!.html)}`).not.toContain('secret-set-by-admin');
    });
  });

  describe('when e-mail cannot be sent', () => {
    it("logs the failure and still answers the admin's call", async () => {
      const broken = await buildTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
      try {
        const errors = vi.spyOn(broken.app.log, 'error');
        const boss = await loginAs(broken, 'Admin');

        const res = await broken.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: boss.headers,
          payload: { name: 'Unreachable', email: 'unreachable@example.com', role: 'User' },
        });

        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ message: messages.userCreated });
        await broken.app.background.idle();
        expect(errors).toHaveBeenCalledWith(
          expect.objectContaining({ task: 'invitation e-mail' }),
          'invitation e-mail failed',
        );
      } finally {
        await broken.close();
      }
    });
  });
});
