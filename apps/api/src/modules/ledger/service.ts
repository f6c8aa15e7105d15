import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { coinLedger, users } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';

/** What a ledger entry is for (docs/behaviour.md §11 Activity). */
export type CoinKind = (typeof coinLedger.$inferInsert)['kind'];

export interface CoinChange {
  userId: number;
  kind: CoinKind;
  /** Signed: a credit is positive, a spend (redeem) negative. */
  amount: number;
  /** The quiz question, gift box or gift card the coins are for. */
  refId?: number | null;
  /** steps: the day (YYYY-MM-DD) the coins are for. */
  refDay?: string | null;
  /** adjustment: the administrator who changed the coins. */
  adminId?: number | null;
  /** adjustment (POST /users/{id}/coins): the administrator's reason. */
  reason?: string | null;
}

/**
 * THE one way a user's coins change: one coin_ledger entry and users.total_coins moved by the same
 * amount, so total_coins always equals the sum of the user's entries. Call it inside the
 * transaction of the change it pays for (`tx`), so both stand or fall with it.
 *
 * The balance moves by a conditional UPDATE (it locks the user's row until the transaction ends):
 * a spend that would take it below 0 changes nothing and answers null, whatever runs at the same
 * time; the caller then rolls its transaction back. Null too when there is no such user.
 * Otherwise answers the new balance. An entry of 0 is still written (a free gift card is a
 * redemption all the same); callers skip changes that mean nothing.
 */
export async function changeCoins(tx: Db, change: CoinChange): Promise<number | null> {
  // One statement, one round trip: the entry is inserted from the UPDATE's row, so there is none
  // when the balance did not move.
  const result = await tx.execute(sql`
    with moved as (
      update ${users} set total_coins = total_coins + ${change.amount}::int
      where id = ${change.userId}::int and total_coins + ${change.amount}::int >= 0
      returning total_coins),
    entry as (
      insert into ${coinLedger} (user_id, kind, amount, ref_id, ref_day, admin_id, reason)
      select ${change.userId}::int, ${change.kind}::text, ${change.amount}::int, ${change.refId ?? null}::int,
        ${change.refDay ?? null}::date, ${change.adminId ?? null}::int, ${change.reason ?? null}::text
      from moved)
    select total_coins as "totalCoins" from moved`);
  const [row] = rowsOf<{ totalCoins: number }>(result);
  return row ? row.totalCoins : null;
}

/**
 * The user's balance, with their row locked until the transaction ends (nothing else moves it
 * meanwhile): for a change that depends on it, such as taking back at most what is there.
 * Undefined when there is no such user.
 *
 * FOR NO KEY UPDATE, the lock an UPDATE of the balance takes anyway, not FOR UPDATE: rows that
 * reference the user (a gift card being taken, a step log being written) hold a KEY SHARE lock on
 * it, which FOR UPDATE would wait for while they wait for the balance: a deadlock.
 */
export async function lockBalance(tx: Db, userId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ totalCoins: users.totalCoins })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row?.totalCoins;
}

/**
 * An administrator sets a user's coins (PUT /users, PUT /profile, POST /users): an 'adjustment'
 * entry of the difference to the balance as it is now (row locked), with the administrator's id.
 * Nothing is written when the balance already is `totalCoins`. Answers the new balance, or
 * undefined when there is no such user.
 */
export async function setCoins(
  tx: Db,
  input: { userId: number; totalCoins: number; adminId: number | null },
): Promise<number | undefined> {
  const current = await lockBalance(tx, input.userId);
  if (current === undefined) return undefined;
  const difference = input.totalCoins - current;
  if (difference === 0) return current;
  const balance = await changeCoins(tx, {
    userId: input.userId,
    kind: 'adjustment',
    amount: difference,
    adminId: input.adminId,
  });
  // The row is locked and the target is not negative: the change cannot be refused.
  if (balance === null) throw new Error(`setting the coins of user ${input.userId} failed`);
  return balance;
}
