import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, messages, permissionActions, portalRoles, type PortalRole } from '@strideadmin/contract';
import type { RouteGuard, RouteRecord } from '../../src/plugins/route-recorder.js';
import { users } from '../../src/db/schema.js';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../helpers/index.js';
import { routeKey as key, routeRequests, urlOf as filledUrl, type Who } from './route-requests.js';

/**
 * The calls anyone may make without a token. A route that is not here and has no guard fails this
 * file: adding one is a decision, made here.
 */
const publicRoutes = [
  // Signing in, signing up, and the links of account e-mails (docs/behaviour.md §7).
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/auth/forgot_password',
  'POST /api/auth/reset_password',
  'POST /api/auth/verifyToken',
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  // The empty CSV file of the bulk import: no data.
  'GET /api/giftcard/csv-template',
  // Stored images (embedded storage): served to anyone; a PUT is let in by its signed URL only.
  'OPTIONS /uploads/:folder/:key',
  'PUT /uploads/:folder/:key',
  'GET /uploads/:folder/:key',
  // The API reference (@fastify/swagger-ui).
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
];

/**
 * The calls any signed-in account may make, app user or portal account (requireUser): the caller's
 * own sessions. Otherwise the app's calls (/api/app/*) take an app user's token, every other
 * guarded call a portal token of a role that has the route's permission (requirePermission: the
 * contract's permission table decides who, docs/behaviour.md §13).
 */
const anyUserRoutes: string[] = [
  'POST /api/auth/logout',
  'POST /api/auth/logout-all',
  'GET /api/auth/session',
  'GET /api/auth/sessions',
];

/** Calls that end the caller's sessions: tried by accounts of their own, so the shared ones stay signed in. */
const endsSessions = ['POST /api/auth/logout', 'POST /api/auth/logout-all'];

/** The built portal's files, each a public GET route of @fastify/static (index.html is served by the 404 fallback too). */
const portalFiles = ['index.html', 'favicon.svg', 'assets/index-3f2a9c.js'];

interface Refusal {
  who: string;
  caller: () => Who;
  status: 401 | 403;
}

/** The routes of Fastify's own router (app.printRoutes), as `METHOD /url`, HEAD twins of GET routes left out. */
function routerRoutes(tree: string): Set<string> {
  const found = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const url = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = url;
    stack.length = depth + 1;
    const methods = m[3]?.split(', ') ?? [];
    for (const method of methods) if (method !== 'HEAD' || !methods.includes('GET')) found.add(`${method} ${url}`);
  }
  return found;
}

describe('the authorisation matrix: every route of the server (app.routeTable) and who may call it', () => {
  let t: TestApp;
  let webDir: string;
  let table: readonly RouteRecord[];
  let admin: LoggedIn;
  /** A signed-in portal account of each portal role (admin is the Admin one). */
  let staff: Record<PortalRole, LoggedIn>;
  let walker: LoggedIn;
  let adminInApp: LoggedIn;
  /** The app user's own account with a portal-audience token, which login never gives a User: only the role stops it. */
  let walkerWithPortalToken: Who;
  /** Real rows, so that a refused call that went through would show in the database. */
  let ids: Record<string, number>;
  /** Valid bodies: only who is calling may stop these calls. */
  let payloads: Record<string, (who: Who) => object>;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-matrix-web-'));
    for (const file of portalFiles) {
      await mkdir(path.dirname(path.join(webDir, file)), { recursive: true });
      await writeFile(path.join(webDir, file), file.endsWith('.html') ? '<!doctype html><title>x</title>' : '/**/');
    }
    t = await buildTestApp({ env: { WEB_DIST_DIR: webDir } });
    table = t.app.routeTable;

    admin = await loginAs(t, 'Admin');
    staff = { Admin: admin, Support: await loginAs(t, 'Support'), Content: await loginAs(t, 'Content') };
    walker = await loginAs(t, 'User', { user: { isTracking: true, totalCoins: 1000 } });
    adminInApp = await loginAs(t, 'Admin', { adminPortal: false, user: { isTracking: true } });
    const [walkerRow] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, walker.user.id));
    const { token: portalToken } = await t.app.sessions.issue({
      userId: walker.user.id,
      audience: 'admin',
      passwordHash: walkerRow!.hash,
    });
    walkerWithPortalToken = { headers: { authorization: `Bearer ${portalToken}` } };

    // Real rows, and valid bodies: only who is calling may stop these calls.
    ({ ids, payloads } = await routeRequests(t, admin, walker));
  });
  afterAll(async () => {
    await t?.close();
    if (webDir) await rm(webDir, { recursive: true, force: true });
  });

  /** The route's URL with its parameters filled: the real row of `ids`, or a dummy that reaches the handler. */
  const urlOf = (route: RouteRecord, realIds: boolean) => filledUrl(route, realIds ? ids : undefined);

  const call = (route: RouteRecord, who: Who, options: { realIds: boolean; body: boolean }) =>
    t.app.inject({
      method: route.method as 'GET',
      url: urlOf(route, options.realIds),
      headers: who.headers,
      ...(options.body && payloads[key(route)] ? { payload: payloads[key(route)]!(who) } : {}),
    });

  /** Every table of the database, its rows in full (count and digest): what a refused call must leave as it was. */
  async function databaseState(): Promise<Record<string, string>> {
    const { rows: tables } = await t.database.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    );
    const state: Record<string, string> = {};
    for (const { name } of tables) {
      // A session's last use (last_seen_at) is renewed by a signed-in request even when its role is
      // refused (403): not a change the call made.
      const { rows } = await t.database.query<{ n: string; digest: string | null }>(
        `select count(*)::text as n, md5(string_agg(x::text, '|' order by x::text)) as digest from (select to_jsonb(r) - 'last_seen_at' as x from "${name}" r) x`,
      );
      state[name] = `${rows[0]!.n} rows ${rows[0]!.digest ?? ''}`;
    }
    return state;
  }

  function alteredSignature(token: string): string {
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const middle = Math.floor(signature.length / 2);
    return `${header}.${payload}.${signature.slice(0, middle)}${signature[middle] === 'A' ? 'B' : 'A'}${signature.slice(middle + 1)}`;
  }

  const refusals: Record<Exclude<RouteGuard, 'public'>, Refusal[]> = {
    staff: [
      { who: 'no token', caller: () => ({ headers: {} }), status: 401 },
      { who: 'a malformed token', caller: () => ({ headers: { authorization: 'Bearer not-a-token' } }), status: 401 },
      {
        who: "the administrator's token with an altered signature",
        caller: () => ({ headers: { authorization: `Bearer ${alteredSignature(admin.token)}` } }),
        status: 401,
      },
      { who: "an app user's token", caller: () => walker, status: 403 },
      { who: 'an administrator signed in through the app', caller: () => adminInApp, status: 403 },
      { who: 'an app user with a portal-audience token', caller: () => walkerWithPortalToken, status: 403 },
    ],
    user: [
      { who: 'no token', caller: () => ({ headers: {} }), status: 401 },
      { who: 'a malformed token', caller: () => ({ headers: { authorization: 'Bearer not-a-token' } }), status: 401 },
      {
        who: "an app user's token with an altered signature",
        caller: () => ({ headers: { authorization: `Bearer ${alteredSignature(walker.token)}` } }),
        status: 401,
      },
    ],
    app: [
      { who: 'no token', caller: () => ({ headers: {} }), status: 401 },
      { who: 'a malformed token', caller: () => ({ headers: { authorization: 'Bearer not-a-token' } }), status: 401 },
      {
        who: "an app user's token with an altered signature",
        caller: () => ({ headers: { authorization: `Bearer ${alteredSignature(walker.token)}` } }),
        status: 401,
      },
      { who: "the administrator's portal token", caller: () => admin, status: 403 },
      { who: 'an administrator signed in through the app', caller: () => adminInApp, status: 403 },
      { who: 'an app user with a portal-audience token', caller: () => walkerWithPortalToken, status: 403 },
    ],
  };
  /** The portal roles a staff route refuses (403) or lets in, from the contract's table and the route's permission. */
  const rolesFor = (route: RouteRecord, allowedRoles: boolean): PortalRole[] =>
    portalRoles.filter((role) => (route.permission ? can(role, route.permission) : role === 'Admin') === allowedRoles);
  const refusalsOf = (route: RouteRecord): Refusal[] =>
    route.guard === 'public'
      ? []
      : [
          ...refusals[route.guard],
          ...(route.guard === 'staff'
            ? rolesFor(route, false).map((role) => ({
                who: `a ${role} (portal token)`,
                caller: () => staff[role],
                status: 403 as const,
              }))
            : []),
        ];
  const allowedOf = (route: RouteRecord): Array<[string, () => Who]> =>
    route.guard === 'staff'
      ? rolesFor(route, true).map((role) => [`a ${role} (portal token)`, () => staff[role]])
      : route.guard === 'public'
        ? []
        : allowed[route.guard];
  const allowed: Record<Exclude<RouteGuard, 'public' | 'staff'>, Array<[string, () => Who]>> = {
    user: [
      ['an app user', () => walker],
      ['the administrator', () => admin],
      ['a Support account', () => staff.Support],
      ['a Content account', () => staff.Content],
    ],
    app: [['an app user (app token)', () => walker]],
  };
  /** Who tries a call of endsSessions in place of `allowed`'s caller: a new account of the same kind. */
  const standIns: Record<string, () => Promise<Who>> = {
    'an app user': () => loginAs(t, 'User'),
    'the administrator': () => loginAs(t, 'Admin'),
    'a Support account': () => loginAs(t, 'Support'),
    'a Content account': () => loginAs(t, 'Content'),
  };

  it('knows every route of the router; each without a guard is in the public allow-list (or is a file of the portal)', () => {
    // The table and the router agree (HEAD twins, and '/api/docs/' beside '/api/docs', aside; the
    // router prints a wildcard without the static part before it).
    const recorded = table.map(key);
    const served = [...routerRoutes(t.app.printRoutes({ commonPrefix: false }))].filter(
      (r) => !(r.endsWith('/') && recorded.includes(r.slice(0, -1))),
    );
    const same = (s: string, r: string) =>
      s === r || (s.endsWith('*') && r.endsWith('*') && r.startsWith(s.slice(0, -1)));
    expect(served.filter((s) => !recorded.some((r) => same(s, r)))).toEqual([]);
    expect(recorded.filter((r) => !served.some((s) => same(s, r)))).toEqual([]);
    expect(new Set(recorded).size).toBe(recorded.length);

    const unguarded = table.filter((r) => r.guard === 'public');
    const files = unguarded.filter((r) => !r.url.startsWith('/api/') && !r.url.startsWith('/uploads/'));
    // The portal's files: a route per top-level file, and one for the hashed bundles under /assets/.
    const fileRoutes = [
      ...portalFiles.filter((f) => !f.startsWith('assets/')).map((f) => `GET /${f}`),
      ...(portalFiles.some((f) => f.startsWith('assets/')) ? ['GET /assets/*'] : []),
    ];
    expect(files.map(key).sort()).toEqual(fileRoutes.sort());
    expect(
      unguarded
        .filter((r) => !files.includes(r))
        .map(key)
        .sort(),
    ).toEqual([...publicRoutes].sort());
    // Everything else is guarded, by the guard its place says: the app's calls by requireAppUser,
    // the listed ones by requireUser, the rest by requirePermission with an action of the
    // contract's table (none left to requireAdmin alone).
    const misguarded = table
      .filter((r) => r.guard !== 'public')
      .filter((r) => {
        const expected = r.url.startsWith('/api/app/') ? 'app' : anyUserRoutes.includes(key(r)) ? 'user' : 'staff';
        return r.guard !== expected;
      });
    expect(misguarded).toEqual([]);
    const staffRoutes = table.filter((r) => r.guard === 'staff');
    expect(staffRoutes.filter((r) => !r.permission || !permissionActions.includes(r.permission)).map(key)).toEqual([]);
    expect(staffRoutes.length).toBeGreaterThan(30);
    // Each portal role is refused something and let in somewhere, except Admin, refused nothing.
    expect(staffRoutes.filter((r) => rolesFor(r, false).includes('Admin'))).toEqual([]);
    for (const role of ['Support', 'Content'] as const) {
      expect(
        staffRoutes.some((r) => rolesFor(r, false).includes(role)),
        role,
      ).toBe(true);
      expect(
        staffRoutes.some((r) => rolesFor(r, true).includes(role)),
        role,
      ).toBe(true);
    }
    expect(table.filter((r) => r.guard === 'app').length).toBeGreaterThanOrEqual(7);
  });

  it('refuses every guarded call without a token, with a bad one or with a token of the wrong kind, and changes nothing', async () => {
    const before = await databaseState();
    const wrong: string[] = [];
    let tried = 0;
    for (const route of table) {
      if (route.guard === 'public') continue;
      for (const { who, caller, status } of refusalsOf(route)) {
        const res = await call(route, caller(), { realIds: true, body: true });
        tried += 1;
        // A HEAD answer has no body; any other refusal is the envelope with the guard's message.
        const expected =
          route.method === 'HEAD'
            ? ''
            : JSON.stringify({ message: status === 401 ? messages.unauthorized : messages.forbidden });
        if (res.statusCode !== status || res.body !== expected) {
          wrong.push(
            `${key(route)} (${route.guard}) with ${who}: ${res.statusCode} ${res.body.slice(0, 80)}, not ${status}`,
          );
        }
      }
    }
    expect.soft(wrong).toEqual([]);
    expect(tried).toBeGreaterThan(350);
    expect(await databaseState()).toEqual(before);
  });

  it('lets a valid token of the right kind through every guarded call (whatever the call answers then, it is not 401/403)', async () => {
    const wrong: string[] = [];
    for (const route of table) {
      if (route.guard === 'public') continue;
      for (const [who, caller] of allowedOf(route)) {
        const standIn = endsSessions.includes(key(route)) ? standIns[who] : undefined;
        // No body and a dummy id: the route is reached (400, 404 or 200) and changes nothing.
        const res = await call(route, standIn ? await standIn() : caller(), { realIds: false, body: false });
        if (res.statusCode === 401 || res.statusCode === 403) {
          wrong.push(`${key(route)} (${route.guard}) with ${who}: ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers the public calls without asking for a token', async () => {
    for (const route of table) {
      if (route.guard !== 'public') continue;
      const res = await call(route, { headers: {} }, { realIds: false, body: false });
      expect(res.statusCode, key(route)).not.toBe(401);
    }
  });
});
