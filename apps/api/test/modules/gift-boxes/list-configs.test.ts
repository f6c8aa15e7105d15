import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GiftBoxConfig } from '@strideadmin/contract';
import {
  buildTestApp,
  createGiftBox,
  createGiftBoxConfig,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../helpers/index.js';

describe('GET /api/giftbox', () => {
  let t: TestApp;
  let admin: LoggedIn;
  const ids: Record<string, number> = {};

  const list = async (query: Record<string, string | number> = {}) => {
    const res = await t.app.inject({
      url: '/api/giftbox',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as { rows: GiftBoxConfig[]; count: number };
  };
  const types = (rows: GiftBoxConfig[]) => rows.map((r) => r.type);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    // Created in this order (createdAt in 2024): [type, minCoins, maxCoins, boxes placed by hand].
    const fixtures: Array<[string, number, number, number]> = [
      ['Bronze', 1, 10, 2],
      ['Silver', 10, 50, 0],
      ['Gold', 50, 100, 3],
      ['GOLDEN week', 10, 20, 1],
      ['100% bonus', 100, 100, 0], // a % in the name, to be taken literally
      ['Night_owl', 5, 5, 0], // an _ in the name, to be taken literally
    ];
    for (const [i, [type, minCoins, maxCoins, boxes]] of fixtures.entries()) {
      ids[type] = await createGiftBoxConfig(t.db, {
        type,
        minCoins,
        maxCoins,
        stepsToUnlock: 1000 * (i + 1),
        createdAt: new Date(Date.UTC(2024, 0, i + 1)),
      });
      for (let b = 0; b < boxes; b++) await createGiftBox(t.db, ids[type]);
    }
  });
  afterAll(() => t?.close());

  it('answers a page of configs in the contract shape, newest first, each with its box count', async () => {
    const { rows, count } = await list();

    expect(count).toBe(6);
    expect(types(rows)).toEqual(['Night_owl', '100% bonus', 'GOLDEN week', 'Gold', 'Silver', 'Bronze']);
    expect(rows.map((r) => r.manualBoxCount)).toEqual([0, 0, 1, 3, 0, 2]);
    expect(rows[5]).toEqual({
      id: ids.Bronze,
      type: 'Bronze',
      minCoins: 1,
      maxCoins: 10,
      stepsToUnlock: 1000,
      boxesPerDay: 3,
      isActive: true,
      manualBoxCount: 2,
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: expect.any(String),
    });
  });

  describe('filter type (Config Name)', () => {
    it('contains, in any case, with surrounding spaces ignored', async () => {
      for (const type of ['gold', 'GOLD', ' Gold ', 'old']) {
        const { rows, count } = await list({ type, sort: 'id', order: 'asc' });
        expect(types(rows), type).toEqual(['Gold', 'GOLDEN week']);
        expect(rows.map((r) => r.manualBoxCount)).toEqual([3, 1]);
        expect(count).toBe(2);
      }
    });

    it('takes %, _ and \\ literally', async () => {
      expect(types((await list({ type: '0%' })).rows)).toEqual(['100% bonus']);
      expect(types((await list({ type: 't_o' })).rows)).toEqual(['Night_owl']);
      expect((await list({ type: '%' })).count).toBe(1);
      expect((await list({ type: '_' })).count).toBe(1);
      expect((await list({ type: '\\' })).count).toBe(0);
    });

    it('an empty filter is no filter; nothing found is an empty page', async () => {
      expect((await list({ type: '   ' })).count).toBe(6);
      expect(await list({ type: 'platinum' })).toEqual({ rows: [], count: 0 });
    });
  });

  describe('pagination and sorting', () => {
    it('pages through the rows, the count staying the filtered total, each row with its own box count', async () => {
      const pages = [];
      for (const page of [1, 2, 3, 4]) pages.push(await list({ sort: 'id', order: 'asc', limit: 2, page }));
      expect(pages.map((p) => p.count)).toEqual([6, 6, 6, 6]);
      expect(pages.map((p) => types(p.rows))).toEqual([
        ['Bronze', 'Silver'],
        ['Gold', 'GOLDEN week'],
        ['100% bonus', 'Night_owl'],
        [],
      ]);
      expect(pages.map((p) => p.rows.map((r) => r.manualBoxCount))).toEqual([[2, 0], [3, 1], [0, 0], []]);
      const filtered = await list({ type: 'gold', sort: 'id', order: 'asc', limit: 1, page: 2 });
      expect(filtered).toMatchObject({ count: 2 });
      expect(types(filtered.rows)).toEqual(['GOLDEN week']);
    });

    it('sorts by minCoins both ways, ties broken by id in the same direction', async () => {
      const asc = await list({ sort: 'minCoins', order: 'asc' });
      expect(types(asc.rows)).toEqual(['Bronze', 'Night_owl', 'Silver', 'GOLDEN week', 'Gold', '100% bonus']);
      const desc = await list({ sort: 'minCoins', order: 'desc' });
      expect(types(desc.rows)).toEqual(['100% bonus', 'Gold', 'GOLDEN week', 'Silver', 'Night_owl', 'Bronze']);
    });

    it('sorts by maxCoins, stepsToUnlock and createdAt, and pages a sorted list', async () => {
      const byMax = await list({ sort: 'maxCoins', order: 'desc', limit: 3 });
      expect(types(byMax.rows)).toEqual(['100% bonus', 'Gold', 'Silver']);
      const bySteps = await list({ sort: 'stepsToUnlock', order: 'desc', limit: 2, page: 2 });
      expect(types(bySteps.rows)).toEqual(['GOLDEN week', 'Gold']);
      expect(bySteps.rows.map((r) => r.manualBoxCount)).toEqual([1, 3]);
      const oldest = await list({ sort: 'createdAt', order: 'asc', limit: 1 });
      expect(types(oldest.rows)).toEqual(['Bronze']);
    });
  });

  it('refuses a query it cannot answer, with errors', async () => {
    const queries: Array<Record<string, string>> = [
      { sort: 'manualBoxCount' },
      { order: 'random' },
      { page: '0' },
      { limit: '101' },
      { type: 'x'.repeat(256) },
    ];
    for (const query of queries) {
      const res = await t.app.inject({ url: '/api/giftbox', query, headers: admin.headers });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), errors: [expect.any(String)] });
    }
  });
});
