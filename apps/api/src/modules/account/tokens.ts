import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accountTokens } from '../../db/schema.js';

export type TokenPurpose = 'reset' | 'verify';

const hour = 60 * 60 * 1000;
/** How long a link works. */
export const tokenLifetimeMs = {
  reset: hour,
  verify: 7 * 24 * hour,
  // An invitation's set-password link is a reset token too, but the new user gets as long as for
  // the verify link: they may not read the invitation within the hour.
  invitation: 7 * 24 * hour,
} as const;

/** Only this is stored: a leaked table holds no usable link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new link token for one user and one purpose: 256 bits from the CSPRNG, base64url. */
export async function issueToken(
  db: Db,
  userId: number,
  purpose: TokenPurpose,
  now: Date,
  lifetimeMs: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + lifetimeMs),
    createdAt: now,
  });
  return token;
}

const usable = (token: string, purpose: TokenPurpose, now: Date) =>
  and(
    eq(accountTokens.tokenHash, hashToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  );

/** The user of a usable token (known, of this purpose, unused, unexpired), without using it. */
export async function peekToken(db: Db, token: string, purpose: TokenPurpose, now: Date): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(usable(token, purpose, now))
    .limit(1);
  return row?.userId;
}

/** Uses a token, once: of two requests with the same token, exactly one gets the user. */
export async function consumeToken(
  db: Db,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(usable(token, purpose, now))
    .returning({ userId: accountTokens.userId });
  return row?.userId;
}

/** Marks every unused token of the user for this purpose used (a newer link replaces them). */
export async function revokeTokens(db: Db, userId: number, purpose: TokenPurpose, now: Date): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}
