import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema.js';
import { NotificationWorker } from '../../../src/modules/notifications/index.js';
import { claimDueDeliveries, settleDeliveries } from '../../../src/modules/notifications/outbox.js';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import {
  deliveriesOf,
  inboxOf,
  insertAppUsers,
  listed,
  makeDue,
  notificationRow,
  sendNotification,
  until,
} from './notification-data.js';

const hour = 60 * 60 * 1000;

/** The outbox worker without FCM: the app inbox only. */
describe('the notification worker (inbox only)', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let walkers: Array<{ id: number }>;

  const worker = () => t.app.notificationWorker;
  /** Steps until nothing is due (a test stays independent of the batch size). */
  const drain = async () => {
    for (let i = 0; i < 20; i++) if ((await worker().runOnce()).claimed === 0) return;
    throw new Error('the worker never ran out of due deliveries');
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    walkers = await insertAppUsers(t.db, 3);
  });
  afterAll(() => t?.close());

  it('delivers to the app inbox exactly once per recipient; the list shows it sent', async () => {
    const id = await sendNotification(t.app, admin, {
      title: 'Inbox test',
      message: 'Hello walkers',
      language: 'sv',
      audience: 'users',
      userIds: walkers.map((w) => w.id),
    });
    expect(await listed(t.app, admin, id)).toMatchObject({ status: 'queued', recipientCount: 3, deliveredCount: 0 });

    const step = await worker().runOnce();
    expect(step).toEqual({ claimed: 3, delivered: 3, failed: 0, retried: 0 });
    expect((await worker().runOnce()).claimed).toBe(0); // nothing twice

    const inbox = await inboxOf(t.db, id);
    expect(inbox.map((e) => [e.userId, e.title, e.message, e.language])).toEqual(
      walkers.map((w) => [w.id, 'Inbox test', 'Hello walkers', 'sv']),
    );
    for (const d of await deliveriesOf(t.db, id)) {
      expect(d).toMatchObject({ status: 'delivered', attempts: 1, lockedUntil: null, lastError: null });
      expect(d.deliveredAt).toBeInstanceOf(Date);
    }
    const row = await listed(t.app, admin, id);
    expect(row).toMatchObject({ status: 'sent', recipientCount: 3, deliveredCount: 3, failedCount: 0 });
    expect(Date.parse(row.completedAt ?? '')).not.toBeNaN();
  });

  it('does not deliver a scheduled notification before its time, then delivers it', async () => {
    const sendAt = new Date(Date.now() + 2 * hour).toISOString();
    const id = await sendNotification(t.app, admin, { audience: 'users', userIds: [walkers[0]!.id], sendAt });

    expect((await worker().runOnce()).claimed).toBe(0);
    expect(await inboxOf(t.db, id)).toEqual([]);
    expect(await listed(t.app, admin, id)).toMatchObject({ status: 'queued', sendAt, deliveredCount: 0 });

    await makeDue(t.db, id); // the clock reaches the send time
    expect((await worker().runOnce()).claimed).toBe(1);
    expect((await inboxOf(t.db, id)).map((e) => e.userId)).toEqual([walkers[0]!.id]);
    expect(await listed(t.app, admin, id)).toMatchObject({ status: 'sent', sendAt, deliveredCount: 1 });
  });

  it('takes over the deliveries of a worker that died holding them once its lease runs out; its late settle is ignored', async () => {
    const id = await sendNotification(t.app, admin, { audience: 'users', userIds: walkers.map((w) => w.id) });
    // A worker claims the batch and dies before it settles.
    const dead = await claimDueDeliveries(t.db, 100, 60_000);
    expect(dead.map((d) => [d.notificationId, d.attempts])).toEqual(walkers.map(() => [id, 1]));

    expect((await worker().runOnce()).claimed).toBe(0); // leased: nobody else may take them
    expect(await inboxOf(t.db, id)).toEqual([]);

    await t.db.execute(sql`update notification_deliveries set locked_until = now() - interval '1 second'
      where notification_id = ${id}`);
    expect(await worker().runOnce()).toEqual({ claimed: 3, delivered: 3, failed: 0, retried: 0 });
    expect((await deliveriesOf(t.db, id)).map((d) => [d.status, d.attempts])).toEqual(
      walkers.map(() => ['delivered', 2]),
    );

    // The dead worker comes back and settles what it claimed, as failed: fenced out by attempts.
    await settleDeliveries(
      t.db,
      dead.map((d) => ({
        id: d.id,
        attempts: d.attempts,
        outcome: 'failed' as const,
        error: 'late',
        retryInMs: 0,
        clearToken: null,
      })),
    );
    expect((await deliveriesOf(t.db, id)).map((d) => [d.status, d.lastError])).toEqual(
      walkers.map(() => ['delivered', null]),
    );
    expect((await inboxOf(t.db, id)).map((e) => e.userId)).toEqual(walkers.map((w) => w.id));
    expect(await listed(t.app, admin, id)).toMatchObject({ status: 'sent', deliveredCount: 3, failedCount: 0 });
  });

  it('settles a notification whose recipients were deleted before delivery', async () => {
    const [gone, stays, alsoGone] = await insertAppUsers(t.db, 3);
    const partly = await sendNotification(t.app, admin, {
      audience: 'users',
      userIds: [gone!.id, stays!.id],
    });
    const wholly = await sendNotification(t.app, admin, { audience: 'users', userIds: [alsoGone!.id] });
    await t.db.delete(users).where(eq(users.id, gone!.id));
    await t.db.delete(users).where(eq(users.id, alsoGone!.id));

    await drain();
    // An idle step looks for orphans at most once a minute; this worker looks every time.
    const sweeper = new NotificationWorker({
      db: t.db,
      log: t.app.log,
      sender: undefined,
      pollMs: 50,
      orphanSweepMs: 0,
    });
    expect((await sweeper.runOnce()).claimed).toBe(0);

    expect(await listed(t.app, admin, partly)).toMatchObject({
      status: 'sent',
      recipientCount: 2,
      deliveredCount: 1,
      failedCount: 0,
    });
    // Nobody left to deliver to: no batch touches it; the idle sweep settles it.
    const orphan = await listed(t.app, admin, wholly);
    expect(orphan).toMatchObject({ status: 'failed', recipientCount: 1, deliveredCount: 0, failedCount: 0 });
    expect(orphan.completedAt).not.toBeNull();
  });

  it('shows the entry in the recipient’s app inbox', async () => {
    const app = await loginAs(t, 'User');
    const id = await sendNotification(t.app, admin, { audience: 'users', userIds: [app.user.id], title: 'For you' });
    await drain();

    const res = await t.app.inject({ url: '/api/app/notifications', headers: app.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toEqual({
      rows: [
        {
          id: expect.any(Number),
          notificationId: id,
          title: 'For you',
          message: expect.any(String),
          language: 'en',
          createdAt: expect.any(String),
        },
      ],
      count: 1,
    });
  });
});

describe('the notification worker loop', () => {
  let t: TestApp;
  let admin: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp({ env: { NOTIFICATION_WORKER: 'true', NOTIFICATION_POLL_MS: '50' } });
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('runs when the app is ready and delivers on its own', async () => {
    expect(t.app.notificationWorker.running).toBe(true);
    const walkers = await insertAppUsers(t.db, 2);
    const id = await sendNotification(t.app, admin, { audience: 'users', userIds: walkers.map((w) => w.id) });

    await until(async () => (await notificationRow(t.db, id)).status === 'sent', 'the loop delivered');
    expect((await inboxOf(t.db, id)).map((e) => e.userId)).toEqual(walkers.map((w) => w.id));
  });

  it('survives a failing step (the database refusing its query) and goes on', async () => {
    const [walker] = await insertAppUsers(t.db, 1);
    await t.db.execute(sql`alter table inbox_notifications rename to inbox_notifications_away`);
    let id = 0;
    try {
      id = await sendNotification(t.app, admin, { audience: 'users', userIds: [walker!.id] });
      // The loop claims, fails to settle (no inbox table), and keeps polling.
      await until(
        async () => (await deliveriesOf(t.db, id)).some((d) => d.attempts > 0),
        'the loop tried the delivery',
      );
      expect((await notificationRow(t.db, id)).status).toBe('queued');
    } finally {
      await t.db.execute(sql`alter table inbox_notifications_away rename to inbox_notifications`);
    }
    // Its lease runs out (made short here) and the loop delivers it.
    await t.db.execute(sql`update notification_deliveries set locked_until = now() - interval '1 second'
      where notification_id = ${id}`);
    await until(
      async () => (await notificationRow(t.db, id)).status === 'sent',
      'the loop delivered after the failure',
    );
    expect((await inboxOf(t.db, id)).map((e) => e.userId)).toEqual([walker!.id]);
    expect(t.app.notificationWorker.running).toBe(true);
  });

  it('stops when the app closes', async () => {
    const worker = t.app.notificationWorker;
    await t.app.close();
    expect(worker.running).toBe(false);
  });
});
