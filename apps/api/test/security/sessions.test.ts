import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type OkEnvelope, type SessionInfo } from '@strideadmin/contract';
import { sessions, users } from '../../src/db/schema.js';
import { passwordFingerprint } from '../../src/plugins/auth/index.js';
import {
  buildTestApp,
  type LoggedIn,
  login,
  loginAs,
  type TestApp,
  testClock,
  testJwtSecret,
} from '../helpers/index.js';

/**
 * Signing out ends the session on the server (ASVS 5.0 §7.4): the token is refused from then on,
 * whoever kept a copy. Portal sessions also end when unused for SESSION_IDLE_MINUTES; app sessions
 * only at the token's expiry.
 */

const minute = 60_000;
const adminCall = '/api/users?page=1&limit=1';
const appCall = '/api/app/notifications';

const sidOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

describe('signing out', () => {
  let t: TestApp;
  const get = (url: string, headers: LoggedIn['headers']) => t.app.inject({ url, headers });
  const post = (url: string, headers: LoggedIn['headers']) => t.app.inject({ method: 'POST', url, headers });

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it.each([
    ['a portal token', 'Admin', adminCall],
    ['an app token', 'User', appCall],
  ] as const)('ends %s: the copy someone kept is refused with 401 Unauthorized', async (_kind, role, call) => {
    const me = await loginAs(t, role);
    const copied = { ...me.headers };
    expect((await get(call, copied)).statusCode).toBe(200); // remembered by this server

    const out = await post('/api/auth/logout', me.headers);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ message: messages.signedOut });

    const res = await get(call, copied);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.unauthorized });
    // Signing out again with it is refused too; the account itself is not touched.
    expect((await post('/api/auth/logout', copied)).statusCode).toBe(401);
    const again = await login(t.app, {
      email: me.user.email,
      password: me.user.password!,
      adminPortal: role === 'Admin',
    });
    const token = again.json<OkEnvelope<{ token: string }>>().body.token;
    expect((await get(call, { authorization: `Bearer ${token}` })).statusCode).toBe(200);
  });

  it("ends only the caller's session: the same account signed in elsewhere stays signed in", async () => {
    const here = await loginAs(t, 'Admin');
    const res = await login(t.app, { email: here.user.email, password: here.user.password!, adminPortal: true });
    const elsewhere = { authorization: `Bearer ${res.json<OkEnvelope<{ token: string }>>().body.token}` };

    expect((await post('/api/auth/logout', here.headers)).statusCode).toBe(200);
    expect((await get(adminCall, here.headers)).statusCode).toBe(401);
    expect((await get(adminCall, elsewhere)).statusCode).toBe(200);
  });

  it("sign out everywhere ends every session of the caller's account, and nobody else's", async () => {
    const portal = await loginAs(t, 'Admin');
    const { email, password } = portal.user;
    const inApp = await login(t.app, { email, password: password! });
    const appHeaders = { authorization: `Bearer ${inApp.json<OkEnvelope<{ token: string }>>().body.token}` };
    const someoneElse = await loginAs(t, 'Admin');
    expect((await get(adminCall, portal.headers)).statusCode).toBe(200);
    expect((await get('/api/auth/session', appHeaders)).statusCode).toBe(200);

    const res = await post('/api/auth/logout-all', appHeaders);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.signedOutEverywhere, body: { ended: 2 } });

    expect((await get(adminCall, portal.headers)).statusCode).toBe(401);
    expect((await get('/api/auth/session', appHeaders)).statusCode).toBe(401);
    expect((await get(adminCall, someoneElse.headers)).statusCode).toBe(200);
  });

  it('shows the caller their session and their sessions still open', async () => {
    const first = await loginAs(t, 'Admin');
    const second = await login(t.app, {
      email: first.user.email,
      password: first.user.password!,
      adminPortal: true,
    });
    const secondHeaders = { authorization: `Bearer ${second.json<OkEnvelope<{ token: string }>>().body.token}` };

    const one = await t.app.inject({
      url: '/api/auth/session',
      headers: { ...first.headers, 'user-agent': 'Session Test Browser' },
    });
    expect(one.statusCode, one.body).toBe(200);
    const info = one.json<OkEnvelope<SessionInfo>>().body;
    expect(info).toMatchObject({ audience: 'admin', current: true, ip: '127.0.0.1' });
    expect(new Date(info.expiresAt).getTime() - new Date(info.createdAt).getTime()).toBe(12 * 60 * minute);
    expect(new Date(info.idleExpiresAt!).getTime() - new Date(info.lastSeenAt).getTime()).toBe(30 * minute);

    await post('/api/auth/logout', secondHeaders);
    const list = await get('/api/auth/sessions', first.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json<OkEnvelope<SessionInfo[]>>().body.map((s) => s.current)).toEqual([true]);
  });

  it("a password set by an administrator ends the user's sessions: only a new sign-in is listed open", async () => {
    const admin = await loginAs(t, 'Admin');
    const walker = await loginAs(t, 'User');
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/users/updatepassword',
      headers: admin.headers,
      payload: { updateId: walker.user.id, password: 'a-new-walker-passphrase' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await get(appCall, walker.headers)).statusCode).toBe(401);
    const open = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, walker.user.id));
    const again = await login(t.app, { email: walker.user.email, password: 'a-new-walker-passphrase' });
    const headers = { authorization: `Bearer ${again.json<OkEnvelope<{ token: string }>>().body.token}` };
    const list = await get('/api/auth/sessions', headers);
    expect(list.json<OkEnvelope<SessionInfo[]>>().body).toHaveLength(1);
    expect(open.length).toBeGreaterThan(0);
  });

  it('refuses a token of no session, or of a session not its own, though everything else checks', async () => {
    const admin = await loginAs(t, 'Admin');
    const other = await loginAs(t, 'Admin');
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, admin.user.id));
    const forge = (extra: object) =>
      new SignJWT({ pwf: passwordFingerprint(row!.hash), ...extra })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(admin.user.id))
        .setIssuer('strideadmin')
        .setAudience('strideadmin:admin')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(testJwtSecret));
    const withToken = async (token: string) => (await get(adminCall, { authorization: `Bearer ${token}` })).statusCode;

    expect(await withToken(await forge({ sid: sidOf(admin.token) }))).toBe(200); // the forge is sound
    expect(await withToken(await forge({}))).toBe(401); // what every token was before sessions
    expect(await withToken(await forge({ sid: 'bm8tc3VjaC1zZXNzaW9uLWF0LWFsbA' }))).toBe(401);
    expect(await withToken(await forge({ sid: sidOf(other.token) }))).toBe(401);
  });

  it('lists the new calls in the API reference', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, object> }>();
    expect(Object.keys(doc.paths['/api/auth/logout'] ?? {})).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/auth/logout-all'] ?? {})).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/auth/session'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/auth/sessions'] ?? {})).toContain('get');
  });
});

describe('idle and expired sessions', () => {
  const clock = testClock(new Date('2026-11-21T10:00:00Z'));
  let t: TestApp;
  const get = (url: string, headers: LoggedIn['headers']) => t.app.inject({ url, headers });
  const lastSeen = async (token: string) =>
    (
      await t.db
        .select({ at: sessions.lastSeenAt })
        .from(sessions)
        .where(eq(sessions.id, sidOf(token)))
    )[0]!.at;

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
  });
  afterAll(() => t?.close());

  it('ends a portal session unused for SESSION_IDLE_MINUTES (30)', async () => {
    const admin = await loginAs(t, 'Admin');
    expect((await get(adminCall, admin.headers)).statusCode).toBe(200);
    clock.advance(30 * minute + 1_000);
    const res = await get(adminCall, admin.headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.unauthorized });
    // Idle is final: using it again does not bring it back.
    expect((await get(adminCall, admin.headers)).statusCode).toBe(401);
  });

  it('keeps a portal session in use alive: every request renews the idle window', async () => {
    const admin = await loginAs(t, 'Admin');
    for (let i = 0; i < 4; i++) {
      clock.advance(20 * minute);
      expect((await get('/api/auth/session', admin.headers)).statusCode).toBe(200);
    }
    clock.advance(29 * minute);
    expect((await get(adminCall, admin.headers)).statusCode).toBe(200);
  });

  it('lets an app session be unused for hours, up to the absolute expiry (JWT_TTL) and not past it', async () => {
    const walker = await loginAs(t, 'User');
    clock.advance(11 * 60 * minute);
    expect((await get(appCall, walker.headers)).statusCode).toBe(200);
    clock.advance(60 * minute);
    expect((await get(appCall, walker.headers)).statusCode).toBe(401);
  });

  it('writes last_seen_at at most once a minute, not on every request', async () => {
    const admin = await loginAs(t, 'Admin');
    const signedIn = await lastSeen(admin.token);
    clock.advance(10_000);
    expect((await get(adminCall, admin.headers)).statusCode).toBe(200);
    expect((await get(adminCall, admin.headers)).statusCode).toBe(200);
    expect(await lastSeen(admin.token)).toEqual(signedIn);

    clock.advance(51_000); // a minute and a second after signing in
    expect((await get(adminCall, admin.headers)).statusCode).toBe(200);
    const touched = await lastSeen(admin.token);
    expect(touched).toEqual(clock.now());

    clock.advance(30_000);
    expect((await get(adminCall, admin.headers)).statusCode).toBe(200);
    expect(await lastSeen(admin.token)).toEqual(touched);
  });
});
