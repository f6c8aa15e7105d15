import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type BulkDeleteResult, limits, type SelectAllIdsResult } from '@strideadmin/contract';
import type { Db } from './client.js';

/** A list's table and its integer id column, as the bulk helpers take them. */
export interface ListTable {
  table: PgTable;
  id: PgColumn;
}

export interface BulkDelete extends ListTable {
  /** The ids asked for, each once (bulkDeleteSchema drops duplicates). */
  ids: readonly number[];
  /** What a single delete answers for an id that is not there (the module's not-found message). */
  notFound: string;
  /**
   * What a single delete refuses before it looks for the row (your own account, say): the message,
   * or undefined to go ahead.
   */
  refuse?: (id: number) => string | undefined;
  /**
   * Run in the delete's transaction, last, with the ids deleted (in the order of `ids`) when there
   * is at least one: the audit entry of the bulk delete, which commits or rolls back with it.
   */
  inTransaction?: (tx: Db, deleted: number[]) => Promise<void>;
}

/**
 * POST /<list>/bulk-delete (docs/behaviour.md §12): deletes the rows of `ids` that a single delete
 * would delete, all in ONE transaction (one fails, none is deleted), and answers each of the others
 * refused with the message a single delete of it answers. Both lists follow the order of `ids`.
 * Side effects a single delete has after its commit are the caller's, for each id of `deleted`.
 */
export async function bulkDeleteRows(db: Db, spec: BulkDelete): Promise<BulkDeleteResult> {
  const refusedFirst = new Map<number, string>();
  for (const id of spec.ids) {
    const message = spec.refuse?.(id);
    if (message !== undefined) refusedFirst.set(id, message);
  }
  const candidates = spec.ids.filter((id) => !refusedFirst.has(id));
  const gone = new Set<number>();
  if (candidates.length > 0) {
    await db.transaction(async (tx) => {
      const rows = await tx.delete(spec.table).where(inArray(spec.id, candidates)).returning({ id: spec.id });
      for (const row of rows) gone.add(row.id as number);
      if (gone.size > 0)
        await spec.inTransaction?.(
          tx,
          candidates.filter((id) => gone.has(id)),
        );
    });
  }
  return {
    deleted: candidates.filter((id) => gone.has(id)),
    refused: spec.ids
      .filter((id) => !gone.has(id))
      .map((id) => ({ id, message: refusedFirst.get(id) ?? spec.notFound })),
  };
}

/**
 * GET /<list>/ids (docs/behaviour.md §12): the ids of the rows matching `where`, in `orderBy`, at most
 * `max` (limits.selectAllMax). Like a list's count, `count` is exact up to `max`, and beyond it
 * `max` with `countCapped` (one row past the bound is read to know).
 */
export async function matchingIds(
  db: Db,
  list: ListTable & { where: SQL | undefined; orderBy: SQL[] },
  max: number = limits.selectAllMax,
): Promise<SelectAllIdsResult> {
  const rows = await db
    .select({ id: list.id })
    .from(list.table)
    .where(list.where)
    .orderBy(...list.orderBy)
    .limit(max + 1);
  const ids = rows.map((row) => row.id as number);
  return ids.length > max ? { ids: ids.slice(0, max), count: max, countCapped: true } : { ids, count: ids.length };
}
