import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { notificationDeliveries, notifications } from '../../../src/db/schema.js';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { deliveriesOf, inboxOf, sendNotification } from './notification-data.js';

describe('DELETE /api/notification/{id}', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let walker: LoggedIn;

  const remove = (id: number | string) =>
    t.app.inject({ method: 'DELETE', url: `/api/notification/${id}`, headers: admin.headers });
  const inboxCount = async () =>
    (await t.app.inject({ url: '/api/app/notifications', headers: walker.headers })).json().body.count as number;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    walker = await loginAs(t, 'User');
  });
  afterAll(() => t?.close());

  it('deletes a queued notification and cancels its deliveries', async () => {
    const id = await sendNotification(t.app, admin, { audience: 'users', userIds: [walker.user.id] });
    const other = await sendNotification(t.app, admin, { audience: 'users', userIds: [walker.user.id] });

    const res = await remove(id);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.notificationDeleted, body: null });
    expect(await t.db.select().from(notifications).where(eq(notifications.id, id))).toEqual([]);
    expect(await deliveriesOf(t.db, id)).toEqual([]);
    expect(await deliveriesOf(t.db, other)).toHaveLength(1); // the others stay
    // Nothing is left for the worker to deliver of it.
    expect((await t.app.notificationWorker.runOnce()).claimed).toBe(1);
    expect(await inboxOf(t.db, id)).toEqual([]);
    expect(await inboxOf(t.db, other)).toHaveLength(1);
  });

  it('withdraws a delivered notification from the app inboxes', async () => {
    const id = await sendNotification(t.app, admin, { audience: 'users', userIds: [walker.user.id] });
    await t.app.notificationWorker.runOnce();
    const before = await inboxCount();

    expect((await remove(id)).statusCode).toBe(200);

    expect(await inboxOf(t.db, id)).toEqual([]);
    expect(await inboxCount()).toBe(before - 1);
  });

  it('answers 404 for an id that is not there (or no longer), and deletes nothing', async () => {
    const id = await sendNotification(t.app, admin, { audience: 'users', userIds: [walker.user.id] });
    expect((await remove(id)).statusCode).toBe(200);
    const total = async () => (await t.db.select({ n: count() }).from(notificationDeliveries))[0]!.n;
    const before = await total();

    for (const missing of [id, 999_999]) {
      const res = await remove(missing);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: messages.notificationNotFound });
    }
    expect(await total()).toBe(before);
  });

  it('refuses an id that is not a number', async () => {
    for (const id of ['abc', '0', '1.5']) {
      const res = await remove(id);
      expect(res.statusCode, id).toBe(400);
    }
  });
});
