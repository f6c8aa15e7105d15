import { type SQL, sql } from 'drizzle-orm';
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
export async function countUpTo(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  page: { page: number; limit: number; count?: 'exact' },
): Promise<{ count: number; countCapped?: true }> {
  if (page.count === 'exact') {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(where);
    return { count: row?.n ?? 0 };
  }
  const bound = Math.max(limits.listCountCap, page.page * page.limit);
  const probe = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(bound + 1)
    .as('matching');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(probe);
  const n = row?.n ?? 0;
  return n > bound ? { count: bound, countCapped: true } : { count: n };
}
