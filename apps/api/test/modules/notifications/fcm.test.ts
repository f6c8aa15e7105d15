import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema.js';
import { rowsOf } from '../../../src/db/rows.js';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { type FakeFcm, fcmErrorAnswer, startFakeFcm } from './fake-fcm.js';
import {
  deliveriesOf,
  inboxOf,
  insertAppUsers,
  listed,
  makeDue,
  sendNotification,
  until,
} from './notification-data.js';

/** Pushes through FCM HTTP v1, against a local stand-in for Google's token endpoint and FCM. */
describe('the notification worker with FCM', () => {
  let fcm: FakeFcm;
  let dir: string;
  let t: TestApp;
  let admin: LoggedIn;

  const worker = () => t.app.notificationWorker;
  const sendsTo = (token: string) => fcm.sends.filter((s) => s.token === token);
  const pushTokenOf = async (id: number) =>
    (await t.db.select({ pushToken: users.pushToken }).from(users).where(eq(users.id, id)))[0]?.pushToken;
  /** Seconds from the database's now to the delivery's due time. */
  const dueInSeconds = async (notificationId: number) => {
    const [row] = rowsOf<{ s: number }>(
      await t.db.execute(sql`select extract(epoch from due_at - now())::float8 as s
        from notification_deliveries where notification_id = ${notificationId}`),
    );
    return row!.s;
  };

  beforeAll(async () => {
    fcm = await startFakeFcm();
    dir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-fcm-'));
    t = await buildTestApp({ env: fcm.env(await fcm.writeCredentials(dir)) });
    admin = await loginAs(t, 'Admin');
  });
  afterAll(async () => {
    await t?.close();
    await fcm?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('pushes to every recipient with a device token, signed in once, and delivers everyone to the inbox', async () => {
    const withTokens = await insertAppUsers(t.db, 3, { pushTokens: true });
    const [withoutToken] = await insertAppUsers(t.db, 1);
    const recipients = [...withTokens, withoutToken!];
    const id = await sendNotification(t.app, admin, {
      title: 'Double coins',
      message: 'Walk today!',
      audience: 'users',
      userIds: recipients.map((u) => u.id),
    });

    expect(await worker().runOnce()).toEqual({ claimed: 4, delivered: 4, failed: 0, retried: 0 });

    for (const user of withTokens) {
      expect(sendsTo(user.pushToken!)).toEqual([
        {
          token: user.pushToken,
          title: 'Double coins',
          body: 'Walk today!',
          data: { notificationId: String(id) },
          status: 200,
        },
      ]);
    }
    expect(fcm.tokenGrants).toBe(1); // one access token for all the sends
    expect(fcm.refused).toEqual([]);
    expect((await inboxOf(t.db, id)).map((e) => e.userId)).toEqual(recipients.map((u) => u.id));
    expect((await deliveriesOf(t.db, id)).map((d) => [d.status, d.lastError])).toEqual(
      recipients.map(() => ['delivered', null]),
    );
    expect(await listed(t.app, admin, id)).toMatchObject({ status: 'sent', deliveredCount: 4, failedCount: 0 });
  });

  it('UNREGISTERED: delivered to the inbox, the error kept, the dead token cleared (no push next time)', async () => {
    const [gone, fine] = await insertAppUsers(t.db, 2, { pushTokens: true });
    fcm.queue(gone!.pushToken!, fcmErrorAnswer(404, 'UNREGISTERED'));
    const id = await sendNotification(t.app, admin, { audience: 'users', userIds: [gone!.id, fine!.id] });

    expect(await worker().runOnce()).toEqual({ claimed: 2, delivered: 2, failed: 0, retried: 0 });

    expect(sendsTo(gone!.pushToken!).map((s) => s.status)).toEqual([404]);
    const [goneDelivery, fineDelivery] = await deliveriesOf(t.db, id);
    expect(goneDelivery).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(goneDelivery!.lastError).toMatch(/^FCM 404 UNREGISTERED/);
    expect(fineDelivery).toMatchObject({ status: 'delivered', lastError: null });
    expect(await pushTokenOf(gone!.id)).toBeNull();
    expect(await pushTokenOf(fine!.id)).toBe(fine!.pushToken);
    expect((await inboxOf(t.db, id)).map((e) => e.userId)).toEqual([gone!.id, fine!.id]);
    expect(await listed(t.app, admin, id)).toMatchObject({ status: 'sent', deliveredCount: 2, failedCount: 0 });

    // The next notification reaches that user through the inbox only.
    const next = await sendNotification(t.app, admin, { audience: 'users', userIds: [gone!.id] });
    await worker().runOnce();
    expect(sendsTo(gone!.pushToken!)).toHaveLength(1);
    expect((await inboxOf(t.db, next)).map((e) => e.userId)).toEqual([gone!.id]);
  });

  it('500: retried after a backoff, then delivered; the inbox has it from the first attempt', async () => {
    const [user] = await insertAppUsers(t.db, 1, { pushTokens: true });
    fcm.queue(user!.pushToken!, fcmErrorAnswer(500, 'INTERNAL'));
    const id = await sendNotification(t.app, admin, { audience: 'users', userIds: [user!.id] });

    expect(await worker().runOnce()).toEqual({ claimed: 1, delivered: 0, failed: 0, retried: 1 });
    const [waiting] = await deliveriesOf(t.db, id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(waiting!.lastError).toMatch(/^FCM 500 INTERNAL/);
    expect(await dueInSeconds(id)).toBeGreaterThan(25); // 30 s after the first failure
    expect(await dueInSeconds(id)).toBeLessThanOrEqual(30);
    expect((await inboxOf(t.db, id)).map((e) => e.userId)).toEqual([user!.id]);
    expect(await listed(t.app, admin, id)).toMatchObject({ status: 'queued', deliveredCount: 0 });
    expect((await worker().runOnce()).claimed).toBe(0); // not before its time

    await makeDue(t.db, id);
    expect(await worker().runOnce()).toEqual({ claimed: 1, delivered: 1, failed: 0, retried: 0 });
    expect(sendsTo(user!.pushToken!).map((s) => s.status)).toEqual([500, 200]);
    const [delivered] = await deliveriesOf(t.db, id);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2, lastError: null });
    expect(await inboxOf(t.db, id)).toHaveLength(1);
    expect(await listed(t.app, admin, id)).toMatchObject({ status: 'sent', deliveredCount: 1, failedCount: 0 });
  });

  it('429 with Retry-After: waits as long as FCM asks when that is longer than the backoff', async () => {
    const [user] = await insertAppUsers(t.db, 1, { pushTokens: true });
    fcm.queue(user!.pushToken!, fcmErrorAnswer(429, 'QUOTA_EXCEEDED', { 'retry-after': '120' }));
    const id = await sendNotification(t.app, admin, { audience: 'users', userIds: [user!.id] });

    expect((await worker().runOnce()).retried).toBe(1);
    expect(await dueInSeconds(id)).toBeGreaterThan(115);
    expect(await dueInSeconds(id)).toBeLessThanOrEqual(120);
  });

  it('fails a delivery after the last transient failure (the inbox keeps it); the notification is failed', async () => {
    const [user] = await insertAppUsers(t.db, 1, { pushTokens: true });
    const attempts = worker().maxAttempts;
    fcm.queue(user!.pushToken!, ...Array.from({ length: attempts }, () => fcmErrorAnswer(503, 'UNAVAILABLE')));
    const id = await sendNotification(t.app, admin, { audience: 'users', userIds: [user!.id] });

    const backoffs: number[] = [];
    for (let i = 1; i < attempts; i++) {
      expect((await worker().runOnce()).retried).toBe(1);
      backoffs.push(Math.round((await dueInSeconds(id)) / 10) * 10);
      await makeDue(t.db, id);
    }
    expect(backoffs).toEqual([30, 60, 120, 240]); // exponential
    expect(await worker().runOnce()).toEqual({ claimed: 1, delivered: 0, failed: 1, retried: 0 });

    expect(sendsTo(user!.pushToken!)).toHaveLength(attempts);
    const [failed] = await deliveriesOf(t.db, id);
    expect(failed).toMatchObject({ status: 'failed', attempts, deliveredAt: null });
    expect(failed!.lastError).toMatch(/^FCM 503 UNAVAILABLE/);
    expect(await inboxOf(t.db, id)).toHaveLength(1);
    const row = await listed(t.app, admin, id);
    expect(row).toMatchObject({ status: 'failed', recipientCount: 1, deliveredCount: 0, failedCount: 1 });
    expect(row.completedAt).not.toBeNull();
  });

  it('INVALID_ARGUMENT: failed at once, not retried; the others of the notification are sent', async () => {
    const [bad, good] = await insertAppUsers(t.db, 2, { pushTokens: true });
    fcm.queue(bad!.pushToken!, fcmErrorAnswer(400, 'INVALID_ARGUMENT'));
    const id = await sendNotification(t.app, admin, { audience: 'users', userIds: [bad!.id, good!.id] });

    expect(await worker().runOnce()).toEqual({ claimed: 2, delivered: 1, failed: 1, retried: 0 });
    const [badDelivery] = await deliveriesOf(t.db, id);
    expect(badDelivery).toMatchObject({ status: 'failed', attempts: 1 });
    expect(badDelivery!.lastError).toMatch(/^FCM 400 INVALID_ARGUMENT/);
    expect(await pushTokenOf(bad!.id)).toBe(bad!.pushToken); // only UNREGISTERED clears a token
    expect(await inboxOf(t.db, id)).toHaveLength(2);
    expect(await listed(t.app, admin, id)).toMatchObject({ status: 'sent', deliveredCount: 1, failedCount: 1 });
  });

  it('gets a new access token when FCM refuses the cached one (401), and retries', async () => {
    const [user] = await insertAppUsers(t.db, 1, { pushTokens: true });
    const id = await sendNotification(t.app, admin, { audience: 'users', userIds: [user!.id] });
    fcm.revokeAccessTokens();
    const grants = fcm.tokenGrants;

    expect((await worker().runOnce()).retried).toBe(1);
    expect((await deliveriesOf(t.db, id))[0]!.lastError).toMatch(/^FCM 401/);
    await makeDue(t.db, id);
    expect((await worker().runOnce()).delivered).toBe(1);
    expect(fcm.tokenGrants).toBe(grants + 1);
    expect(sendsTo(user!.pushToken!)).toHaveLength(1);
    fcm.refused.splice(0); // the 401 was the point
  });
});

describe('FCM credentials', () => {
  let fcm: FakeFcm;
  let dir: string;

  beforeAll(async () => {
    fcm = await startFakeFcm();
    dir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-fcm-'));
  });
  afterAll(async () => {
    await fcm?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('a key the token endpoint does not accept: nothing is pushed, the delivery is retried, the reason kept', async () => {
    const file = await fcm.writeCredentials(dir);
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const account = JSON.parse(await readFile(file, 'utf8')) as object;
    const wrongKey = path.join(dir, 'wrong-key.json');
    await writeFile(wrongKey, JSON.stringify({ ...account, private_key: await exportPKCS8(privateKey) }));
    const t = await buildTestApp({ env: fcm.env(wrongKey) });
    try {
      const admin = await loginAs(t, 'Admin');
      const [user] = await insertAppUsers(t.db, 1, { pushTokens: true });
      const id = await sendNotification(t.app, admin, { audience: 'users', userIds: [user!.id] });

      expect((await t.app.notificationWorker.runOnce()).retried).toBe(1);
      expect(fcm.sends).toEqual([]);
      expect(fcm.tokenGrants).toBe(0);
      expect(fcm.refused).toEqual(['token: signature verification failed']);
      expect((await deliveriesOf(t.db, id))[0]!.lastError).toMatch(/^FCM access token: token endpoint answered 400/);
    } finally {
      await t.close();
    }
  });

  it('a missing or malformed credentials file stops the app from starting, saying why', async () => {
    await expect(buildTestApp({ env: fcm.env(path.join(dir, 'missing.json')) })).rejects.toThrow(
      /FCM_CREDENTIALS_FILE .*missing\.json cannot be read/,
    );
    const notAKey = path.join(dir, 'not-a-key.json');
    await writeFile(notAKey, JSON.stringify({ type: 'service_account', client_email: 'x@example.com' }));
    await expect(buildTestApp({ env: fcm.env(notAKey) })).rejects.toThrow(
      /is not a service-account key \(check: private_key\)/,
    );
  });
});

describe('stopping the worker while pushes are in flight', () => {
  let fcm: FakeFcm;
  let dir: string;

  beforeAll(async () => {
    fcm = await startFakeFcm({ sendDelayMs: 10_000 }); // FCM hangs
    dir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-fcm-'));
  });
  afterAll(async () => {
    await fcm?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('closing the app cuts them short, settles them due again at once, and does not wait for FCM', async () => {
    const env = {
      ...fcm.env(await fcm.writeCredentials(dir)),
      NOTIFICATION_WORKER: 'true',
      NOTIFICATION_POLL_MS: '50',
    };
    const t = await buildTestApp({ env });
    try {
      const admin = await loginAs(t, 'Admin');
      const [user] = await insertAppUsers(t.db, 1, { pushTokens: true });
      const id = await sendNotification(t.app, admin, { audience: 'users', userIds: [user!.id] });
      await until(async () => fcm.received === 1, 'the push reached FCM');

      const started = Date.now();
      await t.app.close();
      expect(Date.now() - started).toBeLessThan(5_000);

      const [delivery] = await deliveriesOf(t.db, id);
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
      expect(delivery!.dueAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect(delivery!.lastError).toMatch(/^FCM send: /);
      expect(await inboxOf(t.db, id)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
