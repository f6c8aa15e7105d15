import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComplaintQuery } from '@strideadmin/contract';
import { users } from '../../../src/db/schema.js';
import {
  buildTestApp,
  createComplaintQuery,
  createUser,
  type LoggedIn,
  loginAs,
  type TestApp,
  type TestUser,
} from '../../helpers/index.js';

describe('GET /api/message', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let anna: TestUser;
  const ids: Record<string, number> = {};

  const list = async (query: Record<string, string | number> = {}) => {
    const res = await t.app.inject({
      url: '/api/message',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as { rows: ComplaintQuery[]; count: number };
  };
  const titles = (rows: ComplaintQuery[]) => rows.map((r) => r.title);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    anna = await createUser(t.db, { name: 'Anna Berg', email: 'anna@example.com' });
    const gone = await createUser(t.db, { name: 'Gone User' });
    const queries: Array<[string, number, string, boolean]> = [
      ['steps', anna.id, 'Steps not counted', false],
      ['coins', anna.id, 'Coins missing after quiz', true],
      ['card', gone.id, 'Gift card code does not work', false],
      ['percent', anna.id, '100% battery drain', true],
      ['under', anna.id, 'App_crash on start', false],
    ];
    for (const [i, [key, userId, title, isRead]] of queries.entries()) {
      ids[key] = await createComplaintQuery(t.db, {
        userId,
        title,
        isRead,
        message: `Message about ${key}`,
        createdAt: new Date(Date.UTC(2025, 0, i + 1)),
      });
    }
    await t.db.delete(users).where(eq(users.id, gone.id));
  });
  afterAll(() => t?.close());

  it('answers a page of queries with their sender, newest first, and the total count', async () => {
    const { rows, count } = await list();
    expect(count).toBe(5);
    expect(titles(rows)).toEqual([
      'App_crash on start',
      '100% battery drain',
      'Gift card code does not work',
      'Coins missing after quiz',
      'Steps not counted',
    ]);
    expect(rows[4]).toEqual({
      id: ids.steps,
      title: 'Steps not counted',
      message: 'Message about steps',
      source: 'Mobile',
      isRead: false,
      createdAt: '2025-01-01T00:00:00.000Z',
      User: { id: anna.id, name: 'Anna Berg', email: 'anna@example.com' },
    });
  });

  it('keeps the query of a deleted user, with User null', async () => {
    const { rows } = await list({ title: 'gift card' });
    expect(rows).toEqual([expect.objectContaining({ id: ids.card, User: null })]);
  });

  describe('filters', () => {
    it('title: contains, in any case, with surrounding spaces ignored', async () => {
      for (const title of ['coins', 'COINS', '  Coins M ']) {
        expect(titles((await list({ title })).rows), title).toEqual(['Coins missing after quiz']);
      }
    });

    it('take %, _ literally', async () => {
      expect(titles((await list({ title: '100%' })).rows)).toEqual(['100% battery drain']);
      expect(titles((await list({ title: 'p_c' })).rows)).toEqual(['App_crash on start']);
      expect((await list({ title: '_' })).count).toBe(1);
    });

    it('isRead: true and false (Yes/No)', async () => {
      const read = await list({ isRead: 'true', sort: 'id', order: 'asc' });
      expect(read.rows.map((r) => r.id)).toEqual([ids.coins, ids.percent]);
      expect(read.count).toBe(2);
      expect(read.rows.every((r) => r.isRead)).toBe(true);
      const unread = await list({ isRead: 'false', sort: 'id', order: 'asc' });
      expect(unread.rows.map((r) => r.id)).toEqual([ids.steps, ids.card, ids.under]);
      expect(unread.count).toBe(3);
    });

    it('title and isRead together; an empty title is no filter', async () => {
      expect(titles((await list({ title: 'NO', isRead: 'false', sort: 'title', order: 'asc' })).rows)).toEqual([
        'Gift card code does not work',
        'Steps not counted',
      ]);
      expect((await list({ title: '  ' })).count).toBe(5);
      expect(await list({ title: 'nothing like this' })).toEqual({ rows: [], count: 0 });
    });
  });

  it('pages through the rows, the count staying the filtered total', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await list({ sort: 'id', order: 'asc', limit: 2, page }));
    expect(pages.map((p) => p.count)).toEqual([5, 5, 5]);
    expect(pages.map((p) => p.rows.map((r) => r.id))).toEqual([
      [ids.steps, ids.coins],
      [ids.card, ids.percent],
      [ids.under],
    ]);
    expect(await list({ isRead: 'false', limit: 2, page: 2, sort: 'id', order: 'asc' })).toMatchObject({
      count: 3,
      rows: [{ id: ids.under }],
    });
  });

  it('sorts by isRead (ties by id), by title, by createdAt', async () => {
    const byRead = await list({ sort: 'isRead', order: 'asc' });
    expect(byRead.rows.map((r) => r.id)).toEqual([ids.steps, ids.card, ids.under, ids.coins, ids.percent]);
    expect(titles((await list({ sort: 'createdAt', order: 'asc', limit: 1 })).rows)).toEqual(['Steps not counted']);
    expect(titles((await list({ sort: 'title', order: 'desc', limit: 1 })).rows)).toEqual(['Steps not counted']);
  });

  it('refuses a query it cannot answer, with errors', async () => {
    const queries: Array<Record<string, string>> = [
      { sort: 'message' },
      { order: 'newest' },
      { isRead: 'yes' },
      { page: '0' },
      { limit: '101' },
      { title: 'x'.repeat(256) },
    ];
    for (const query of queries) {
      const res = await t.app.inject({ url: '/api/message', query, headers: admin.headers });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), errors: [expect.any(String)] });
    }
  });
});
