import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/**
 * The SQL of the notification outbox (table notification_deliveries): claiming due deliveries
 * under a lease, and settling them. The worker (worker.ts) decides what happens in between.
 */

/** A delivery this worker holds until its lease runs out, with what a push needs. */
export interface ClaimedDelivery {
  id: number;
  notificationId: number;
  userId: number;
  /** The attempt this claim is (1 for the first): it fences the settle (see settleDeliveries). */
  attempts: number;
  pushToken: string | null;
  title: string;
  message: string;
}

/**
 * Claims up to `limit` due pending deliveries for `leaseMs`: FOR UPDATE SKIP LOCKED lets any
 * number of workers (threads of one process or replicas on one PostgreSQL) claim at once, each
 * getting different rows, and the lease (locked_until) keeps a claimed row away from the others
 * after this statement commits. A worker that dies holding a lease delays its rows until the lease
 * runs out; then another worker takes them (attempts + 1). The inner SELECT reads the partial
 * index notification_deliveries_due_idx (due_at, id WHERE status = 'pending') in its order.
 */
export async function claimDueDeliveries(db: Db, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const rows = rowsOf<Omit<ClaimedDelivery, 'id'> & { id: string | number }>(
    await db.execute(sql`
      with claimed as (
        update notification_deliveries
        set locked_until = now() + ${leaseMs}::float8 * interval '1 millisecond', attempts = attempts + 1
        where id in (
          select id from notification_deliveries
          where status = 'pending' and due_at <= now() and (locked_until is null or locked_until < now())
          order by due_at, id
          limit ${limit}
          for update skip locked
        )
        returning id, notification_id, user_id, attempts
      )
      select c.id::text as "id", c.notification_id as "notificationId", c.user_id as "userId",
        c.attempts as "attempts", u.push_token as "pushToken", n.title as "title", n.message as "message"
      from claimed c
      join users u on u.id = c.user_id
      join notifications n on n.id = c.notification_id
      order by c.id`),
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
}

/** What becomes of one claimed delivery. */
export interface Settlement {
  id: number;
  /** The claim's attempt number: a settle whose lease was taken over by another worker is ignored. */
  attempts: number;
  outcome: 'delivered' | 'failed' | 'retry';
  /** The push error, kept on the row for an operator (null when none). */
  error: string | null;
  /** `retry`: due again this long from now. */
  retryInMs: number;
  /** FCM said this token is unregistered: clear it from the user (only if it is still theirs). */
  clearToken: { userId: number; token: string } | null;
}

/**
 * Settles a batch in ONE transaction: the app-inbox entries (every claimed delivery gets its
 * entry now, whatever the push did; ON CONFLICT on (notification_id, user_id) makes a second
 * write, after a lost lease or a crash, a no-op: exactly once), the deliveries' new state, the
 * unregistered push tokens, and each touched notification's counts moved by what this batch
 * settled (its status follows: complete when delivered + failed reach the recipient count). The
 * touched notifications are locked first (FOR NO KEY UPDATE, in id order), so two workers settling
 * batches of the same notifications never deadlock.
 */
export async function settleDeliveries(db: Db, settlements: Settlement[]): Promise<void> {
  if (settlements.length === 0) return;
  const ids = JSON.stringify(settlements.map((s) => s.id));
  const outcomes = JSON.stringify(
    settlements.map((s) => ({
      id: s.id,
      attempts: s.attempts,
      outcome: s.outcome,
      error: s.error,
      retry_ms: Math.max(0, Math.round(s.retryInMs)),
    })),
  );
  const tokens = JSON.stringify(
    settlements.flatMap((s) => (s.clearToken ? [{ user_id: s.clearToken.userId, token: s.clearToken.token }] : [])),
  );
  const deliveryIds = sql`(select (jsonb_array_elements_text(${ids}::jsonb))::bigint)`;
  await db.transaction(async (tx) => {
    const touched = rowsOf<{ id: number }>(
      await tx.execute(sql`
        select id from notifications
        where id in (select notification_id from notification_deliveries where id in ${deliveryIds})
        order by id
        for no key update`),
    ).map((r) => Number(r.id));
    if (touched.length === 0) return; // their notifications were deleted meanwhile

    await tx.execute(sql`
      insert into inbox_notifications (user_id, notification_id, title, message, language)
      select d.user_id, n.id, n.title, n.message, n.language
      from notification_deliveries d
      join notifications n on n.id = d.notification_id
      where d.id in ${deliveryIds}
      on conflict (notification_id, user_id) do nothing`);

    // The deliveries this claim still holds are settled; the notification's counts move by what
    // was settled here (increments, not a recount: a batch costs the same at 100 or 1,000,000
    // recipients). A notification is complete when every recipient is settled.
    await tx.execute(sql`
      with settled as (
        update notification_deliveries d set
          status = case o.outcome when 'retry' then 'pending' else o.outcome end,
          delivered_at = case when o.outcome = 'delivered' then now() end,
          due_at = case when o.outcome = 'retry' then now() + o.retry_ms * interval '1 millisecond' else d.due_at end,
          locked_until = null,
          last_error = o.error
        from jsonb_to_recordset(${outcomes}::jsonb) as o(id bigint, attempts int, outcome text, error text, retry_ms float8)
        where d.id = o.id and d.attempts = o.attempts and d.status = 'pending'
        returning d.notification_id, d.status
      ),
      moved as (
        select notification_id as id,
          count(*) filter (where status = 'delivered')::int as delivered,
          count(*) filter (where status = 'failed')::int as failed
        from settled
        group by notification_id
      )
      update notifications n set
        delivered_count = n.delivered_count + m.delivered,
        failed_count = n.failed_count + m.failed,
        status = case
          when n.delivered_count + m.delivered + n.failed_count + m.failed < n.recipient_count then 'queued'
          when n.delivered_count + m.delivered > 0 then 'sent'
          else 'failed' end,
        completed_at = case
          when n.delivered_count + m.delivered + n.failed_count + m.failed < n.recipient_count then null
          else coalesce(n.completed_at, now()) end
      from moved m
      where n.id = m.id`);

    if (tokens !== '[]') {
      await tx.execute(sql`
        update users u set push_token = null
        from jsonb_to_recordset(${tokens}::jsonb) as t(user_id int, token text)
        where u.id = t.user_id and u.push_token = t.token`);
    }
  });
}

/**
 * Settles the notifications no batch will touch again: due, still queued, and without a pending
 * delivery, because the users of their last pending deliveries were deleted (ON DELETE CASCADE)
 * before a worker got to them. The counts come from the deliveries that are left.
 */
export async function completeOrphanedNotifications(db: Db): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      with orphaned as (
        select n.id from notifications n
        where n.status = 'queued' and n.send_at <= now()
          and not exists (
            select 1 from notification_deliveries d where d.notification_id = n.id and d.status = 'pending'
          )
        order by n.id
        for no key update of n skip locked
      ),
      counts as (
        select o.id,
          count(d.id) filter (where d.status = 'delivered')::int as delivered,
          count(d.id) filter (where d.status = 'failed')::int as failed
        from orphaned o
        left join notification_deliveries d on d.notification_id = o.id
        group by o.id
      )
      update notifications n set
        delivered_count = c.delivered,
        failed_count = c.failed,
        status = case when c.delivered > 0 then 'sent' else 'failed' end,
        completed_at = now()
      from counts c
      where n.id = c.id
      returning n.id`),
  );
  return rows.length;
}

/** How far the pending count goes: past it the backlog reads as this number (a bounded scan). */
export const backlogCountCap = 100_000;

/** The outbox backlog an operator watches (GET /metrics, read at scrape time). */
export interface OutboxBacklog {
  /** Deliveries still pending (due or scheduled, being delivered included), at most backlogCountCap. */
  pending: number;
  /** How long the oldest due pending delivery has waited, in seconds (0 when none is due). */
  oldestDueSeconds: number;
}

/**
 * Both from the partial index notification_deliveries_due_idx (status = 'pending'): the count
 * stops at backlogCountCap rows, and the oldest due delivery is the index's first entry.
 */
export async function outboxBacklog(db: Db): Promise<OutboxBacklog> {
  const [row] = rowsOf<{ pending: string | number; oldest: string | number | null }>(
    await db.execute(sql`
      select
        (select count(*) from (
          select 1 from notification_deliveries where status = 'pending' limit ${backlogCountCap}
        ) p) as "pending",
        extract(epoch from now() - (
          select min(due_at) from notification_deliveries where status = 'pending' and due_at <= now()
        ))::float8 as "oldest"`),
  );
  return { pending: Number(row?.pending ?? 0), oldestDueSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}
