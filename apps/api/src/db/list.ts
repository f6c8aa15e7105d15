import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { limits } from '@strideadmin/contract';
import type { Db } from './client.js';

/**
 * A list's count (decision 0011): the exact number of rows matching `where` when it is at most
 * `max(limits.listCountCap, offset + limit)`, else that number with `capped: true` ("more than").
 * Counting stops one row past the bound, so its cost is bounded however large the table grows,
 * and a page asked for is always within the count. `count: 'exact'` (the list's "count exactly"
 * action, docs/behaviour.md §12) counts every matching row: the one call whose cost grows with the table.
 */
export async function countUpTo(db: Db, table: PgTable, where: SQL | undefined, page: ListPage): Promise<ListCount> {
  const bound = countBound(page);
  const [row] = await countSelect(db, table, where, bound === undefined ? undefined : bound + 1);
  return countOf(row?.n ?? 0, bound);
}

/** What a list's count depends on: its page, and whether it is asked for exactly. */
export interface ListPage {
  page: number;
  limit: number;
  count?: 'exact' | undefined;
}
export interface ListCount {
  count: number;
  countCapped?: true;
}

/** countUpTo's bound on the rows counted; undefined when counted exactly. */
export function countBound(page: ListPage): number | undefined {
  return page.count === 'exact' ? undefined : Math.max(limits.listCountCap, page.page * page.limit);
}

/** countUpTo's answer for `n` rows counted up to `bound` + 1. */
export function countOf(n: number, bound: number | undefined): ListCount {
  return bound !== undefined && n > bound ? { count: bound, countCapped: true } : { count: n };
}

/**
 * countUpTo's statement: every matching row counted (`upTo` undefined), or at most `upTo` of them
 * (a number, or the placeholder of a prepared statement: see prepareCountUpTo).
 */
function countSelect(db: Db, table: PgTable, where: SQL | undefined, upTo: number | Placeholder | undefined) {
  const n = { n: sql<number>`count(*)::int` };
  if (upTo === undefined) return db.select(n).from(table).where(where);
  const probe = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(upTo)
    .as('matching');
  return db.select(n).from(probe);
}

/**
 * countUpTo's statement for one shape of filters (`where`, written with placeholders), prepared
 * as `name` (docs/decisions/0018-request-path.md). The function it gives takes the filters' values
 * and the page, and counts as countUpTo does.
 */
export function prepareCountUpTo(db: Db, table: PgTable, where: SQL | undefined, name: string) {
  const exact = countSelect(db, table, where, undefined).prepare(`${name}_exact`);
  const upTo = countSelect(db, table, where, sql.placeholder('upTo')).prepare(name);
  return async (values: Record<string, unknown>, page: ListPage): Promise<ListCount> => {
    const bound = countBound(page);
    const [row] = await (bound === undefined ? exact.execute(values) : upTo.execute({ ...values, upTo: bound + 1 }));
    return countOf(row?.n ?? 0, bound);
  };
}
