import { and, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type AuditEntry, auditRange, type listAuditQuerySchema, type ListResponse } from '@strideadmin/contract';
import type { Database, Db } from '../../db/client.js';
import { csvDownload, csvNumber, csvText, csvTimestamp } from '../../db/csv-export.js';
import { countUpTo } from '../../db/list.js';
import { auditEntries } from '../../db/schema.js';

/**
 * Reading the audit log (docs/operations/audit-log.md "Reading the log"): the Activity screen's
 * list, one entry, and the list's CSV. Newest first is (at, id) descending; each filter has an
 * index that gives its entries in that order (audit_entries_*_idx), so a page costs the same at
 * any size of the log.
 */

export type ListAuditQuery = z.output<typeof listAuditQuerySchema>;

/** The filters of GET /audit (and of its export). */
export function auditWhere(query: ListAuditQuery) {
  const { from, to } = auditRange(query);
  return and(
    query.actorId !== undefined ? eq(auditEntries.actorId, Number(query.actorId)) : undefined,
    query.action ? eq(auditEntries.action, query.action) : undefined,
    query.entity ? eq(auditEntries.entity, query.entity) : undefined,
    query.entityId ? eq(auditEntries.entityId, query.entityId) : undefined,
    from ? gte(auditEntries.at, from) : undefined,
    to ? (to.inclusive ? lte(auditEntries.at, to.at) : lt(auditEntries.at, to.at)) : undefined,
  );
}

const sortColumnOf = { at: auditEntries.at, id: auditEntries.id } as const;

/**
 * ORDER BY as the indexes are built: drizzle-kit made them `DESC NULLS LAST`, and PostgreSQL's
 * plain `DESC` means NULLS FIRST, which no index gives (a full sort of the log instead). Both
 * columns are NOT NULL, so the order is the same; ascending is the same index read backwards.
 */
function orderOf(column: AnyPgColumn, order: 'asc' | 'desc') {
  const dir = sql.raw(order === 'asc' ? 'asc nulls first' : 'desc nulls last');
  return [sql`${column} ${dir}`, sql`${auditEntries.id} ${dir}`];
}

type AuditRow = typeof auditEntries.$inferSelect;

const listColumns = {
  id: auditEntries.id,
  at: auditEntries.at,
  actorId: auditEntries.actorId,
  actorName: auditEntries.actorName,
  actorEmail: auditEntries.actorEmail,
  action: auditEntries.action,
  entity: auditEntries.entity,
  entityId: auditEntries.entityId,
  entityIds: auditEntries.entityIds,
  changes: auditEntries.changes,
  clientIp: auditEntries.clientIp,
  userAgent: auditEntries.userAgent,
  requestId: auditEntries.requestId,
};

function toEntry(row: Omit<AuditRow, 'prevHash' | 'hash'>): AuditEntry {
  return {
    ...row,
    at: row.at.toISOString(),
    entityIds: Array.isArray(row.entityIds) ? (row.entityIds as Array<string | number>) : null,
    changes:
      row.changes !== null && typeof row.changes === 'object' && !Array.isArray(row.changes)
        ? (row.changes as AuditEntry['changes'])
        : null,
  };
}

/** GET /audit: one page of the filtered entries, newest first unless `order` says otherwise, and the count. */
export async function listAuditEntries(db: Db, query: ListAuditQuery): Promise<ListResponse<AuditEntry>> {
  const where = auditWhere(query);
  const column = sortColumnOf[query.sort];
  const [rows, total] = await Promise.all([
    db
      .select(listColumns)
      .from(auditEntries)
      .where(where)
      .orderBy(...orderOf(column, query.order))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countUpTo(db, auditEntries, where, query),
  ]);
  return { rows: rows.map(toEntry), ...total };
}

/** GET /audit/{id}. */
export async function getAuditEntry(db: Db, id: number): Promise<AuditEntry | undefined> {
  const [row] = await db.select(listColumns).from(auditEntries).where(eq(auditEntries.id, id)).limit(1);
  return row ? toEntry(row) : undefined;
}

/** GET /audit/export: every matching entry as a CSV file, `changes` and a bulk action's ids as JSON text. */
export function exportAuditEntries(database: Database, query: ListAuditQuery, now = new Date()) {
  return csvDownload(
    database,
    {
      name: 'activity',
      columns: [
        ['ID', csvNumber(auditEntries.id)],
        ['Time (UTC)', csvTimestamp(auditEntries.at)],
        ['Admin ID', csvNumber(auditEntries.actorId)],
        ['Admin name', csvText(auditEntries.actorName)],
        ['Admin email', csvText(auditEntries.actorEmail)],
        ['Action', csvText(auditEntries.action)],
        ['Record type', csvText(auditEntries.entity)],
        ['Record ID', csvText(auditEntries.entityId)],
        ['Record IDs', csvText(sql`(${auditEntries.entityIds})::text`)],
        ['Changes', csvText(sql`(${auditEntries.changes})::text`)],
        ['Client address', csvText(auditEntries.clientIp)],
        ['User agent', csvText(auditEntries.userAgent)],
        ['Request ID', csvText(auditEntries.requestId)],
      ],
      from: sql`${auditEntries}`,
      where: auditWhere(query),
      order: { column: sortColumnOf[query.sort], id: auditEntries.id, direction: query.order, nullsAsIndexed: true },
    },
    now,
  );
}
