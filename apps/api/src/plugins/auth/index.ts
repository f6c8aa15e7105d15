import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq, sql } from 'drizzle-orm';
import { can, messages, type PermissionAction, type RoleName } from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { roles, users } from '../../db/schema.js';
import { HttpError } from '../errors.js';
import { AuthCache } from './cache.js';
import { passwordFingerprint, type Audience, TokenService } from './jwt.js';
import { sessionChannel, type SessionRow, Sessions } from './sessions.js';

export { hashPassword, verifyPassword } from './password.js';
export { isCommonPassword, passwordProblem } from './password-policy.js';
export { passwordFingerprint, TokenService } from './jwt.js';
export { AuthCache, forgetAuth } from './cache.js';
export { endSessionsOf, type SessionClient, sessionChannel, type SessionRow, Sessions } from './sessions.js';

/** What a token is checked against: the account's row as the guard reads it. */
export interface AuthRow {
  id: number;
  email: string;
  name: string;
  isActive: boolean;
  passwordHash: string | null;
  roleName: string;
}

/** The NOTIFY channel of migration 0009's triggers (an account's password, status or role changed). */
export const authChannel = 'strideadmin_auth';

/** Who made the request, as the guard found them in the database just now. */
export interface AuthUser {
  id: number;
  email: string;
  name: string;
  roleName: RoleName;
  audience: Audience;
  /** The session the token belongs to (sign-out ends it). */
  sessionId: string;
}

/** An onRequest guard hook, as the auth plugin's decorators make them. */
export type GuardHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const guardPermissions = new WeakMap<GuardHook, PermissionAction>();

/**
 * The action a guard made by requirePermission lets through (undefined for any other hook): the
 * route recorder reads each route's permission from its own guard, so it is declared once.
 */
export function permissionOfGuard(hook: unknown): PermissionAction | undefined {
  return typeof hook === 'function' ? guardPermissions.get(hook as GuardHook) : undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** Signed-in sessions: the only maker of tokens (issue), and sign-out (revoke). */
    sessions: Sessions;
    /**
     * Resolves once changes to accounts and revoked sessions committed before the call (by anyone)
     * are honoured by this process's token checks (AuthCache.settle).
     */
    authSettled: () => Promise<void>;
    /** onRequest hook: a valid, unrevoked token of an active Admin (401 / 403 otherwise), checked before the body is even read. */
    requireAdmin: GuardHook;
    /**
     * The onRequest hook of a portal call (docs/behaviour.md §13 Roles): a valid, unrevoked portal
     * token of an active account whose role may do `action` (the contract's `can`); 401 / 403
     * otherwise, before the body is read. One hook per action (the same function every call).
     */
    requirePermission: (action: PermissionAction) => GuardHook;
    /** onRequest hook: a valid, unrevoked token of any active user. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * onRequest hook of the mobile app's calls (/app/*): a valid, unrevoked token of an active
     * app user, i.e. a User-role account signed in through the app (401 / 403 otherwise).
     */
    requireAppUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
}

/**
 * The user the route's guard let through (requireAdmin, requireUser or requireAppUser ran as its
 * onRequest hook); 401 on a route that has no guard.
 */
export function authUserOf(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new HttpError(401, messages.unauthorized);
  return request.authUser;
}

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h.trim());
  return m?.[1] ?? null;
}

/** Each row's password fingerprint, hashed once per row read rather than on every call it serves. */
const fingerprints = new WeakMap<AuthRow, string>();
function fingerprintOf(row: AuthRow): string {
  let fingerprint = fingerprints.get(row);
  if (fingerprint === undefined) fingerprints.set(row, (fingerprint = passwordFingerprint(row.passwordHash)));
  return fingerprint;
}

/**
 * A token is honoured only while its session is (not signed out, expired or idle: sessions.ts), its
 * user exists, is active, and still has the password it was issued under; the role is read from
 * the database on every call, never trusted from the token.
 */
async function authenticate(
  db: Db,
  cache: AuthCache<AuthRow>,
  tokens: TokenService,
  sessions: Sessions,
  request: FastifyRequest,
): Promise<AuthUser> {
  const raw = bearer(request);
  const claims = raw ? await tokens.verify(raw) : null;
  if (!claims || !(await sessions.check(claims))) throw new HttpError(401, messages.unauthorized);
  const row = await cache.get(claims.userId, async () => {
    const [found] = await db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        isActive: users.isActive,
        passwordHash: users.passwordHash,
        roleName: roles.name,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, claims.userId))
      .limit(1);
    return found;
  });
  if (!row || !row.isActive || fingerprintOf(row) !== claims.passwordFingerprint) {
    throw new HttpError(401, messages.unauthorized);
  }
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roleName: row.roleName as RoleName,
    audience: claims.audience,
    sessionId: claims.sessionId,
  };
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      db: Db;
      secret: string;
      ttl: string;
      /** SESSION_IDLE_MINUTES, in milliseconds. */
      idleMs: number;
      now?: () => Date;
      cache?: AuthCache<AuthRow>;
      sessionCache?: AuthCache<SessionRow>;
    },
  ) => {
    const tokens = new TokenService(opts.secret, opts.ttl);
    // Without caches wired to the database's NOTIFY (listen.ts), ones that never serve from memory.
    const cache = opts.cache ?? new AuthCache<AuthRow>();
    const sessionCache = opts.sessionCache ?? new AuthCache<SessionRow>({ accountWrites: false });
    const sessions = new Sessions({
      db: opts.db,
      tokens,
      cache: sessionCache,
      idleMs: opts.idleMs,
      now: opts.now ?? (() => new Date()),
    });
    app.decorate('authSettled', async () => {
      await Promise.all([
        cache.settle((marker) => opts.db.execute(sql`select pg_notify(${authChannel}, ${marker})`)),
        sessionCache.settle((marker) => opts.db.execute(sql`select pg_notify(${sessionChannel}, ${marker})`)),
      ]);
    });
    app.decorate('tokens', tokens);
    app.decorate('sessions', sessions);
    app.decorateRequest('authUser', null);

    app.decorate('requireUser', async (request: FastifyRequest) => {
      request.authUser = await authenticate(opts.db, cache, tokens, sessions, request);
    });

    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const user = await authenticate(opts.db, cache, tokens, sessions, request);
      if (user.roleName !== 'Admin' || user.audience !== 'admin') throw new HttpError(403, messages.forbidden);
      request.authUser = user;
    });

    const permissionGuards = new Map<PermissionAction, GuardHook>();
    app.decorate('requirePermission', (action: PermissionAction): GuardHook => {
      let hook = permissionGuards.get(action);
      if (!hook) {
        // The role is the one the database has now (authenticate), never the token's.
        hook = async (request: FastifyRequest) => {
          const user = await authenticate(opts.db, cache, tokens, sessions, request);
          if (user.audience !== 'admin' || !can(user.roleName, action)) throw new HttpError(403, messages.forbidden);
          request.authUser = user;
        };
        permissionGuards.set(action, hook);
        guardPermissions.set(hook, action);
      }
      return hook;
    });

    // The mirror of requireAdmin: a portal token, or an administrator's account even signed in
    // through the app, is not an app user (it earns and spends no coins, gets no notifications).
    app.decorate('requireAppUser', async (request: FastifyRequest) => {
      const user = await authenticate(opts.db, cache, tokens, sessions, request);
      if (user.roleName !== 'User' || user.audience !== 'app') throw new HttpError(403, messages.forbidden);
      request.authUser = user;
    });
  },
  { name: 'auth' },
);
