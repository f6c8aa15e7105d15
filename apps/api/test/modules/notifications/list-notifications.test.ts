import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@strideadmin/contract';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { insertAppUsers, sendNotification } from './notification-data.js';

describe('GET /api/notification', () => {
  let t: TestApp;
  let admin: LoggedIn;
  const ids: Record<string, number> = {};

  const list = async (query: Record<string, string | number> = {}) => {
    const res = await t.app.inject({
      url: '/api/notification',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as { rows: Notification[]; count: number };
  };
  const titles = (rows: Notification[]) => rows.map((r) => r.title);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    await insertAppUsers(t.db, 2);
    // Sent in this order (createdAt ascending).
    const sent: Array<[string, string, string]> = [
      ['steps', 'Step Challenge', 'Walk 10,000 steps this week.'],
      ['quiz', 'New quiz questions', 'Answer today and earn coins.'],
      ['box', 'Gift boxes nearby', 'Open a box on your walk: 100% more coins.'],
      ['under', 'Under_score', 'A title with an underscore.'],
      ['sv', 'Stegutmaning', 'Gå 10 000 steg i veckan.'],
    ];
    for (const [key, title, message] of sent) {
      ids[key] = await sendNotification(t.app, admin, { title, message, language: key === 'sv' ? 'sv' : 'en' });
      // The first one is delivered before the others are sent, for its status and counts.
      if (key === 'steps') expect((await t.app.notificationWorker.runOnce()).delivered).toBe(2);
    }
  });
  afterAll(() => t?.close());

  it('answers a page of notifications in the contract shape, newest first, and the total count', async () => {
    const { rows, count } = await list();
    expect(count).toBe(5);
    expect(titles(rows)).toEqual([
      'Stegutmaning',
      'Under_score',
      'Gift boxes nearby',
      'New quiz questions',
      'Step Challenge',
    ]);
    expect(rows[0]).toEqual({
      id: ids.sv,
      title: 'Stegutmaning',
      message: 'Gå 10 000 steg i veckan.',
      language: 'sv',
      audience: 'all',
      sendAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      status: 'queued',
      recipientCount: 2,
      deliveredCount: 0,
      failedCount: 0,
      createdAt: expect.stringMatching(/Z$/),
      completedAt: null,
    });
  });

  it('shows the status and counts the worker keeps', async () => {
    const { rows } = await list({ title: 'step challenge' });
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'sent',
        recipientCount: 2,
        deliveredCount: 2,
        failedCount: 0,
        completedAt: expect.stringMatching(/Z$/),
      }),
    ]);
  });

  describe('filters', () => {
    it('title: contains, in any case, with surrounding spaces ignored', async () => {
      for (const title of ['challenge', 'CHALLENGE', '  Challen ']) {
        expect(titles((await list({ title })).rows), title).toEqual(['Step Challenge']);
      }
      expect(titles((await list({ title: 'ste', sort: 'title', order: 'asc' })).rows)).toEqual([
        'Stegutmaning',
        'Step Challenge',
      ]);
    });

    it('message: contains, in any case', async () => {
      expect(titles((await list({ message: 'EARN COINS' })).rows)).toEqual(['New quiz questions']);
      expect((await list({ message: 'coins' })).count).toBe(2);
    });

    it('take %, _ literally; title and message together; an empty filter is no filter', async () => {
      expect(titles((await list({ message: '100%' })).rows)).toEqual(['Gift boxes nearby']);
      expect(titles((await list({ title: 'r_s' })).rows)).toEqual(['Under_score']);
      expect((await list({ title: '_' })).count).toBe(1);
      expect(titles((await list({ title: 'e', message: 'coins', sort: 'title', order: 'asc' })).rows)).toEqual([
        'Gift boxes nearby',
        'New quiz questions',
      ]);
      expect((await list({ title: '', message: '  ' })).count).toBe(5);
      expect(await list({ title: 'no such notification' })).toEqual({ rows: [], count: 0 });
    });
  });

  it('pages through the rows, the count staying the filtered total', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await list({ sort: 'id', order: 'asc', limit: 2, page }));
    expect(pages.map((p) => p.count)).toEqual([5, 5, 5]);
    expect(pages.map((p) => p.rows.map((r) => r.id))).toEqual([[ids.steps, ids.quiz], [ids.box, ids.under], [ids.sv]]);
    expect((await list({ page: 4, limit: 2 })).rows).toEqual([]);
  });

  it('sorts by title, by status (ties by id)', async () => {
    expect(titles((await list({ sort: 'title', order: 'asc' })).rows)).toEqual([
      'Gift boxes nearby',
      'New quiz questions',
      'Stegutmaning',
      'Step Challenge',
      'Under_score',
    ]);
    const byStatus = await list({ sort: 'status', order: 'desc' });
    expect(byStatus.rows.map((r) => [r.status, r.id])).toEqual([
      ['sent', ids.steps],
      ['queued', ids.sv],
      ['queued', ids.under],
      ['queued', ids.box],
      ['queued', ids.quiz],
    ]);
  });

  it('refuses a query it cannot answer, with errors', async () => {
    const queries: Array<Record<string, string>> = [
      { sort: 'message' },
      { order: 'up' },
      { page: '0' },
      { limit: '101' },
      { title: 'x'.repeat(256) },
      { message: 'x'.repeat(256) },
    ];
    for (const query of queries) {
      const res = await t.app.inject({ url: '/api/notification', query, headers: admin.headers });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), errors: [expect.any(String)] });
    }
  });
});
