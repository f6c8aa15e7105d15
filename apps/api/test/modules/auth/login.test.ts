import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { buildTestApp, createUser, login, type TestApp, testJwtSecret, type TestUser } from '../../helpers/index.js';

const key = new TextEncoder().encode(testJwtSecret);

describe('POST /api/auth/login', () => {
  let t: TestApp;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createUser(t.db, { role: 'Admin', email: 'boss@example.com', name: 'Boss' });
    member = await createUser(t.db, { role: 'User', email: 'walker@example.com' });
  });
  afterAll(() => t?.close());

  describe('an administrator on the portal', () => {
    it('gets the session user, without any password field, and a token for the portal', async () => {
      const res = await login(t.app, { email: admin.email, password: admin.password!, adminPortal: true });

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const { message, body } = res.json();
      expect(message).toBe(messages.loginSuccess);
      expect(body.user).toMatchObject({ id: admin.id, email: 'boss@example.com', name: 'Boss', roleName: 'Admin' });
      expect(body.user).not.toHaveProperty('passwordHash');
      expect(res.body).not.toMatch(/password_?hash|\$argon2/i);

      const { payload, protectedHeader } = await jwtVerify(body.token, key, {
        algorithms: ['HS256'],
        issuer: 'strideadmin',
        audience: 'strideadmin:admin',
      });
      expect(protectedHeader.alg).toBe('HS256');
      expect(payload.sub).toBe(String(admin.id));
      expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
    });

    it('may type the e-mail in any case, with spaces around it', async () => {
      const res = await login(t.app, { email: '  BOSS@Example.COM ', password: admin.password!, adminPortal: true });

      expect(res.statusCode).toBe(200);
      expect(res.json().body.user.id).toBe(admin.id);
    });
  });

  describe('wrong credentials', () => {
    it('answer a wrong password and an unknown e-mail alike, never with "Unauthorized"', async () => {
      const wrongPassword = await login(t.app, { email: admin.email, password: 'not-the-password', adminPortal: true });
      const unknownEmail = await login(t.app, {
        email: 'nobody@example.com',
        password: admin.password!,
        adminPortal: true,
      });

      for (const res of [wrongPassword, unknownEmail]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: messages.invalidCredentials });
        expect(res.body).not.toMatch(/unauthori[sz]ed/i);
        expect(res.headers['www-authenticate']).toBeUndefined();
      }
      expect(unknownEmail.body).toBe(wrongPassword.body);
    });

    it('refuse an account that has no password', async () => {
      const invited = await createUser(t.db, { role: 'Admin', password: null });
      const res = await login(t.app, { email: invited.email, password: 'anything', adminPortal: true });

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: messages.invalidCredentials });
    });
  });

  describe('a User-role account', () => {
    it('is refused on the portal with the spec message and no token', async () => {
      const res = await login(t.app, { email: member.email, password: member.password!, adminPortal: true });

      expect(res.statusCode).toBe(403);
      expect(messages.onlyAdmin).toBe('Only admin can login here.');
      expect(res.json()).toEqual({ message: messages.onlyAdmin });
      expect(res.body).not.toMatch(/token|eyJ/);
    });

    it('signs in from the app (no adminPortal) with an app token', async () => {
      for (const adminPortal of [undefined, false]) {
        const res = await login(t.app, { email: member.email, password: member.password!, adminPortal });

        expect(res.statusCode).toBe(200);
        const { body } = res.json();
        expect(body.user).toMatchObject({ id: member.id, roleName: 'User' });
        const { payload } = await jwtVerify(body.token, key, { issuer: 'strideadmin', audience: 'strideadmin:app' });
        expect(payload.sub).toBe(String(member.id));
      }
    });

    it('with a wrong password gets the generic answer, not the role answer', async () => {
      const res = await login(t.app, { email: member.email, password: 'wrong-password', adminPortal: true });

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: messages.invalidCredentials });
    });
  });

  describe('a deactivated account', () => {
    it('is refused, on the portal and in the app, without a token', async () => {
      const inactiveAdmin = await createUser(t.db, { role: 'Admin', isActive: false });
      const inactiveUser = await createUser(t.db, { role: 'User', isActive: false });

      const portal = await login(t.app, {
        email: inactiveAdmin.email,
        password: inactiveAdmin.password!,
        adminPortal: true,
      });
      const app = await login(t.app, { email: inactiveUser.email, password: inactiveUser.password! });

      for (const res of [portal, app]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: messages.accountInactive });
      }
    });
  });

  describe('validation', () => {
    const post = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

    it('requires the e-mail', async () => {
      const res = await post({ password: 'whatever' });

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: messages.emailRequired, errors: [messages.emailRequired] });
    });

    it('requires a valid e-mail', async () => {
      for (const email of ['not-an-email', 'walker@', '@example.com', 'walker example.com']) {
        const res = await post({ email, password: 'whatever' });

        expect(res.statusCode, email).toBe(400);
        expect(res.json(), email).toEqual({ message: messages.emailInvalid, errors: [messages.emailInvalid] });
      }
    });

    it('requires the password', async () => {
      for (const payload of [{ email: member.email }, { email: member.email, password: '' }]) {
        const res = await post(payload);

        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: messages.passwordRequired, errors: [messages.passwordRequired] });
      }
    });

    it('lists every problem when several fields are wrong', async () => {
      const res = await post({});

      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.message).toBe(messages.validationFailed);
      expect(body.errors).toEqual(expect.arrayContaining([messages.emailRequired, messages.passwordRequired]));
    });

    it('refuses wrong types', async () => {
      const res = await post({ email: member.email, password: member.password, adminPortal: 'yes' });

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), errors: [expect.any(String)] });
    });

    it('ignores fields it does not know, and echoes none of them', async () => {
      const res = await post({ email: member.email, password: member.password, role: 'Admin', isAdmin: true });

      expect(res.statusCode).toBe(200);
      expect(res.json().body.user.roleName).toBe('User');
      expect(res.body).not.toContain('isAdmin');
    });
  });
});

describe('POST /api/auth/login, failed attempts', () => {
  const perAccount = 3;
  const perClient = 3;
  const perIp = 6;
  const windowSeconds = 120;
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        LOGIN_MAX_FAILURES_PER_ACCOUNT: String(perAccount),
        LOGIN_MAX_FAILURES_PER_CLIENT: String(perClient),
        LOGIN_MAX_FAILURES_PER_IP: String(perIp),
        LOGIN_FAILURE_WINDOW_SECONDS: String(windowSeconds),
      },
    });
    admin = await createUser(t.db, { role: 'Admin' });
  });
  afterAll(() => t?.close());

  it('refuse a client after too many on one account, even for the right password, with retry-after', async () => {
    const ip = '192.0.2.10';
    for (let i = 0; i < perClient; i++) {
      const res = await login(t.app, { email: admin.email, password: `wrong-${i}`, adminPortal: true }, ip);
      expect(res.statusCode).toBe(400);
    }

    const locked = await login(
      t.app,
      { email: admin.email.toUpperCase(), password: admin.password!, adminPortal: true },
      ip,
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe(String(windowSeconds));
    expect(locked.json()).toEqual({ message: messages.tooManyRequests });

    // The refusal follows that client on that account: the owner signs in from another address.
    const elsewhere = await login(
      t.app,
      { email: admin.email, password: admin.password!, adminPortal: true },
      '192.0.2.11',
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('lock an unknown e-mail the same way (no account enumeration)', async () => {
    const ip = '192.0.2.20';
    for (let i = 0; i < perClient; i++) {
      expect((await login(t.app, { email: 'ghost@example.com', password: 'guess' }, ip)).statusCode).toBe(400);
    }
    const res = await login(t.app, { email: 'ghost@example.com', password: 'guess' }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: messages.tooManyRequests });
  });

  it('limit one address spraying many accounts, and only that address', async () => {
    const ip = '192.0.2.30';
    const other = await createUser(t.db, { role: 'User' });
    for (let i = 0; i < perIp; i++) {
      expect((await login(t.app, { email: `spray${i}@example.com`, password: 'guess' }, ip)).statusCode).toBe(400);
    }

    const blocked = await login(t.app, { email: other.email, password: other.password! }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe(String(windowSeconds));

    const fromElsewhere = await login(t.app, { email: other.email, password: other.password! }, '192.0.2.31');
    expect(fromElsewhere.statusCode).toBe(200);
  });

  it('forgive a client its failures on an account once it signs in there', async () => {
    const ip = '192.0.2.40';
    const user = await createUser(t.db, { role: 'User' });
    for (let i = 0; i < perClient - 1; i++) await login(t.app, { email: user.email, password: 'wrong' }, ip);
    expect((await login(t.app, { email: user.email, password: user.password! }, ip)).statusCode).toBe(200);

    // perClient - 1 more from the same address: without the reset the last would be refused. (The
    // account has now had more than perAccount failures, but this client signed in to it: it keeps
    // its own allowance.)
    for (let i = 0; i < perClient - 1; i++) {
      expect((await login(t.app, { email: user.email, password: 'wrong' }, ip)).statusCode).toBe(400);
    }
    expect((await login(t.app, { email: user.email, password: user.password! }, ip)).statusCode).toBe(200);
  });
});
