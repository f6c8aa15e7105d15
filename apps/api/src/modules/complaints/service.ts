import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  type BulkDeleteResult,
  type ComplaintQuery,
  type complaintQuerySortColumns,
  type CreateComplaintQuery,
  defaultQuerySource,
  type ListResponse,
  type listComplaintQueriesQuerySchema,
  messages,
  type SelectAllIdsResult,
  type UpdateComplaintQuery,
} from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { complaintQueries, users } from '../../db/schema.js';
import { containsInsensitive } from '../../db/search.js';
import { type Refusal, refuse } from '../../plugins/errors.js';
import { countUpTo } from '../../db/list.js';
import { bulkDeleteRows, matchingIds } from '../../db/bulk.js';
import { type AuditContext, auditChanges, recordAudit } from '../audit/index.js';

export type ListComplaintQueriesQuery = z.output<typeof listComplaintQueriesQuerySchema>;

export const complaintQuerySortColumnOf = {
  id: complaintQueries.id,
  title: complaintQueries.title,
  isRead: complaintQueries.isRead,
  createdAt: complaintQueries.createdAt,
} satisfies Record<(typeof complaintQuerySortColumns)[number], AnyPgColumn>;

/** A query with its sender (docs/behaviour.md §3 Message: User with name and email); the user may be gone. */
const columns = {
  id: complaintQueries.id,
  title: complaintQueries.title,
  message: complaintQueries.message,
  source: complaintQueries.source,
  isRead: complaintQueries.isRead,
  createdAt: complaintQueries.createdAt,
  userId: users.id,
  userName: users.name,
  userEmail: users.email,
};
interface Row {
  id: number;
  title: string;
  message: string;
  source: string;
  isRead: boolean;
  createdAt: Date;
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
}

function toComplaintQuery({ userId, userName, userEmail, createdAt, ...query }: Row): ComplaintQuery {
  return {
    ...query,
    createdAt: createdAt.toISOString(),
    User:
      userId === null || userName === null || userEmail === null
        ? null
        : { id: userId, name: userName, email: userEmail },
  };
}

const selectWithUser = (db: Db) =>
  db.select(columns).from(complaintQueries).leftJoin(users, eq(users.id, complaintQueries.userId));

/** The filters of GET /message (and of its export). */
export function complaintQueriesWhere(query: ListComplaintQueriesQuery) {
  return and(
    query.title ? containsInsensitive(complaintQueries.title, query.title) : undefined,
    query.isRead === undefined ? undefined : eq(complaintQueries.isRead, query.isRead === 'true'),
  );
}

/** The filters and order of the complaint-query list (GET /message and GET /message/ids). */
function complaintQueriesMatching(query: ListComplaintQueriesQuery) {
  const direction = query.order === 'asc' ? asc : desc;
  return {
    where: complaintQueriesWhere(query),
    orderBy: [direction(complaintQuerySortColumnOf[query.sort]), direction(complaintQueries.id)],
  };
}

/**
 * GET /message: one page of the filtered queries and the filtered total. title is a
 * case-insensitive "contains" (trigram-indexed); isRead 'true'/'false' (the unread ones are
 * served by a partial index). Ties on the sort column are broken by id.
 */
export async function listComplaintQueries(
  db: Db,
  query: ListComplaintQueriesQuery,
): Promise<ListResponse<ComplaintQuery>> {
  const { where, orderBy } = complaintQueriesMatching(query);
  const [rows, total] = await Promise.all([
    selectWithUser(db)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countUpTo(db, complaintQueries, where, query),
  ]);
  return { rows: rows.map(toComplaintQuery), ...total };
}

/** GET /message/ids: the ids of every query the list's filters match, in its order (docs/behaviour.md §12). */
export function listComplaintQueryIds(db: Db, query: ListComplaintQueriesQuery): Promise<SelectAllIdsResult> {
  return matchingIds(db, { table: complaintQueries, id: complaintQueries.id, ...complaintQueriesMatching(query) });
}

/** GET /message/{id} (docs/behaviour.md §7). */
export async function getComplaintQuery(db: Db, id: number): Promise<ComplaintQuery | undefined> {
  const [row] = await selectWithUser(db).where(eq(complaintQueries.id, id));
  return row ? toComplaintQuery(row) : undefined;
}

/** PUT /message (docs/behaviour.md §7, §4 Message read): marks a query read (or unread again). */
export async function updateComplaintQuery(
  db: Db,
  audit: AuditContext,
  input: UpdateComplaintQuery,
): Promise<{ ok: true; query: ComplaintQuery } | Refusal> {
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isRead: complaintQueries.isRead })
      .from(complaintQueries)
      .where(eq(complaintQueries.id, input.updateId))
      .for('update');
    if (!before) return [];
    const rows = await tx
      .update(complaintQueries)
      .set({ isRead: input.isRead, updatedAt: sql`now()` })
      .where(eq(complaintQueries.id, input.updateId))
      .returning({ id: complaintQueries.id });
    const changes = auditChanges(before, { isRead: input.isRead });
    await recordAudit(tx, audit, { action: 'update', entity: 'complaint-query', entityId: input.updateId, changes });
    return rows;
  });
  const query = updated.length > 0 ? await getComplaintQuery(db, input.updateId) : undefined;
  return query ? { ok: true, query } : refuse(404, messages.queryNotFound);
}

/** POST /message/bulk-delete: deleteComplaintQuery for many ids in one transaction (a missing one is not found). */
export function bulkDeleteComplaintQueries(
  db: Db,
  audit: AuditContext,
  ids: readonly number[],
): Promise<BulkDeleteResult> {
  return bulkDeleteRows(db, {
    table: complaintQueries,
    id: complaintQueries.id,
    ids,
    notFound: messages.queryNotFound,
    inTransaction: (tx, deleted) =>
      recordAudit(tx, audit, { action: 'bulk-delete', entity: 'complaint-query', entityIds: deleted }),
  });
}

/** DELETE /message/{id}. */
export async function deleteComplaintQuery(db: Db, audit: AuditContext, id: number): Promise<{ ok: true } | Refusal> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(complaintQueries)
      .where(eq(complaintQueries.id, id))
      .returning({ title: complaintQueries.title, userId: complaintQueries.userId });
    if (!row) return refuse(404, messages.queryNotFound);
    const changes = auditChanges(row, null);
    await recordAudit(tx, audit, { action: 'delete', entity: 'complaint-query', entityId: id, changes });
    return { ok: true as const };
  });
}

/** POST /app/message (docs/behaviour.md §10): a query from the app, unread, source Mobile. */
export async function createComplaintQuery(db: Db, userId: number, input: CreateComplaintQuery): Promise<number> {
  const [row] = await db
    .insert(complaintQueries)
    .values({ userId, title: input.title, message: input.message, source: defaultQuerySource })
    .returning({ id: complaintQueries.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
