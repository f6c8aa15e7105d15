import { and, asc, desc, eq, getTableColumns, not, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  type BulkDeleteResult,
  type CreateGiftCard,
  type GiftCard,
  type giftCardSortColumns,
  type ListResponse,
  type listGiftCardsQuerySchema,
  messages,
  type SelectAllIdsResult,
  type UpdateGiftCard,
} from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  expiryParams,
  giftCardColumnsWithExpiry,
  giftCardIsExpired,
  giftCardIsExpiredAt,
  toGiftCard,
} from './expiry.js';
import { giftCards } from '../../db/schema.js';
import { containsInsensitive, startsWithInsensitive } from '../../db/search.js';
import { type Refusal, refuse } from '../../plugins/errors.js';
import { countUpTo } from '../../db/list.js';
import { bulkDeleteRows, matchingIds } from '../../db/bulk.js';
import { type AuditContext, auditChanges, recordAudit } from '../audit/index.js';

/** A card's changes for the audit log: its control code masked but for the last 4 characters. */
export function cardChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  return auditChanges(before, after, { masked: ['controlCode'] });
}

/** The fields of `row` named by `keys`. */
function pick(row: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, row[k]]));
}

export type ListGiftCardsQuery = z.output<typeof listGiftCardsQuerySchema>;

/** The unique constraints of gift_cards (case-insensitive unique indexes, migration 0002) and what a taken value answers. */
export const serialNumberConstraint = 'gift_cards_serial_number_lower_key';
export const controlCodeConstraint = 'gift_cards_control_code_lower_key';

/** A unique violation of gift_cards as the 409 it answers; undefined for any other error. */
function takenRefusal(err: unknown): Refusal | undefined {
  if (isUniqueViolation(err, serialNumberConstraint)) return refuse(409, messages.serialTaken);
  if (isUniqueViolation(err, controlCodeConstraint)) return refuse(409, messages.controlCodeTaken);
  return undefined;
}

export const giftCardSortColumnOf = {
  id: giftCards.id,
  serialNumber: giftCards.serialNumber,
  storeName: giftCards.storeName,
  price: giftCards.price,
  amount: giftCards.amount,
  validTill: giftCards.validTill,
  createdAt: giftCards.createdAt,
} satisfies Record<(typeof giftCardSortColumns)[number], AnyPgColumn>;

/** The filters of GET /giftcard (and of its export), the expiry judged at `now`. */
export function giftCardsWhere(query: ListGiftCardsQuery, now: Date) {
  const expired = giftCardIsExpired(now);
  return and(
    query.serialNumber ? containsInsensitive(giftCards.serialNumber, query.serialNumber) : undefined,
    query.storeName ? containsInsensitive(giftCards.storeName, query.storeName) : undefined,
    query.isExpired === undefined ? undefined : query.isExpired === 'true' ? expired : not(expired),
  );
}

/** The filters and order of the gift-card list (GET /giftcard and GET /giftcard/ids) at `now`. */
function giftCardsMatching(query: ListGiftCardsQuery, now: Date) {
  const direction = query.order === 'asc' ? asc : desc;
  return {
    where: giftCardsWhere(query, now),
    orderBy: [direction(giftCardSortColumnOf[query.sort]), direction(giftCards.id)],
  };
}

/**
 * GET /giftcard: one page of the filtered cards and the filtered total. serialNumber and
 * storeName are case-insensitive "contains" (trigram-indexed); isExpired filters by the expiry
 * rule at `now`, the same expression the answers carry, so it is never stale. Ties on the sort
 * column are broken by id, so a card never shows on two pages.
 */
export async function listGiftCards(
  db: Db,
  query: ListGiftCardsQuery,
  now = new Date(),
): Promise<ListResponse<GiftCard>> {
  const { where, orderBy } = giftCardsMatching(query, now);
  const [rows, total] = await Promise.all([
    db
      .select(giftCardColumnsWithExpiry(now))
      .from(giftCards)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countUpTo(db, giftCards, where, query),
  ]);
  return { rows: rows.map(toGiftCard), ...total };
}

/**
 * The top bar's quick search (docs/behaviour.md §12): at most `limit` cards whose serial number
 * contains `text` in any case (served by gift_cards_serial_trgm_idx), those it starts with first,
 * then by serial number.
 */
export async function searchGiftCards(
  db: Db,
  text: string,
  limit: number,
): Promise<Array<{ id: number; serialNumber: string; storeName: string }>> {
  return db
    .select({ id: giftCards.id, serialNumber: giftCards.serialNumber, storeName: giftCards.storeName })
    .from(giftCards)
    .where(containsInsensitive(giftCards.serialNumber, text))
    .orderBy(
      sql`${startsWithInsensitive(giftCards.serialNumber, text)} desc`,
      asc(giftCards.serialNumber),
      asc(giftCards.id),
    )
    .limit(limit);
}

/** GET /giftcard/{id}. */
export async function getGiftCard(db: Db, id: number, now = new Date()): Promise<GiftCard | undefined> {
  const [row] = await giftCardById(db).execute({ id, ...expiryParams(now) });
  return row ? toGiftCard(row) : undefined;
}

/**
 * GET /giftcard/{id}'s statement, built once per database handle (docs/decisions/0018-request-path.md):
 * Drizzle's building of a select cost more than running it. Named, so PostgreSQL parses it once
 * per connection too; the same text and values as the query it replaces.
 */
function giftCardById(db: Db) {
  return preparedOnce(db, 'gift_card_by_id', (name) =>
    db
      .select({
        ...getTableColumns(giftCards),
        isExpired: giftCardIsExpiredAt(sql.placeholder('today'), sql.placeholder('now')),
      })
      .from(giftCards)
      .where(eq(giftCards.id, sql.placeholder('id')))
      .prepare(name),
  );
}

/** POST /giftcard. The unique constraints decide (no check-then-insert): two requests at once cannot both win. */
export async function createGiftCard(
  db: Db,
  audit: AuditContext,
  input: CreateGiftCard,
): Promise<{ ok: true; id: number } | Refusal> {
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(giftCards).values(input).returning({ id: giftCards.id });
      if (!row) throw new Error('insert returned no row');
      await recordAudit(tx, audit, {
        action: 'create',
        entity: 'gift-card',
        entityId: row.id,
        changes: cardChanges(null, input),
      });
      return row.id;
    });
    return { ok: true, id };
  } catch (err) {
    const refusal = takenRefusal(err);
    if (refusal) return refusal;
    throw err;
  }
}

/** PUT /giftcard (docs/behaviour.md §7): the card fields of `updateId`; redemption (user, time) stays as it is. */
export async function updateGiftCard(
  db: Db,
  audit: AuditContext,
  input: UpdateGiftCard,
  now = new Date(),
): Promise<{ ok: true; card: GiftCard } | Refusal> {
  const { updateId, ...fields } = input;
  const keys = Object.keys(fields);
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(giftCards).where(eq(giftCards.id, updateId)).for('update');
      if (!before) return refuse(404, messages.giftCardNotFound);
      const [row] = await tx
        .update(giftCards)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(giftCards.id, updateId))
        .returning(giftCardColumnsWithExpiry(now));
      if (!row) return refuse(404, messages.giftCardNotFound);
      await recordAudit(tx, audit, {
        action: 'update',
        entity: 'gift-card',
        entityId: updateId,
        changes: cardChanges(pick(before, keys), pick(row, keys)),
      });
      return { ok: true as const, card: toGiftCard(row) };
    });
  } catch (err) {
    const refusal = takenRefusal(err);
    if (refusal) return refusal;
    throw err;
  }
}

/** DELETE /giftcard/{id}. */
export async function deleteGiftCard(db: Db, audit: AuditContext, id: number): Promise<{ ok: true } | Refusal> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(giftCards).where(eq(giftCards.id, id)).returning({
      serialNumber: giftCards.serialNumber,
      controlCode: giftCards.controlCode,
      storeName: giftCards.storeName,
    });
    if (!row) return refuse(404, messages.giftCardNotFound);
    await recordAudit(tx, audit, {
      action: 'delete',
      entity: 'gift-card',
      entityId: id,
      changes: cardChanges(row, null),
    });
    return { ok: true as const };
  });
}

/** GET /giftcard/ids: the ids of every card the list's filters match at `now`, in its order (docs/behaviour.md §12). */
export function listGiftCardIds(db: Db, query: ListGiftCardsQuery, now = new Date()): Promise<SelectAllIdsResult> {
  return matchingIds(db, { table: giftCards, id: giftCards.id, ...giftCardsMatching(query, now) });
}

/** POST /giftcard/bulk-delete: deleteGiftCard for many ids in one transaction (a missing one is not found). */
export function bulkDeleteGiftCards(db: Db, audit: AuditContext, ids: readonly number[]): Promise<BulkDeleteResult> {
  return bulkDeleteRows(db, {
    table: giftCards,
    id: giftCards.id,
    ids,
    notFound: messages.giftCardNotFound,
    inTransaction: (tx, deleted) =>
      recordAudit(tx, audit, { action: 'bulk-delete', entity: 'gift-card', entityIds: deleted }),
  });
}
