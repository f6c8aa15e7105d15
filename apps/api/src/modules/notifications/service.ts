import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  type BulkDeleteResult,
  type CreateNotification,
  type InboxNotification,
  type ListResponse,
  type listNotificationsQuerySchema,
  messages,
  type Notification,
  type notificationSortColumns,
  type SelectAllIdsResult,
} from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { inboxNotifications, notifications, users } from '../../db/schema.js';
import { containsInsensitive } from '../../db/search.js';
import { type Refusal, refuse } from '../../plugins/errors.js';
import { rowsOf } from '../../db/rows.js';
import { countUpTo } from '../../db/list.js';
import { bulkDeleteRows, matchingIds } from '../../db/bulk.js';
import { type AuditContext, auditChanges, recordAudit } from '../audit/index.js';

export type ListNotificationsQuery = z.output<typeof listNotificationsQuerySchema>;

export const notificationSortColumnOf = {
  id: notifications.id,
  title: notifications.title,
  sendAt: notifications.sendAt,
  status: notifications.status,
  createdAt: notifications.createdAt,
} satisfies Record<(typeof notificationSortColumns)[number], AnyPgColumn>;

const listColumns = {
  id: notifications.id,
  title: notifications.title,
  message: notifications.message,
  language: notifications.language,
  audience: notifications.audience,
  sendAt: notifications.sendAt,
  status: notifications.status,
  recipientCount: notifications.recipientCount,
  deliveredCount: notifications.deliveredCount,
  failedCount: notifications.failedCount,
  createdAt: notifications.createdAt,
  completedAt: notifications.completedAt,
};
type NotificationRow = Omit<Notification, 'sendAt' | 'createdAt' | 'completedAt'> & {
  sendAt: Date;
  createdAt: Date;
  completedAt: Date | null;
};

function toNotification(row: NotificationRow): Notification {
  return {
    ...row,
    sendAt: row.sendAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** The filters of GET /notification (and of its export). */
export function notificationsWhere(query: ListNotificationsQuery) {
  return and(
    query.title ? containsInsensitive(notifications.title, query.title) : undefined,
    query.message ? containsInsensitive(notifications.message, query.message) : undefined,
  );
}

/** The filters and order of the notification list (GET /notification and GET /notification/ids). */
function notificationsMatching(query: ListNotificationsQuery) {
  const direction = query.order === 'asc' ? asc : desc;
  return {
    where: notificationsWhere(query),
    orderBy: [direction(notificationSortColumnOf[query.sort]), direction(notifications.id)],
  };
}

/**
 * GET /notification: one page of the filtered notifications and the filtered total. title and
 * message are case-insensitive "contains" (trigram-indexed); ties on the sort column are broken
 * by id, so a row never shows on two pages.
 */
export async function listNotifications(db: Db, query: ListNotificationsQuery): Promise<ListResponse<Notification>> {
  const { where, orderBy } = notificationsMatching(query);
  const [rows, total] = await Promise.all([
    db
      .select(listColumns)
      .from(notifications)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countUpTo(db, notifications, where, query),
  ]);
  return { rows: rows.map(toNotification), ...total };
}

/** GET /notification/ids: the ids of every notification the list's filters match, in its order (docs/behaviour.md §12). */
export function listNotificationIds(db: Db, query: ListNotificationsQuery): Promise<SelectAllIdsResult> {
  return matchingIds(db, { table: notifications, id: notifications.id, ...notificationsMatching(query) });
}

/** Thrown inside the transaction to roll it back: the audience has nobody in it. */
class NoRecipients extends Error {}

/**
 * The recipients of an audience (docs/behaviour.md §11), as SQL over users: app users only (role User),
 * never an administrator nor an erased account (DELETE /app/me); `active` only the active ones; `users` the chosen ones (active or not:
 * the administrator picked them by name).
 */
function audienceFilter(input: CreateNotification) {
  if (input.audience === 'active') return sql`and u.is_active`;
  if (input.audience === 'users') {
    return sql`and u.id in (select (jsonb_array_elements_text(${JSON.stringify(input.userIds)}::jsonb))::int)`;
  }
  return sql``;
}

/**
 * POST /notification: the notification and one outbox row per recipient, in ONE transaction (a
 * transactional outbox: the worker delivers what is committed, and nothing else). The deliveries
 * are one set-based INSERT ... SELECT from users, whatever the audience's size. Every delivery is
 * due at the notification's send time (now when none was chosen).
 */
export async function createNotification(
  db: Db,
  input: CreateNotification,
  audit: AuditContext,
): Promise<{ ok: true; id: number; scheduled: boolean } | Refusal> {
  if (input.audience === 'users') {
    // The form offered these users; one deleted since is told, not silently dropped.
    const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, input.userIds));
    if (found.length < input.userIds.length) return refuse(400, messages.recipientsNotFound);
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(notifications)
        .values({
          title: input.title,
          message: input.message,
          language: input.language,
          audience: input.audience,
          sendAt: input.sendAt === null ? sql`now()` : new Date(input.sendAt),
          createdBy: audit.actor.id,
        })
        .returning({ id: notifications.id, scheduled: sql<boolean>`${notifications.sendAt} > now()` });
      if (!row) throw new Error('insert returned no row');
      const [inserted] = rowsOf<{ n: number }>(
        await tx.execute(sql`
          with inserted as (
            insert into notification_deliveries (notification_id, user_id, due_at)
            select n.id, u.id, n.send_at
            from notifications n
            cross join users u
            join roles r on r.id = u.role_id
            where n.id = ${row.id} and r.name = 'User' and u.deleted_at is null ${audienceFilter(input)}
            returning 1
          )
          select count(*)::int as n from inserted`),
      );
      const recipients = Number(inserted?.n ?? 0);
      if (recipients === 0) throw new NoRecipients();
      await tx.update(notifications).set({ recipientCount: recipients }).where(eq(notifications.id, row.id));
      await recordAudit(tx, audit, {
        action: 'notification-send',
        entity: 'notification',
        entityId: row.id,
        changes: auditChanges(null, { ...input, recipientCount: recipients }),
      });
      return { ok: true as const, id: row.id, scheduled: Boolean(row.scheduled) };
    });
  } catch (err) {
    if (err instanceof NoRecipients) return refuse(400, messages.noRecipients);
    throw err;
  }
}

/**
 * DELETE /notification/{id}. The notification goes with its outbox rows AND its app-inbox entries
 * (ON DELETE CASCADE): deleting withdraws it. A delivery not yet made is cancelled; a push already
 * on a phone cannot be recalled, but the app no longer lists it.
 */
/**
 * POST /notification/bulk-delete: deleteNotification for many ids in one transaction (a missing one
 * is not found); as there, deliveries not yet made go with each.
 */
export function bulkDeleteNotifications(
  db: Db,
  audit: AuditContext,
  ids: readonly number[],
): Promise<BulkDeleteResult> {
  return bulkDeleteRows(db, {
    table: notifications,
    id: notifications.id,
    ids,
    notFound: messages.notificationNotFound,
    inTransaction: (tx, deleted) =>
      recordAudit(tx, audit, { action: 'bulk-delete', entity: 'notification', entityIds: deleted }),
  });
}

export async function deleteNotification(db: Db, audit: AuditContext, id: number): Promise<{ ok: true } | Refusal> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(notifications)
      .where(eq(notifications.id, id))
      .returning({ title: notifications.title, audience: notifications.audience });
    if (!row) return refuse(404, messages.notificationNotFound);
    const changes = auditChanges(row, null);
    await recordAudit(tx, audit, { action: 'delete', entity: 'notification', entityId: id, changes });
    return { ok: true as const };
  });
}

/** GET /app/notifications: the caller's inbox, newest first. */
export async function listInbox(
  db: Db,
  userId: number,
  page: { page: number; limit: number },
): Promise<ListResponse<InboxNotification>> {
  const mine = eq(inboxNotifications.userId, userId);
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: inboxNotifications.id,
        notificationId: inboxNotifications.notificationId,
        title: inboxNotifications.title,
        message: inboxNotifications.message,
        language: inboxNotifications.language,
        createdAt: inboxNotifications.createdAt,
      })
      .from(inboxNotifications)
      .where(mine)
      .orderBy(desc(inboxNotifications.createdAt), desc(inboxNotifications.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: count() }).from(inboxNotifications).where(mine),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    count: totals[0]?.n ?? 0,
  };
}
