import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CreateNotificationInput, Notification } from '@strideadmin/contract';
import type { Db } from '../../../src/db/client.js';
import { inboxNotifications, notificationDeliveries, notifications } from '../../../src/db/schema.js';
import { rowsOf } from '../../../src/db/rows.js';
import type { LoggedIn } from '../../helpers/index.js';

/** A valid POST /notification body; the fields given replace the defaults. */
export function validNotification(overrides: Partial<CreateNotificationInput> = {}): CreateNotificationInput {
  return {
    title: 'Walk challenge',
    message: 'Walk 10,000 steps today and earn double coins.',
    language: 'en',
    audience: 'all',
    ...overrides,
  };
}

/** POST /api/notification as `admin`; the new id (fails the test on anything but 200). */
export async function sendNotification(
  app: FastifyInstance,
  admin: LoggedIn,
  overrides: Partial<CreateNotificationInput> = {},
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/notification',
    payload: validNotification(overrides),
    headers: admin.headers,
  });
  if (res.statusCode !== 200) throw new Error(`POST /api/notification: ${res.statusCode} ${res.body}`);
  return res.json<{ body: { id: number } }>().body.id;
}

/**
 * `count` app users (role User) in one statement, with push tokens `<prefix>-<n>` when `pushTokens`;
 * their ids in order. (No password: they never sign in.)
 */
export async function insertAppUsers(
  db: Db,
  count: number,
  options: { pushTokens?: boolean; isActive?: boolean; prefix?: string } = {},
): Promise<Array<{ id: number; pushToken: string | null }>> {
  const prefix = options.prefix ?? `device-${randomBytes(3).toString('hex')}`;
  const rows = rowsOf<{ id: number; pushToken: string | null }>(
    await db.execute(sql`
    insert into users (name, email, role_id, is_active, push_token)
    select 'Walker ' || g, ${prefix}::text || '-' || g || '@example.com',
      (select id from roles where name = 'User'), ${options.isActive ?? true}::boolean,
      case when ${options.pushTokens ?? false}::boolean then ${prefix}::text || '-' || g end
    from generate_series(1, ${count}::int) as g
    returning id, push_token as "pushToken"`),
  );
  return rows.sort((a, b) => a.id - b.id);
}

export function deliveriesOf(db: Db, notificationId: number) {
  return db
    .select()
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.notificationId, notificationId))
    .orderBy(asc(notificationDeliveries.userId));
}

export function inboxOf(db: Db, notificationId: number) {
  return db
    .select()
    .from(inboxNotifications)
    .where(eq(inboxNotifications.notificationId, notificationId))
    .orderBy(asc(inboxNotifications.userId));
}

export async function notificationRow(db: Db, id: number) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  if (!row) throw new Error(`no notification ${id}`);
  return row;
}

/** The notification as GET /api/notification lists it. */
export async function listed(app: FastifyInstance, admin: LoggedIn, id: number): Promise<Notification> {
  const res = await app.inject({
    url: '/api/notification',
    query: { sort: 'id', order: 'desc', limit: '100' },
    headers: admin.headers,
  });
  const row = res.json<{ body: { rows: Notification[] } }>().body.rows.find((r) => r.id === id);
  if (!row) throw new Error(`notification ${id} is not listed: ${res.body}`);
  return row;
}

/** Makes the notification's pending deliveries due now (instead of waiting for a send time or a backoff). */
export async function makeDue(db: Db, notificationId: number): Promise<void> {
  await db
    .update(notificationDeliveries)
    .set({ dueAt: sql`now() - interval '1 second'` })
    .where(eq(notificationDeliveries.notificationId, notificationId));
}

/** Waits until `check` holds (polling), or fails after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
