import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type AdminLedgerEntry, type LedgerEntry, type ListResponse, messages } from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { countUpTo } from '../../db/list.js';
import { coinLedger, users } from '../../db/schema.js';
import { type AuditContext, recordAudit } from '../audit/index.js';
import { type Refusal, refuse } from '../../plugins/errors.js';
import { changeCoins, lockBalance } from './service.js';

/** A user's coin history as the app (GET /app/ledger) and the portal (GET /users/{id}/ledger) read it. */

const entryColumns = {
  id: coinLedger.id,
  kind: coinLedger.kind,
  amount: coinLedger.amount,
  reason: coinLedger.reason,
  refDay: coinLedger.refDay,
  refId: coinLedger.refId,
  createdAt: coinLedger.createdAt,
};

/** An entry as the API answers it: the time as ISO text. */
const withIsoTime = <T extends { createdAt: Date }>(row: T): Omit<T, 'createdAt'> & { createdAt: string } => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A page of the user's entries, newest first (ties: the later entry first), read off
 * coin_ledger_user_id_idx; the count is capped as every list's (decision 0011).
 */
export async function listLedger(
  db: Db,
  userId: number,
  page: { page: number; limit: number },
): Promise<ListResponse<LedgerEntry>> {
  const mine = eq(coinLedger.userId, userId);
  const [rows, count] = await Promise.all([
    db
      .select(entryColumns)
      .from(coinLedger)
      .where(mine)
      .orderBy(desc(coinLedger.createdAt), desc(coinLedger.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    countUpTo(db, coinLedger, mine, page),
  ]);
  return { rows: rows.map(withIsoTime), ...count };
}

const admins = alias(users, 'admins');

/** GET /users/{id}/ledger: listLedger with who made each adjustment; undefined when there is no such user. */
export async function listUserLedger(
  db: Db,
  userId: number,
  page: { page: number; limit: number },
): Promise<ListResponse<AdminLedgerEntry> | undefined> {
  const mine = eq(coinLedger.userId, userId);
  const [exists, rows, count] = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)),
    db
      .select({ ...entryColumns, adminId: coinLedger.adminId, adminName: admins.name })
      .from(coinLedger)
      .leftJoin(admins, eq(admins.id, coinLedger.adminId))
      .where(mine)
      .orderBy(desc(coinLedger.createdAt), desc(coinLedger.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    countUpTo(db, coinLedger, mine, page),
  ]);
  if (exists.length === 0) return undefined;
  return { rows: rows.map(withIsoTime), ...count };
}

/**
 * POST /users/{id}/coins: an 'adjustment' of `amount` (signed) with the administrator's id and
 * reason, through changeCoins in one transaction with its audit entry. The user's row is locked
 * first (lockBalance), as every change of coins does; a change that would take the balance below
 * 0 is refused (409) and writes nothing.
 */
export async function adjustCoins(
  db: Db,
  audit: AuditContext,
  input: { userId: number; amount: number; reason: string },
): Promise<{ ok: true; totalCoins: number; entry: AdminLedgerEntry } | Refusal> {
  const { userId, amount, reason } = input;
  return db.transaction(async (tx) => {
    const before = await lockBalance(tx, userId);
    if (before === undefined) return refuse(404, messages.userNotFound);
    const totalCoins = await changeCoins(tx, { userId, kind: 'adjustment', amount, reason, adminId: audit.actor.id });
    if (totalCoins === null) return refuse(409, messages.coinAdjustBelowZero);
    const [entry] = await tx
      .select({ ...entryColumns, adminId: coinLedger.adminId })
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, userId), eq(coinLedger.kind, 'adjustment')))
      .orderBy(desc(coinLedger.id))
      .limit(1);
    if (!entry) throw new Error(`the adjustment of user ${userId} wrote no entry`);
    await recordAudit(tx, audit, {
      action: 'coins-adjust',
      entity: 'user',
      entityId: userId,
      changes: {
        totalCoins: { before, after: totalCoins },
        amount: { before: null, after: amount },
        reason: { before: null, after: reason },
      },
    });
    return {
      ok: true as const,
      totalCoins,
      entry: { ...withIsoTime(entry), adminName: audit.actor.name },
    };
  });
}
