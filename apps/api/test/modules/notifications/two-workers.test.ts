import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../../src/db/client.js';
import { rowsOf } from '../../../src/db/rows.js';
import { buildTestApp, loginAs, type TestApp } from '../../helpers/index.js';
import { type FakeFcm, startFakeFcm } from './fake-fcm.js';
import { deliveriesOf, insertAppUsers, notificationRow, sendNotification, until } from './notification-data.js';
import { openSharedTestDatabase, type SharedTestDatabase } from './shared-database.js';

const onPglite = inject('testDatabase').driver === 'pglite';
const loop = { NOTIFICATION_WORKER: 'true', NOTIFICATION_POLL_MS: '50' };

/**
 * The outbox under concurrency and restarts: several workers at once deliver every notification
 * exactly once to the inbox and push each device once; a notification sent before a restart is
 * delivered after it.
 */
describe('the notification outbox with several workers', () => {
  let shared: SharedTestDatabase | undefined;
  let fcm: FakeFcm | undefined;
  let dir: string | undefined;
  const apps: TestApp[] = [];

  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
    await shared?.dispose();
    await fcm?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    shared = undefined;
    fcm = undefined;
    dir = undefined;
  });

  /** Two app instances with running workers on `databases`, pushing through a fake FCM that answers slowly. */
  async function twoInstances(databases: [Database, Database]) {
    fcm = await startFakeFcm({ sendDelayMs: 5 });
    dir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-fcm-'));
    const env = { ...loop, ...fcm.env(await fcm.writeCredentials(dir)) };
    for (const database of databases) apps.push(await buildTestApp({ database, env }));
    return apps as [TestApp, TestApp];
  }

  /**
   * Sends one notification to `count` users with device tokens through `a`, while both instances'
   * loops run, plus bursts of direct steps on both (claims racing each other), until it is sent;
   * then checks exactly-once.
   */
  async function deliverExactlyOnce(a: TestApp, b: TestApp, count: number) {
    const walkers = await insertAppUsers(a.db, count, { pushTokens: true });
    const admin = await loginAs(a, 'Admin');
    const id = await sendNotification(a.app, admin, { audience: 'all' });

    const burst = async () => {
      while ((await notificationRow(a.db, id)).status === 'queued') {
        await Promise.all([a, b, a, b].map((t) => t.app.notificationWorker.runOnce()));
      }
    };
    await Promise.all([burst(), until(async () => (await notificationRow(a.db, id)).status !== 'queued', 'sent')]);

    // Every user exactly one inbox entry; every device token pushed exactly once.
    const inbox = rowsOf<{ userId: number; n: number }>(
      await a.db.execute(sql`select user_id as "userId", count(*)::int as n
        from inbox_notifications where notification_id = ${id} group by user_id order by user_id`),
    );
    expect(inbox).toEqual(walkers.map((w) => ({ userId: w.id, n: 1 })));
    const pushed = fcm!.sends.map((s) => s.token).sort();
    expect(pushed).toEqual(walkers.map((w) => w.pushToken).sort());
    expect(new Set(pushed).size).toBe(count);
    expect(fcm!.refused).toEqual([]);
    // Nobody claimed a delivery twice (no lease ran out), and the counts add up.
    expect((await deliveriesOf(a.db, id)).every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
    expect(await notificationRow(a.db, id)).toMatchObject({
      status: 'sent',
      recipientCount: count,
      deliveredCount: count,
      failedCount: 0,
    });
    // Both instances did part of the work.
    const [byA, byB] = [a, b].map((t) => t.app.notificationWorker.totals.delivered);
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    expect(byA! + byB!).toBe(count);
  }

  it.skipIf(onPglite)(
    'two app instances on one PostgreSQL database deliver 600 deliveries exactly once',
    async () => {
      shared = await openSharedTestDatabase();
      const [a, b] = await twoInstances([await shared.open(), await shared.open()]);
      await deliverExactlyOnce(a, b, 600);
    },
    60_000,
  );

  it.skipIf(!onPglite)(
    'two workers on one PGlite database deliver 300 deliveries exactly once',
    async () => {
      shared = await openSharedTestDatabase();
      const database = await shared.open();
      const [a, b] = await twoInstances([database, database]);
      await deliverExactlyOnce(a, b, 300);
    },
    60_000,
  );

  it('a notification sent before a restart is delivered after it', async () => {
    shared = await openSharedTestDatabase();
    // Before: the worker is off; the notification waits in the outbox.
    const first = await shared.open();
    const before = await buildTestApp({ database: first });
    const walkers = await insertAppUsers(before.db, 3);
    const admin = await loginAs(before, 'Admin');
    const id = await sendNotification(before.app, admin, { audience: 'all' });
    expect(await notificationRow(before.db, id)).toMatchObject({ status: 'queued', recipientCount: 3 });
    await before.close();
    await first.close();

    // After: a new process on the same data, its worker on.
    const after = await buildTestApp({ database: await shared.open(), env: loop });
    apps.push(after);
    await until(async () => (await notificationRow(after.db, id)).status === 'sent', 'delivered after the restart');
    expect((await deliveriesOf(after.db, id)).map((d) => [d.userId, d.status])).toEqual(
      walkers.map((w) => [w.id, 'delivered']),
    );
    const inbox = rowsOf<{ userId: number }>(
      await after.db.execute(
        sql`select user_id as "userId" from inbox_notifications where notification_id = ${id} order by user_id`,
      ),
    );
    expect(inbox.map((r) => r.userId)).toEqual(walkers.map((w) => w.id));
  });
});
