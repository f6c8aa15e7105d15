import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { roles, users } from '../../../src/db/schema.js';
import { hashPassword, passwordFingerprint } from '../../../src/plugins/auth/index.js';
import { buildTestApp, type LoggedIn, loginAs, type TestApp, testJwtSecret } from '../../helpers/index.js';

// The guards are tried on routes of the test's own. Further forgeries, on the real admin call and
// on the app guard's real calls: test/security/tokens.test.ts; every route's guard:
// test/security/authorization-matrix.test.ts.
const adminRoute = '/api/__test/admin';
const userRoute = '/api/__test/user';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

interface Forged {
  sub?: string;
  aud?: string;
  iss?: string;
  pwf?: string;
  sid?: string;
  exp?: number;
  iat?: number;
  secret?: string;
  alg?: 'HS256' | 'HS384' | 'HS512';
}

describe('the admin guard (requireAdmin)', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let member: LoggedIn;
  let adminPasswordHash: string;

  const get = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: adminRoute, headers: authorization === undefined ? {} : { authorization } });
  const withToken = (token: string) => get(`Bearer ${token}`);

  /** A token made outside the server: the real claims of `admin` unless told otherwise. */
  function forge(f: Forged = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const sid = (JSON.parse(Buffer.from(admin.token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
    return new SignJWT({ pwf: f.pwf ?? passwordFingerprint(adminPasswordHash), sid: f.sid ?? sid })
      .setProtectedHeader({ alg: f.alg ?? 'HS256', typ: 'JWT' })
      .setSubject(f.sub ?? String(admin.user.id))
      .setIssuer(f.iss ?? 'strideadmin')
      .setAudience(f.aud ?? 'strideadmin:admin')
      .setIssuedAt(f.iat ?? now)
      .setExpirationTime(f.exp ?? now + 600)
      .sign(new TextEncoder().encode(f.secret ?? testJwtSecret));
  }

  beforeAll(async () => {
    t = await buildTestApp({
      setup: (app) => {
        app.get(adminRoute, { onRequest: app.requireAdmin }, async (request) => ({
          body: { id: request.authUser?.id, roleName: request.authUser?.roleName },
        }));
        app.get(userRoute, { onRequest: app.requireUser }, async (request) => ({
          body: { id: request.authUser?.id, audience: request.authUser?.audience },
        }));
      },
    });
    admin = await loginAs(t, 'Admin');
    member = await loginAs(t, 'User');
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, admin.user.id));
    adminPasswordHash = row!.hash!;
  });
  afterAll(() => t?.close());

  it('lets an administrator with a portal token through', async () => {
    const res = await get(admin.headers.authorization);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: { id: admin.user.id, roleName: 'Admin' } });
  });

  it('accepts the scheme in any case', async () => {
    expect((await get(`bearer ${admin.token}`)).statusCode).toBe(200);
  });

  it('accepts a token it did not issue itself only when everything checks (the forge is sound)', async () => {
    expect((await withToken(await forge())).statusCode).toBe(200);
  });

  describe('answers 401 Unauthorized', () => {
    const expect401 = async (authorization: string | undefined) => {
      const res = await get(authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual({ message: messages.unauthorized });
    };

    it('without a token', async () => {
      await expect401(undefined);
      await expect401('');
      await expect401('Bearer');
      await expect401('Bearer ');
    });

    it('for another scheme', async () => {
      await expect401(`Basic ${Buffer.from('admin@example.com:secret').toString('base64')}`);
      await expect401(admin.token);
      await expect401(`Token ${admin.token}`);
    });

    it('for a malformed token', async () => {
      for (const token of [
        'garbage',
        'a.b.c',
        'a.b',
        `${admin.token}.x`,
        admin.token.split('.').slice(0, 2).join('.'),
      ]) {
        await expect401(`Bearer ${token}`);
      }
    });

    it('for a token whose signature was altered', async () => {
      const [header, payload, signature] = admin.token.split('.') as [string, string, string];
      const middle = Math.floor(signature.length / 2);
      const flipped = signature[middle] === 'A' ? 'B' : 'A';
      const altered = signature.slice(0, middle) + flipped + signature.slice(middle + 1);
      await expect401(`Bearer ${header}.${payload}.${altered}`);
      await expect401(`Bearer ${header}.${payload}.`);
    });

    it('for a token whose claims were altered (a User token made out to the admin)', async () => {
      const [header, , signature] = member.token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(member.token.split('.')[1]!, 'base64url').toString());
      const promoted = base64url({ ...claims, sub: String(admin.user.id), aud: 'strideadmin:admin' });
      await expect401(`Bearer ${header}.${promoted}.${signature}`);
    });

    it('for an expired token', async () => {
      const now = Math.floor(Date.now() / 1000);
      await expect401(`Bearer ${await forge({ iat: now - 7200, exp: now - 60 })}`);
    });

    it('for an unsigned token (alg: none)', async () => {
      const claims = JSON.parse(Buffer.from(admin.token.split('.')[1]!, 'base64url').toString());
      const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}`;
      await expect401(`Bearer ${unsigned}.`);
      await expect401(`Bearer ${unsigned}`);
      await expect401(`Bearer ${base64url({ alg: 'None', typ: 'JWT' })}.${base64url(claims)}.`);
    });

    it('for a token signed with another key, or another algorithm', async () => {
      await expect401(`Bearer ${await forge({ secret: 'another-secret-of-forty-eight-characters-0123456' })}`);
      await expect401(`Bearer ${await forge({ alg: 'HS512' })}`);
    });

    it('for a token of another issuer or audience, or without the password fingerprint', async () => {
      await expect401(`Bearer ${await forge({ iss: 'someone-else' })}`);
      await expect401(`Bearer ${await forge({ aud: 'someone-else' })}`);
      await expect401(`Bearer ${await forge({ pwf: 'stale-fingerprint' })}`);
    });

    it('for a well-signed token of a user that does not exist', async () => {
      await expect401(`Bearer ${await forge({ sub: '987654' })}`);
      await expect401(`Bearer ${await forge({ sub: '0' })}`);
      await expect401(`Bearer ${await forge({ sub: 'admin' })}`);
    });
  });

  describe('answers 403 Forbidden', () => {
    it('to a User with an app token', async () => {
      const res = await get(member.headers.authorization);

      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: messages.forbidden });
    });

    it('to an administrator with an app token (signed in without adminPortal)', async () => {
      const fromApp = await loginAs(t, 'Admin', { adminPortal: false });
      const res = await get(fromApp.headers.authorization);

      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: messages.forbidden });
    });
  });

  describe('reads the account on every request', () => {
    // Each case changes its own administrator, so the shared ones stay valid.
    let other: LoggedIn;
    beforeAll(async () => {
      other = await loginAs(t, 'Admin');
    });

    it('revokes the token when the password changes', async () => {
      const victim = await loginAs(t, 'Admin');
      expect((await get(victim.headers.authorization)).statusCode).toBe(200);

      await t.db
        .update(users)
        .set({ passwordHash: await hashPassword('a-brand-new-password') })
        .where(eq(users.id, victim.user.id));
      // Written around the API (as another process would): honoured once its NOTIFY is heard.
      await t.app.authSettled();

      const res = await get(victim.headers.authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: messages.unauthorized });
      expect((await get(other.headers.authorization)).statusCode).toBe(200);
    });

    it('refuses the token once the account is deactivated', async () => {
      const victim = await loginAs(t, 'Admin');
      await t.db.update(users).set({ isActive: false }).where(eq(users.id, victim.user.id));
      await t.app.authSettled();

      const res = await get(victim.headers.authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: messages.unauthorized });
    });

    it('refuses the token once the account is deleted', async () => {
      const victim = await loginAs(t, 'Admin');
      await t.db.delete(users).where(eq(users.id, victim.user.id));
      await t.app.authSettled();

      expect((await get(victim.headers.authorization)).statusCode).toBe(401);
    });

    it('forbids a former administrator whose role became User', async () => {
      const victim = await loginAs(t, 'Admin');
      const [userRole] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'User'));
      await t.db.update(users).set({ roleId: userRole!.id }).where(eq(users.id, victim.user.id));
      await t.app.authSettled();

      const res = await get(victim.headers.authorization);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: messages.forbidden });
    });
  });

  describe('requireUser', () => {
    const getAsUser = (headers: { authorization?: string } = {}) =>
      t.app.inject({ method: 'GET', url: userRoute, headers });

    it('lets any active user through, app token or portal token', async () => {
      const asMember = await getAsUser(member.headers);
      expect(asMember.statusCode).toBe(200);
      expect(asMember.json()).toEqual({ body: { id: member.user.id, audience: 'app' } });

      const asAdmin = await getAsUser(admin.headers);
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.json()).toEqual({ body: { id: admin.user.id, audience: 'admin' } });
    });

    it('answers 401 without a valid token', async () => {
      for (const headers of [{}, { authorization: `Bearer ${member.token}x` }]) {
        const res = await getAsUser(headers);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: messages.unauthorized });
      }
    });
  });
});
