import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema.js';
import type { AuthCache } from './cache.js';
import { type Audience, passwordFingerprint, type TokenClaims, type TokenService } from './jwt.js';

/**
 * Signed-in sessions (docs/decisions/0012-sessions.md). Every token names its row in `sessions`
 * (`sid`); the token is honoured only while that row is not revoked (sign-out, sign out
 * everywhere), not past its expiry (the token's own, JWT_TTL) and, for a portal session, not idle
 * for longer than SESSION_IDLE_MINUTES. App sessions have no idle limit (phones sync rarely).
 *
 * Rows are kept in an AuthCache, forgotten when the database says a session was revoked: the
 * trigger of migration 0010 NOTIFYs `strideadmin_session` with the revoked ids (or '*'), and every
 * process LISTENs. Revocation by this process is forgotten here at once.
 */
export const sessionChannel = 'strideadmin_session';

/** last_seen_at is written at most this often per session (and process), not on every request. */
export const touchEveryMs = 60_000;

export type SessionRow = typeof sessions.$inferSelect;

/** Where a sign-in came from, kept for the owner's list of sessions. */
export interface SessionClient {
  ip?: string;
  userAgent?: string;
}

const userAgentMax = 256;

/**
 * Ends every open session of the user at `at`; the ids it ended. Every process forgets them when
 * the database's NOTIFY arrives (migration 0010's trigger).
 */
export async function endSessionsOf(db: Db, userId: number, at: Date): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.map((s) => s.id);
}

export class Sessions {
  constructor(
    private readonly opts: {
      db: Db;
      tokens: TokenService;
      cache: AuthCache<SessionRow>;
      /** Idle limit of portal (admin-audience) sessions. */
      idleMs: number;
      now: () => Date;
    },
  ) {}

  /** A new session of the user and its token: the one way a token is made. */
  async issue(input: {
    userId: number;
    audience: Audience;
    passwordHash: string | null;
    client?: SessionClient;
  }): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
    const { db, tokens } = this.opts;
    const now = this.opts.now();
    const id = randomBytes(16).toString('base64url');
    const expiresAt = new Date(now.getTime() + tokens.ttlMs);
    // The user's sessions that ended a day ago or more are only history: gone on the next sign-in.
    await db
      .delete(sessions)
      .where(and(eq(sessions.userId, input.userId), lt(sessions.expiresAt, new Date(now.getTime() - 86_400_000))));
    await db.insert(sessions).values({
      id,
      userId: input.userId,
      audience: input.audience,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      ip: input.client?.ip ?? null,
      userAgent: input.client?.userAgent?.slice(0, userAgentMax) ?? null,
    });
    const token = await tokens.sign({
      userId: input.userId,
      audience: input.audience,
      passwordFingerprint: passwordFingerprint(input.passwordHash),
      sessionId: id,
    });
    return { token, sessionId: id, expiresAt };
  }

  /** When the session ends if unused: portal sessions only (null: no idle limit). */
  idleUntil(row: Pick<SessionRow, 'audience' | 'lastSeenAt'>): Date | null {
    return row.audience === 'admin' ? new Date(row.lastSeenAt.getTime() + this.opts.idleMs) : null;
  }

  private idle(row: SessionRow, now: Date): boolean {
    const until = this.idleUntil(row);
    return until !== null && until <= now;
  }

  /** The row of a session as the database has it now. */
  async read(id: string): Promise<SessionRow | undefined> {
    const [row] = await this.opts.db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
    return row;
  }

  /**
   * The session of a verified token while it is honoured (undefined otherwise); its idle window
   * is renewed by this request (last_seen_at written at most once a minute).
   */
  async check(claims: TokenClaims): Promise<SessionRow | undefined> {
    const { cache } = this.opts;
    const now = this.opts.now();
    let row = await cache.get(claims.sessionId, () => this.read(claims.sessionId));
    if (!row || row.userId !== claims.userId || row.audience !== claims.audience) return undefined;
    if (row.revokedAt !== null || row.expiresAt <= now) return undefined;
    if (this.idle(row, now)) {
      // Memory may be behind: another process may have kept the session alive meanwhile.
      cache.forget(row.id);
      row = await cache.get(claims.sessionId, () => this.read(claims.sessionId));
      if (!row || row.revokedAt !== null || this.idle(row, now)) return undefined;
    }
    if (now.getTime() - row.lastSeenAt.getTime() >= touchEveryMs) {
      // Never revives a session another process saw revoked or idle meanwhile.
      const idleSince = new Date(now.getTime() - this.opts.idleMs);
      await this.opts.db
        .update(sessions)
        .set({ lastSeenAt: sql`greatest(${sessions.lastSeenAt}, ${now.toISOString()}::timestamptz)` })
        .where(
          and(
            eq(sessions.id, row.id),
            isNull(sessions.revokedAt),
            row.audience === 'admin' ? gt(sessions.lastSeenAt, idleSince) : undefined,
          ),
        );
      // The cached row is this object: the next requests here count from now.
      row.lastSeenAt = now;
    }
    return row;
  }

  /** Ends one session (sign-out). */
  async revoke(sessionId: string): Promise<void> {
    await this.opts.db
      .update(sessions)
      .set({ revokedAt: this.opts.now() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    this.opts.cache.onMessage(sessionId);
  }

  /** Ends every session of the user (sign out everywhere); how many were still open. */
  async revokeAllOf(userId: number): Promise<number> {
    const ended = await endSessionsOf(this.opts.db, userId, this.opts.now());
    // This process at once, without waiting for the NOTIFY.
    if (ended.length > 0) this.opts.cache.onMessage(ended.join(','));
    return ended.length;
  }

  /** The user's sessions still honoured, most recently used first. */
  async liveOf(userId: number): Promise<SessionRow[]> {
    const now = this.opts.now();
    const rows = await this.opts.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.lastSeenAt))
      .limit(100);
    return rows.filter((row) => !this.idle(row, now));
  }
}
