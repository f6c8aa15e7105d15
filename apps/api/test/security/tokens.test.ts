import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type RoleName } from '@strideadmin/contract';
import { roles, users } from '../../src/db/schema.js';
import { hashPassword, passwordFingerprint } from '../../src/plugins/auth/index.js';
import {
  buildTestApp,
  createUser,
  linkTo,
  type LoggedIn,
  loginAs,
  mailsTo,
  type TestApp,
  testJwtSecret,
  tokenOf,
} from '../helpers/index.js';

/**
 * Access tokens (ASVS 5.0 §9.1–9.2 self-contained tokens, §7.4 session termination), tried on a real
 * admin call and a real app call. What apps/api/test/plugins/auth/guard.test.ts already proves on
 * the admin guard (alg none, another key, HS512, expired, another issuer or audience, stale password
 * fingerprint, unknown or non-numeric sub, altered signature or claims, revocation written directly
 * into the database) is tried here on the app call only.
 */

type Kind = 'admin' | 'app';
const both: Kind[] = ['admin', 'app'];
const appOnly: Kind[] = ['app'];

const calls: Record<Kind, string> = { admin: '/api/users?page=1&limit=1', app: '/api/app/notifications' };
const audiences: Record<Kind, string> = { admin: 'strideadmin:admin', app: 'strideadmin:app' };

type Claims = Record<string, unknown>;
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWS made by hand: any header, any claims, an HMAC of `secret` (the server's unless told). */
function hmacToken(header: object, claims: Claims, secret = testJwtSecret, hash = 'sha256'): string {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac(hash, secret).update(input).digest('base64url')}`;
}

const without = (claims: Claims, name: string): Claims => {
  const { [name]: _dropped, ...rest } = claims;
  return rest;
};

interface Forgery {
  name: string;
  kinds: Kind[];
  /** One or more tokens, from the real claims of the caller of that kind. */
  tokens: (claims: Claims, kind: Kind) => Promise<string[]> | string[];
}

describe('access tokens, on an admin call and on an app call', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let walker: LoggedIn;
  let otherWalkerId: number;
  let claimsOf: Record<Kind, () => Promise<Claims>>;

  const get = (kind: Kind, authorization: string) =>
    t.app.inject({ method: 'GET', url: calls[kind], headers: { authorization } });

  async function expectRefused(kind: Kind, token: string, status: 401 | 403 = 401) {
    const res = await get(kind, `Bearer ${token}`);
    expect(res.statusCode, `${kind} call with ${token}`).toBe(status);
    expect(res.json()).toEqual({ message: status === 401 ? messages.unauthorized : messages.forbidden });
  }

  /** The claims the server puts in a token of `who`, made fresh (valid for ten minutes). */
  async function claimsFor(who: LoggedIn, kind: Kind): Promise<Claims> {
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, who.user.id));
    const now = Math.floor(Date.now() / 1000);
    return {
      pwf: passwordFingerprint(row!.hash),
      sub: String(who.user.id),
      iss: 'strideadmin',
      aud: audiences[kind],
      iat: now,
      exp: now + 600,
      // The session `who` signed in with (a token names a live session, or is refused).
      sid: (JSON.parse(Buffer.from(who.token.split('.')[1]!, 'base64url').toString()) as Claims).sid,
    };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    walker = await loginAs(t, 'User');
    otherWalkerId = (await createUser(t.db)).id;
    claimsOf = { admin: () => claimsFor(admin, 'admin'), app: () => claimsFor(walker, 'app') };
  });
  afterAll(() => t?.close());

  it.each(both)(
    '%s call: a token made outside the server is honoured when everything checks (the forge is sound)',
    async (kind) => {
      const res = await get(kind, `Bearer ${hmacToken({ alg: 'HS256', typ: 'JWT' }, await claimsOf[kind]())}`);
      expect(res.statusCode, res.body).toBe(200);
    },
  );

  const forgeries: Forgery[] = [
    // Algorithms: HS256 only (the verifier's allow-list).
    {
      name: 'HS384 (the right secret, another hash)',
      kinds: both,
      tokens: (c) => [hmacToken({ alg: 'HS384', typ: 'JWT' }, c, testJwtSecret, 'sha384')],
    },
    {
      name: 'HS512',
      kinds: appOnly,
      tokens: (c) => [hmacToken({ alg: 'HS512', typ: 'JWT' }, c, testJwtSecret, 'sha512')],
    },
    {
      name: 'RS256 in the header over an HMAC of the secret (algorithm confusion)',
      kinds: both,
      tokens: (c) => [hmacToken({ alg: 'RS256', typ: 'JWT' }, c)],
    },
    {
      // Key injection (CVE-2018-0114 style): the verifier must not take a key from the token.
      name: 'ES256 signed with a key of its own, its public key embedded in the header (jwk)',
      kinds: both,
      tokens: async (c) => {
        const { publicKey, privateKey } = await generateKeyPair('ES256');
        return [
          await new SignJWT(c)
            .setProtectedHeader({ alg: 'ES256', typ: 'JWT', jwk: await exportJWK(publicKey) })
            .sign(privateKey),
        ];
      },
    },
    {
      name: 'unsigned (alg: none)',
      kinds: appOnly,
      tokens: (c) => {
        const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(c)}`;
        return [`${unsigned}.`, unsigned, `${b64({ alg: 'None', typ: 'JWT' })}.${b64(c)}.`];
      },
    },
    {
      name: 'signed with another key',
      kinds: appOnly,
      tokens: (c) => [hmacToken({ alg: 'HS256', typ: 'JWT' }, c, 'another-secret-of-forty-eight-characters-0123456')],
    },
    // Time.
    {
      name: 'expired (exp in the past)',
      kinds: appOnly,
      tokens: (c) => [hmacToken({ alg: 'HS256' }, { ...c, iat: Number(c.iat) - 7200, exp: Number(c.iat) - 60 })],
    },
    {
      name: 'not valid yet (nbf in the future)',
      kinds: both,
      tokens: (c) => [hmacToken({ alg: 'HS256' }, { ...c, nbf: Number(c.iat) + 3600 })],
    },
    {
      name: 'exp that is not a number',
      kinds: both,
      tokens: (c) => [hmacToken({ alg: 'HS256' }, { ...c, exp: String(c.exp) })],
    },
    // Claims.
    {
      name: 'a claim missing (sub, exp, iat, iss, aud, the password fingerprint or the session id)',
      kinds: both,
      tokens: (c) =>
        ['sub', 'exp', 'iat', 'iss', 'aud', 'pwf', 'sid'].map((name) => hmacToken({ alg: 'HS256' }, without(c, name))),
    },
    {
      name: 'a sub that is not a positive integer',
      kinds: both,
      tokens: (c) =>
        ['', '-1', '1.5', 'NaN', '9007199254740993', 'admin'].map((sub) => hmacToken({ alg: 'HS256' }, { ...c, sub })),
    },
    {
      name: 'a sub of no account (or 0)',
      kinds: appOnly,
      tokens: (c) => ['987654', '0'].map((sub) => hmacToken({ alg: 'HS256' }, { ...c, sub })),
    },
    {
      name: 'another issuer, or an audience that is not ours',
      kinds: appOnly,
      tokens: (c) => [
        hmacToken({ alg: 'HS256' }, { ...c, iss: 'someone-else' }),
        hmacToken({ alg: 'HS256' }, { ...c, aud: 'someone-else' }),
        hmacToken({ alg: 'HS256' }, { ...c, aud: ['someone-else'] }),
      ],
    },
    {
      name: 'a stale password fingerprint',
      kinds: appOnly,
      tokens: (c) => [hmacToken({ alg: 'HS256' }, { ...c, pwf: 'stale-fingerprint' })],
    },
    {
      // Only the key holder can sign these, but no token this server makes looks like them.
      name: 'issued in the future, or living longer than the server lets its tokens live (JWT_TTL)',
      kinds: both,
      tokens: (c) => [
        hmacToken({ alg: 'HS256' }, { ...c, iat: (c.iat as number) + 3600, exp: (c.exp as number) + 3600 }),
        hmacToken(
          { alg: 'HS256' },
          { ...c, iat: (c.iat as number) - 13 * 3600, exp: (c.exp as number) + 10 * 365 * 86400 },
        ),
      ],
    },
    // Tampering with a token the server issued.
    {
      name: "the server's token with its signature altered, or cut off",
      kinds: appOnly,
      tokens: () => {
        const [header, payload, signature] = walker.token.split('.') as [string, string, string];
        const middle = Math.floor(signature.length / 2);
        const flipped =
          signature.slice(0, middle) + (signature[middle] === 'A' ? 'B' : 'A') + signature.slice(middle + 1);
        return [`${header}.${payload}.${flipped}`, `${header}.${payload}.`, `${header}.${payload}`];
      },
    },
    {
      name: "the server's token with its claims altered, signature kept (made out to another app user)",
      kinds: appOnly,
      tokens: () => {
        const [header, payload, signature] = walker.token.split('.') as [string, string, string];
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Claims;
        return [`${header}.${b64({ ...claims, sub: String(otherWalkerId) })}.${signature}`];
      },
    },
  ];

  describe.each(both)('a forged or broken token on the %s call is refused with 401 Unauthorized', (kind) => {
    const cases = forgeries.filter((f) => f.kinds.includes(kind));
    it.each(cases.map((f) => [f.name, f] as const))('%s', async (_name, forgery) => {
      const tokens = await forgery.tokens(await claimsOf[kind](), kind);
      for (const token of tokens) await expectRefused(kind, token);
      // The caller's own token still works: only the forgery was refused.
      expect((await get(kind, (kind === 'admin' ? admin : walker).headers.authorization)).statusCode).toBe(200);
    });
  });

  describe('revocation: a token stops working once its account changes', () => {
    type Change = 'password' | 'deactivation' | 'role' | 'deletion';
    const changes: Change[] = ['password', 'deactivation', 'role', 'deletion'];
    const roleOf: Record<Kind, RoleName> = { admin: 'Admin', app: 'User' };
    const otherRole: Record<Kind, RoleName> = { admin: 'User', app: 'Admin' };
    /** A role change is a 403 (the account is fine, it is not of that kind any more); anything else a 401. */
    // A role changed through the API ends the account's sessions (401); written straight into the
    // database, the session stands and the guard, reading the new role, refuses the call (403).
    const refusal = (change: Change, how: 'through the API' | 'written directly') =>
      change === 'role' && how === 'written directly' ? 403 : 401;

    const asAdmin = async (method: 'PUT' | 'DELETE', url: string, payload?: object) => {
      const res = await t.app.inject({ method, url, payload, headers: admin.headers });
      expect(res.statusCode, res.body).toBe(200);
    };
    const profile = (victim: LoggedIn, kind: Kind, change: { isActive?: boolean; role?: RoleName }) => ({
      updateId: victim.user.id,
      name: 'Leaving Person',
      dob: null,
      height: 170,
      weight: 60,
      gender: null,
      totalCoins: 0,
      dailyFSGoal: 8000,
      isActive: true,
      isTracking: false,
      role: roleOf[kind],
      ...change,
    });

    /** Through the API, by an administrator in the portal: the very next request must see it (no settling). */
    const throughApi: Record<Change, (victim: LoggedIn, kind: Kind) => Promise<void>> = {
      password: (victim) =>
        asAdmin('PUT', '/api/users/updatepassword', { updateId: victim.user.id, password: 'changed-by-admin' }),
      deactivation: (victim, kind) => asAdmin('PUT', '/api/users', profile(victim, kind, { isActive: false })),
      role: (victim, kind) => asAdmin('PUT', '/api/users', profile(victim, kind, { role: otherRole[kind] })),
      deletion: (victim) => asAdmin('DELETE', `/api/users/${victim.user.id}`),
    };

    /** Written straight into the database (another server, a script): honoured once its NOTIFY is heard. */
    const directly: Record<Change, (victim: LoggedIn, kind: Kind) => Promise<unknown>> = {
      password: async (victim) =>
        t.db
          .update(users)
          .set({ passwordHash: await hashPassword('changed-in-the-database') })
          .where(eq(users.id, victim.user.id)),
      deactivation: (victim) => t.db.update(users).set({ isActive: false }).where(eq(users.id, victim.user.id)),
      role: async (victim, kind) => {
        const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, otherRole[kind]));
        return t.db.update(users).set({ roleId: role!.id }).where(eq(users.id, victim.user.id));
      },
      deletion: (victim) => t.db.delete(users).where(eq(users.id, victim.user.id)),
    };

    const cases = [
      ...both.flatMap((kind) => changes.map((change) => [kind, change, 'through the API'] as const)),
      // The admin guard's cases of this kind are in plugins/auth/guard.test.ts.
      ...changes.map((change) => ['app', change, 'written directly'] as const),
    ];

    it.each(cases)('%s token, %s %s', async (kind, change, how) => {
      const victim = await loginAs(t, roleOf[kind]);
      // Checked once, so this server remembers the account (the cache the change must clear).
      expect((await get(kind, victim.headers.authorization)).statusCode).toBe(200);

      if (how === 'through the API') {
        await throughApi[change](victim, kind);
      } else {
        await directly[change](victim, kind);
        await t.app.authSettled();
      }

      await expectRefused(kind, victim.token, refusal(change, how));
      // Nobody else is signed out.
      expect((await get(kind, (kind === 'admin' ? admin : walker).headers.authorization)).statusCode).toBe(200);
    });

    it('app token, password reset by its owner through forgot password (the e-mail link)', async () => {
      const victim = await loginAs(t, 'User');
      expect((await get('app', victim.headers.authorization)).statusCode).toBe(200);

      const forgot = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot_password',
        payload: { email: victim.user.email },
      });
      expect(forgot.statusCode).toBe(200);
      const [mail] = await mailsTo(t.app, t.config, victim.user.email);
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset_password',
        payload: { temp_code: tokenOf(linkTo(mail!, '/reset-password')), password: 'a-fresh-password' },
      });
      expect(reset.statusCode, reset.body).toBe(200);

      await expectRefused('app', victim.token);
    });
  });
});
