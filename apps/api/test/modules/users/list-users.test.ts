import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { buildTestApp, createUser, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';

interface Row {
  id: number;
  name: string;
  email: string;
  createdAt: string;
}

describe('GET /api/users', () => {
  let t: TestApp;
  let admin: LoggedIn;

  const list = async (query: Record<string, string | number> = {}) => {
    const res = await t.app.inject({
      url: '/api/users',
      query: query as Record<string, string>,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as { rows: Row[]; count: number };
  };
  const names = (rows: Row[]) => rows.map((r) => r.name);

  beforeAll(async () => {
    t = await buildTestApp();
    // The administrator signs up now, after every user below (their createdAt are in 2024).
    admin = await loginAs(t, 'Admin', { user: { name: 'Zed Admin', email: 'zed@admins.test' } });
    const people: Array<[string, string]> = [
      ['Anna Berg', 'anna_berg@walkers.test'],
      ['Bertil Nord', 'annaxberg@walkers.test'], // would match anna_berg if _ were a wildcard
      ['Carla Stone', 'carla@walkers.test'],
      ['Dora Stone', 'dora@runners.test'],
      ['Eve 100% Sure', 'eve@runners.test'], // names straight into the table: the filter must cope
      ['Finn 1000 Sure', 'finn@runners.test'], // would match 100% if % were a wildcard
      ['Gus Back\\slash', 'gus@runners.test'],
    ];
    for (const [i, [name, email]] of people.entries()) {
      await createUser(t.db, { name, email, createdAt: new Date(Date.UTC(2024, 0, i + 1)) });
    }
  });
  afterAll(() => t?.close());

  it('answers a page of rows and the total, each row with Role { name } and no secrets', async () => {
    const { rows, count } = await list();

    expect(count).toBe(8);
    expect(rows).toHaveLength(8);
    // Default order: newest first.
    expect(rows[0]).toEqual({
      id: admin.user.id,
      name: 'Zed Admin',
      email: 'zed@admins.test',
      dob: null,
      height: null,
      weight: null,
      gender: null,
      totalCoins: 0,
      dailyFSGoal: 0,
      isActive: true,
      isTracking: false,
      profilePic: null,
      emailVerified: true,
      createdAt: expect.any(String),
      Role: { name: 'Admin' },
      deletedAt: null,
    });
    expect(rows[1]).toMatchObject({ name: 'Gus Back\\slash', Role: { name: 'User' } });
    expect(JSON.stringify(rows)).not.toMatch(/password|roleName/i);
  });

  describe('filters', () => {
    it('name: contains, in any case, with surrounding spaces ignored', async () => {
      for (const name of ['stone', 'STONE', '  Stone ', 'a ST']) {
        const { rows, count } = await list({ name, sort: 'name', order: 'asc' });
        expect(names(rows), name).toEqual(['Carla Stone', 'Dora Stone']);
        expect(count).toBe(2);
      }
    });

    it('email: contains, in any case', async () => {
      const { rows, count } = await list({ email: 'WALKERS.Test', sort: 'name', order: 'asc' });

      expect(names(rows)).toEqual(['Anna Berg', 'Bertil Nord', 'Carla Stone']);
      expect(count).toBe(3);
    });

    it('name and email together', async () => {
      const { rows, count } = await list({ name: 'stone', email: 'walkers' });

      expect(names(rows)).toEqual(['Carla Stone']);
      expect(count).toBe(1);
    });

    it('take %, _ and \\ literally', async () => {
      expect(names((await list({ email: 'anna_berg' })).rows)).toEqual(['Anna Berg']);
      expect(names((await list({ name: '100%' })).rows)).toEqual(['Eve 100% Sure']);
      expect(names((await list({ name: '%' })).rows)).toEqual(['Eve 100% Sure']);
      expect(names((await list({ name: '_' })).rows)).toEqual([]);
      expect(names((await list({ name: '\\' })).rows)).toEqual(['Gus Back\\slash']);
      expect((await list({ name: '\\%' })).count).toBe(0);
    });

    it('match nothing with an empty list and a zero count', async () => {
      expect(await list({ name: 'nobody at all' })).toEqual({ rows: [], count: 0 });
    });

    it('role: only the accounts of that role', async () => {
      const users = await list({ role: 'User', email: 'zed' });
      expect(users).toEqual({ rows: [], count: 0 });
      expect(names((await list({ role: 'Admin' })).rows)).toEqual(['Zed Admin']);
      expect((await list({ role: 'User' })).count).toBe(7);
      expect(names((await list({ role: 'User', name: 'stone', sort: 'name', order: 'asc' })).rows)).toEqual([
        'Carla Stone',
        'Dora Stone',
      ]);
    });

    it('treat an empty filter as no filter', async () => {
      expect((await list({ name: '', email: '   ' })).count).toBe(8);
    });
  });

  describe('pagination', () => {
    it('pages through the rows, the count staying the filtered total', async () => {
      const pages = [];
      for (const page of [1, 2, 3, 4]) pages.push(await list({ sort: 'createdAt', order: 'asc', limit: 3, page }));

      expect(pages.map((p) => names(p.rows))).toEqual([
        ['Anna Berg', 'Bertil Nord', 'Carla Stone'],
        ['Dora Stone', 'Eve 100% Sure', 'Finn 1000 Sure'],
        ['Gus Back\\slash', 'Zed Admin'],
        [],
      ]);
      expect(pages.map((p) => p.count)).toEqual([8, 8, 8, 8]);

      const filtered = await list({ email: 'runners', limit: 3, page: 2, sort: 'createdAt', order: 'asc' });
      expect(filtered).toMatchObject({ count: 4 });
      expect(names(filtered.rows)).toEqual(['Gus Back\\slash']);
    });

    it('breaks ties by id, so that no row shows on two pages', async () => {
      // Every totalCoins is 0: the order is the id's.
      for (const order of ['asc', 'desc'] as const) {
        const ids: number[] = [];
        for (const page of [1, 2, 3]) {
          ids.push(...(await list({ sort: 'totalCoins', order, limit: 3, page })).rows.map((r) => r.id));
        }
        const sorted = [...ids].sort((a, b) => (order === 'asc' ? a - b : b - a));
        expect(ids).toEqual(sorted);
        expect(new Set(ids).size).toBe(8);
      }
    });
  });

  describe('sorting', () => {
    it('by name, ascending and descending', async () => {
      expect(names((await list({ email: 'walkers', sort: 'name', order: 'asc' })).rows)).toEqual([
        'Anna Berg',
        'Bertil Nord',
        'Carla Stone',
      ]);
      expect(names((await list({ email: 'walkers', sort: 'name', order: 'desc' })).rows)).toEqual([
        'Carla Stone',
        'Bertil Nord',
        'Anna Berg',
      ]);
    });

    it('by createdAt, ascending and descending', async () => {
      const asc = names((await list({ email: 'runners', sort: 'createdAt', order: 'asc' })).rows);
      const desc = names((await list({ email: 'runners', sort: 'createdAt', order: 'desc' })).rows);

      expect(asc).toEqual(['Dora Stone', 'Eve 100% Sure', 'Finn 1000 Sure', 'Gus Back\\slash']);
      expect(desc).toEqual([...asc].reverse());
    });
  });

  it('refuses a query it cannot answer', async () => {
    const queries: Array<Record<string, string>> = [
      { sort: 'passwordHash' },
      { order: 'sideways' },
      { page: '0' },
      { page: 'two' },
      { limit: '0' },
      { limit: '101' },
      { name: 'x'.repeat(256) },
      { role: 'Owner' },
    ];
    for (const query of queries) {
      const res = await t.app.inject({ url: '/api/users', query, headers: admin.headers });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), errors: [expect.any(String)] });
    }
  });

  it('a page size it cannot give says which sizes there are', async () => {
    for (const limit of ['500', '0', '2.5', 'all']) {
      const res = await t.app.inject({ url: '/api/users', query: { limit }, headers: admin.headers });
      expect(res.statusCode, limit).toBe(400);
      expect(res.json(), limit).toEqual({ message: messages.listLimitInvalid, errors: [messages.listLimitInvalid] });
    }
    expect(messages.listLimitInvalid).toBe(
      "limit must be a whole number from 1 to 100; the portal's page sizes are 10, 20, 50 and 100.",
    );
  });
});
