import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, messages } from '@strideadmin/contract';
import { notificationDeliveries, notifications } from '../../../src/db/schema.js';
import { buildTestApp, createUser, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { deliveriesOf, notificationRow, validNotification } from './notification-data.js';

const minute = 60 * 1000;

describe('POST /api/notification', () => {
  let t: TestApp;
  let admin: LoggedIn;
  /** The accounts of this file, by what they are. */
  const ids = { active: [] as number[], inactive: [] as number[], otherAdmin: 0, inactiveAdmin: 0, erased: 0 };

  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/notification', payload, headers: admin.headers });
  const stored = async () => ({
    notifications: (await t.db.select({ n: count() }).from(notifications))[0]!.n,
    deliveries: (await t.db.select({ n: count() }).from(notificationDeliveries))[0]!.n,
  });
  const recipientsOf = async (id: number) => (await deliveriesOf(t.db, id)).map((d) => d.userId);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    for (let i = 0; i < 3; i++) ids.active.push((await createUser(t.db)).id);
    for (let i = 0; i < 2; i++) ids.inactive.push((await createUser(t.db, { isActive: false })).id);
    ids.otherAdmin = (await createUser(t.db, { role: 'Admin' })).id;
    ids.inactiveAdmin = (await createUser(t.db, { role: 'Admin', isActive: false })).id;
    // An account its owner erased (DELETE /app/me): no notification reaches it, whatever the audience.
    ids.erased = (await createUser(t.db, { name: 'Deleted user', isActive: false, deletedAt: new Date() })).id;
  });
  afterAll(() => t?.close());

  it('queues a notification for now: one pending delivery per app user, due at once, in one answer', async () => {
    const before = Date.now();
    const res = await post(validNotification({ title: '  Walk challenge  ' }));

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.notificationQueued, body: { id: expect.any(Number) } });
    const id = res.json<{ body: { id: number } }>().body.id;
    const row = await notificationRow(t.db, id);
    expect(row).toMatchObject({
      title: 'Walk challenge',
      message: validNotification().message,
      language: 'en',
      audience: 'all',
      status: 'queued',
      recipientCount: 5,
      deliveredCount: 0,
      failedCount: 0,
      createdBy: admin.user.id,
      completedAt: null,
    });
    expect(row.sendAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.sendAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const deliveries = await deliveriesOf(t.db, id);
    expect(deliveries.map((d) => d.userId)).toEqual([...ids.active, ...ids.inactive].sort((a, b) => a - b));
    for (const d of deliveries) {
      expect(d).toMatchObject({
        status: 'pending',
        attempts: 0,
        lockedUntil: null,
        lastError: null,
        deliveredAt: null,
      });
      expect(d.dueAt).toEqual(row.sendAt);
    }
  });

  describe('audiences', () => {
    it('all: every app user, active or not; never an administrator nor an erased account', async () => {
      const id = (await post(validNotification({ audience: 'all' }))).json<{ body: { id: number } }>().body.id;
      const recipients = await recipientsOf(id);
      expect(recipients).toEqual([...ids.active, ...ids.inactive].sort((a, b) => a - b));
      expect(recipients).not.toContain(admin.user.id);
      expect(recipients).not.toContain(ids.otherAdmin);
      expect(recipients).not.toContain(ids.inactiveAdmin);
      expect(recipients).not.toContain(ids.erased);
    });

    it('active: the active app users only', async () => {
      const res = await post(validNotification({ audience: 'active' }));
      expect(res.statusCode).toBe(200);
      const id = res.json<{ body: { id: number } }>().body.id;
      expect(await recipientsOf(id)).toEqual(ids.active);
      expect((await notificationRow(t.db, id)).recipientCount).toBe(3);
    });

    it('users: the chosen app users, an inactive one included, each once; a chosen administrator is left out', async () => {
      const chosen = [ids.inactive[0]!, ids.active[1]!, ids.active[1]!, ids.otherAdmin];
      const res = await post(validNotification({ audience: 'users', userIds: chosen }));

      expect(res.statusCode, res.body).toBe(200);
      const id = res.json<{ body: { id: number } }>().body.id;
      expect(await recipientsOf(id)).toEqual([ids.active[1], ids.inactive[0]].sort((a, b) => a! - b!));
      expect(await notificationRow(t.db, id)).toMatchObject({ audience: 'users', recipientCount: 2 });
    });

    it('userIds are ignored for the other audiences', async () => {
      const res = await post(validNotification({ audience: 'active', userIds: [ids.inactive[0]!] }));
      expect(res.statusCode).toBe(200);
      expect(await recipientsOf(res.json<{ body: { id: number } }>().body.id)).toEqual(ids.active);
    });

    it('refuses chosen users that do not exist, and writes nothing', async () => {
      const before = await stored();
      const res = await post(validNotification({ audience: 'users', userIds: [ids.active[0]!, 999_999] }));

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: messages.recipientsNotFound });
      expect(await stored()).toEqual(before);
    });

    it('refuses an audience with nobody in it (400 noRecipients), and writes nothing', async () => {
      const before = await stored();
      const res = await post(validNotification({ audience: 'users', userIds: [ids.otherAdmin, admin.user.id] }));

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: messages.noRecipients });
      expect(await stored()).toEqual(before);
    });
  });

  describe('send time', () => {
    it('a future sendAt schedules it: the deliveries are due then', async () => {
      const sendAt = new Date(Date.now() + 90 * minute);
      sendAt.setMilliseconds(0);
      const res = await post(validNotification({ sendAt: sendAt.toISOString() }));

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: messages.notificationScheduled, body: { id: expect.any(Number) } });
      const id = res.json<{ body: { id: number } }>().body.id;
      expect((await notificationRow(t.db, id)).sendAt).toEqual(sendAt);
      expect((await deliveriesOf(t.db, id)).map((d) => d.dueAt)).toEqual(Array(5).fill(sendAt));
    });

    it('a sendAt a little in the past (a slow submit) is sent now', async () => {
      const sendAt = new Date(Date.now() - 2 * minute).toISOString();
      const res = await post(validNotification({ sendAt }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(messages.notificationQueued);
    });

    it('sendAt null is now', async () => {
      const res = await post({ ...validNotification(), sendAt: null });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(messages.notificationQueued);
    });
  });

  it('refuses invalid input with the form messages, and writes nothing', async () => {
    const valid = validNotification();
    const cases: Array<[object, string]> = [
      [{ ...valid, title: undefined }, messages.titleRequired],
      [{ ...valid, title: '   ' }, messages.titleRequired],
      [
        { ...valid, title: 'x'.repeat(limits.notificationTitleMax + 1) },
        `At most ${limits.notificationTitleMax} characters.`,
      ],
      [{ ...valid, message: undefined }, messages.messageRequired],
      [{ ...valid, message: '' }, messages.messageRequired],
      [
        { ...valid, message: 'x'.repeat(limits.notificationMessageMax + 1) },
        `At most ${limits.notificationMessageMax} characters.`,
      ],
      [{ ...valid, language: undefined }, messages.languageRequired],
      [{ ...valid, language: 'de' }, messages.languageRequired],
      [{ ...valid, audience: undefined }, messages.audienceRequired],
      [{ ...valid, audience: undefined }, messages.audienceRequired],
      [{ ...valid, audience: 'everyone' }, 'audience must be all, active or users.'],
      [{ ...valid, audience: 'users' }, messages.recipientsRequired],
      [{ ...valid, audience: 'users', userIds: [] }, messages.recipientsRequired],
      [{ ...valid, audience: 'users', userIds: 5 }, 'userIds must be an array.'],
      [
        {
          ...valid,
          audience: 'users',
          userIds: Array.from({ length: limits.notificationUsersMax + 1 }, (_, i) => i + 1),
        },
        messages.recipientsTooMany,
      ],
      [{ ...valid, sendAt: 'tomorrow' }, messages.sendAtInvalid],
      [{ ...valid, sendAt: '' }, messages.sendAtInvalid],
      [{ ...valid, sendAt: '2024-01-01T10:00:00.000Z' }, messages.sendAtPast],
    ];
    const before = await stored();
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400);
      expect(res.json(), JSON.stringify(payload).slice(0, 200)).toEqual({ message, errors: [message] });
    }
    // Several at once: each message once, under the generic one.
    const res = await post({ language: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: messages.validationFailed,
      errors: expect.arrayContaining([messages.titleRequired, messages.messageRequired, messages.audienceRequired]),
    });
    expect(await stored()).toEqual(before);
  });

  it('records who sent it', async () => {
    const other = await loginAs(t, 'Admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notification',
      payload: validNotification(),
      headers: other.headers,
    });
    const [row] = await t.db
      .select({ createdBy: notifications.createdBy })
      .from(notifications)
      .where(eq(notifications.id, res.json<{ body: { id: number } }>().body.id));
    expect(row?.createdBy).toBe(other.user.id);
  });
});
