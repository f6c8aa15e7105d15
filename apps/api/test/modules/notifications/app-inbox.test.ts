import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InboxNotification, messages } from '@strideadmin/contract';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { sendNotification } from './notification-data.js';

describe('GET /api/app/notifications', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let walker: LoggedIn;
  let neighbour: LoggedIn;
  /** The walker's notifications, in the order they were delivered. */
  const delivered: number[] = [];

  const inbox = async (who: LoggedIn, query: Record<string, string> = {}) => {
    const res = await t.app.inject({ url: '/api/app/notifications', query, headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as { rows: InboxNotification[]; count: number };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    walker = await loginAs(t, 'User');
    neighbour = await loginAs(t, 'User');
    for (const title of ['First', 'Second', 'Third']) {
      delivered.push(await sendNotification(t.app, admin, { title, audience: 'users', userIds: [walker.user.id] }));
      await t.app.notificationWorker.runOnce(); // one at a time: distinct delivery times
    }
    await sendNotification(t.app, admin, { title: 'Neighbour only', audience: 'users', userIds: [neighbour.user.id] });
    // Scheduled for later: not in anybody's inbox yet.
    await sendNotification(t.app, admin, {
      title: 'Tomorrow',
      audience: 'all',
      sendAt: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
    });
    await t.app.notificationWorker.runOnce();
  });
  afterAll(() => t?.close());

  it('lists the caller’s own delivered notifications, newest first', async () => {
    const { rows, count } = await inbox(walker);
    expect(count).toBe(3);
    expect(rows.map((r) => [r.notificationId, r.title])).toEqual([
      [delivered[2], 'Third'],
      [delivered[1], 'Second'],
      [delivered[0], 'First'],
    ]);
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      notificationId: delivered[2],
      title: 'Third',
      message: 'Walk 10,000 steps today and earn double coins.',
      language: 'en',
      createdAt: expect.stringMatching(/Z$/),
    });
    expect((await inbox(neighbour)).rows.map((r) => r.title)).toEqual(['Neighbour only']);
  });

  it('pages with page and limit', async () => {
    expect((await inbox(walker, { limit: '2' })).rows.map((r) => r.title)).toEqual(['Third', 'Second']);
    expect(await inbox(walker, { limit: '2', page: '2' })).toMatchObject({ count: 3, rows: [{ title: 'First' }] });
    expect((await inbox(walker, { limit: '2', page: '3' })).rows).toEqual([]);
  });

  it('refuses an administrator, even signed in through the app (notifications go to app users only)', async () => {
    const adminInApp = await loginAs(t, 'Admin', { adminPortal: false });
    for (const who of [admin, adminInApp]) {
      const res = await t.app.inject({ url: '/api/app/notifications', headers: who.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: messages.forbidden });
    }
  });

  it('refuses a page it cannot answer', async () => {
    const queries: Array<Record<string, string>> = [{ page: '0' }, { limit: '101' }, { limit: 'many' }];
    for (const query of queries) {
      const res = await t.app.inject({ url: '/api/app/notifications', query, headers: walker.headers });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), errors: [expect.any(String)] });
    }
  });
});
