import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../../src/db/client.js';
import { coinLedger, users } from '../../../src/db/schema.js';
import type { LoggedIn, TestApp } from '../../helpers/index.js';

/** An app call as the app makes it: POST with the caller's token. */
export function appPost(
  t: TestApp,
  who: LoggedIn | { headers: Record<string, string> },
  url: string,
  payload?: object,
) {
  return t.app.inject({ method: 'POST', url: `/api${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
}

/** The user's total_coins as stored. */
export async function balanceOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ totalCoins: users.totalCoins }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row.totalCoins;
}

/** The user's ledger entries, oldest first. */
export function entriesOf(db: Db, userId: number) {
  return db
    .select({
      kind: coinLedger.kind,
      amount: coinLedger.amount,
      refId: coinLedger.refId,
      refDay: coinLedger.refDay,
      adminId: coinLedger.adminId,
    })
    .from(coinLedger)
    .where(eq(coinLedger.userId, userId))
    .orderBy(coinLedger.id);
}

/**
 * The ledger invariant in one query: every user whose total_coins is not the sum of their entries
 * (or is negative), with both figures. Empty when the invariant holds.
 */
export async function ledgerMismatches(
  db: Db,
): Promise<Array<{ id: number; total_coins: number; ledger_sum: number }>> {
  const result: unknown = await db.execute(sql`
      select u.id, u.total_coins, coalesce(l.total, 0)::int as ledger_sum
      from users u
      left join (select user_id, sum(amount) as total from coin_ledger group by user_id) l on l.user_id = u.id
      where u.total_coins <> coalesce(l.total, 0) or u.total_coins < 0`);
  // pg and PGlite both answer { rows }.
  return (result as { rows: Array<{ id: number; total_coins: number; ledger_sum: number }> }).rows;
}

/** The statuses of a batch of answers, counted: { 200: 1, 409: 9 }. */
export function statusCounts(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}
