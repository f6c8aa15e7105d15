import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '@strideadmin/contract';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../helpers/index.js';

// Decision 0011: a list counts its matching rows exactly up to limits.listCountCap (or up to the
// page asked for, if further); beyond, it answers the bound with countCapped, so its cost stays
// the same however large the table grows.
describe('list counts are exact up to the cap, then "more than"', () => {
  let t: TestApp;
  let admin: LoggedIn;
  const extra = limits.listCountCap + 50;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    const ids = await t.database.query<{ id: number }>(`select id from roles where name = 'User'`);
    await t.database.query(
      `insert into users (name, email, password_hash, role_id)
       select 'Many ' || g || case when g % 1000 = 0 then ' Rare' else '' end, 'many' || g || '@example.com', 'x', $1
       from generate_series(1, ${extra}) g`,
      [ids.rows[0]!.id],
    );
  });
  afterAll(() => t?.close());

  const list = async (query: string) => {
    const res = await t.app.inject({ url: `/api/users?${query}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    return res.json().body as { rows: unknown[]; count: number; countCapped?: true };
  };

  it('more rows than the cap: the cap and countCapped, with a full page', async () => {
    const body = await list('page=1&limit=20');
    expect(body).toMatchObject({ count: limits.listCountCap, countCapped: true });
    expect(body.rows).toHaveLength(20);
  });

  it('a filter matching fewer rows: the exact count, no countCapped', async () => {
    const body = await list('page=1&limit=20&name=rare');
    expect(body.count).toBe(Math.floor(extra / 1000));
    expect(body).not.toHaveProperty('countCapped');
  });

  it('a page past the cap counts up to that page, so the page is always within the count', async () => {
    const total = extra + 1; // and the admin
    const page = Math.ceil((limits.listCountCap + 40) / 100); // the page past the cap holding the last rows
    const body = await list(`page=${page}&limit=100`);
    expect(body).toEqual({ rows: expect.any(Array), count: total });
    expect(body.rows).toHaveLength(total - (page - 1) * 100);
  });
});
