import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { buildTestApp, login, type LoggedIn, loginAs, type TestApp, testJwtSecret } from '../../helpers/index.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/profile/change_password', () => {
  let t: TestApp;

  const change = (payload: object, headers: { authorization: string }) =>
    t.app.inject({ method: 'POST', url: '/api/profile/change_password', payload, headers });
  const whoAmI = (headers: { authorization: string }) => t.app.inject({ url: '/api/users', headers });

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('stores the new password and answers a fresh token; every older token of the user stops working', async () => {
    const admin = await loginAs(t, 'Admin');
    const otherSession = await login(t.app, {
      email: admin.user.email,
      password: admin.user.password!,
      adminPortal: true,
    });
    const otherToken: string = otherSession.json().body.token;
    const bystander = await loginAs(t, 'Admin');

    const res = await change({ oldPassword: admin.user.password, newPassword: 'a-new-secret' }, admin.headers);

    expect(res.statusCode).toBe(200);
    const { message, body } = res.json();
    expect(message).toBe(messages.passwordChanged);
    expect(body).toEqual({ token: expect.any(String) });

    // This session goes on with the fresh token, of the same audience (the portal's).
    expect((await whoAmI(bearer(body.token))).statusCode).toBe(200);
    const { payload } = await jwtVerify(body.token, new TextEncoder().encode(testJwtSecret), {
      audience: 'strideadmin:admin',
    });
    expect(payload.sub).toBe(String(admin.user.id));

    // Its old token and another session's token are revoked.
    for (const token of [admin.token, otherToken]) {
      const old = await whoAmI(bearer(token));
      expect(old.statusCode).toBe(401);
      expect(old.json()).toEqual({ message: messages.unauthorized });
    }
    // Nobody else is signed out.
    expect((await whoAmI(bystander.headers)).statusCode).toBe(200);

    // Sign-in: the new password works, the old one no longer does.
    const withOld = await login(t.app, { email: admin.user.email, password: admin.user.password!, adminPortal: true });
    expect(withOld.statusCode).toBe(400);
    const withNew = await login(t.app, { email: admin.user.email, password: 'a-new-secret', adminPortal: true });
    expect(withNew.statusCode).toBe(200);
  });

  it('refuses a wrong old password with its message, and changes nothing', async () => {
    const admin = await loginAs(t, 'Admin');

    const res = await change({ oldPassword: 'not-my-password', newPassword: 'a-new-secret' }, admin.headers);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.oldPasswordWrong });
    expect((await whoAmI(admin.headers)).statusCode).toBe(200);
    const again = await login(t.app, { email: admin.user.email, password: admin.user.password!, adminPortal: true });
    expect(again.statusCode).toBe(200);
  });

  it('refuses the old password a second time: it changed with the first call', async () => {
    const admin = await loginAs(t, 'Admin');
    const first = await change({ oldPassword: admin.user.password, newPassword: 'second-secret' }, admin.headers);
    const fresh = bearer(first.json().body.token);

    const res = await change({ oldPassword: admin.user.password, newPassword: 'third-secret' }, fresh);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.oldPasswordWrong });
  });

  describe('validation, with the contract messages', () => {
    let admin: LoggedIn;
    beforeAll(async () => {
      admin = await loginAs(t, 'Admin');
    });

    const cases: Array<[string, object, string]> = [
      ['old password missing', { newPassword: 'a-new-secret' }, messages.oldPasswordRequired],
      ['old password empty', { oldPassword: '', newPassword: 'a-new-secret' }, messages.oldPasswordRequired],
      ['new password missing', { oldPassword: 'whatever' }, messages.newPasswordRequired],
      ['new password empty', { oldPassword: 'whatever', newPassword: '' }, messages.newPasswordRequired],
      ['new password too short', { oldPassword: 'whatever', newPassword: 'abc' }, messages.passwordMin],
    ];

    it.each(cases)('%s', async (_label, payload, message) => {
      const res = await change(payload, admin.headers);

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, errors: [message] });
    });
  });

  it('is for administrators only: 401 without a token, 403 for an app user', async () => {
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/profile/change_password',
      payload: { oldPassword: 'whatever', newPassword: 'a-new-secret' },
    });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toEqual({ message: messages.unauthorized });

    const walker = await loginAs(t, 'User');
    const asWalker = await change({ oldPassword: walker.user.password, newPassword: 'a-new-secret' }, walker.headers);
    expect(asWalker.statusCode).toBe(403);
    expect(asWalker.json()).toEqual({ message: messages.forbidden });
    const stillOld = await login(t.app, { email: walker.user.email, password: walker.user.password! });
    expect(stillOld.statusCode).toBe(200);
  });
});
