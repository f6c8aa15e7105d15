import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, messages } from '@strideadmin/contract';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { lists, newMarker } from './lists.js';

/** GET /api/<list>/ids, "select all matching" of the six lists (docs/behaviour.md §12). */
describe('GET /api/<list>/ids', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let walker: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    walker = await loginAs(t, 'User');
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = admin.headers) => t.app.inject({ url, headers });

  describe.each(lists)('$path', ({ path, filter, seed }) => {
    it("answers the ids of every row the list's filters match, in the list's order, page and limit ignored", async () => {
      const marker = newMarker();
      const ids = await seed(t, marker, 5);
      await seed(t, newMarker(), 2); // not matching

      const asc = await get(`${path}/ids?${filter}=${marker}&sort=id&order=asc&page=3&limit=1`);
      expect(asc.statusCode).toBe(200);
      expect(asc.json()).toEqual({ body: { ids, count: 5 } });

      const desc = await get(`${path}/ids?${filter}=${marker}&sort=id&order=desc`);
      expect(desc.json()).toEqual({ body: { ids: [...ids].reverse(), count: 5 } });

      // The list's default order (and its tie-break by id) is the same as its page's.
      const page = await get(`${path}?${filter}=${marker}&limit=100`);
      const all = await get(`${path}/ids?${filter}=${marker}`);
      const pageIds = page.json<{ body: { rows: Array<{ id: number }> } }>().body.rows.map((r) => r.id);
      expect(pageIds).toHaveLength(5);
      expect(all.json().body.ids).toEqual(pageIds);

      const none = await get(`${path}/ids?${filter}=${newMarker()}`);
      expect(none.json()).toEqual({ body: { ids: [], count: 0 } });
    });

    it('refuses a query the list refuses, and answers 401 without a token, 403 to an app user', async () => {
      const bad = await get(`${path}/ids?sort=nothing`);
      expect(bad.statusCode).toBe(400);

      const anonymous = await get(`${path}/ids`, {});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: messages.unauthorized });
      const app = await get(`${path}/ids`, walker.headers);
      expect(app.statusCode).toBe(403);
      expect(app.json()).toEqual({ message: messages.forbidden });
    });
  });

  it(`stops at ${limits.selectAllMax.toLocaleString('en-US')} ids and says more match (countCapped)`, async () => {
    const { path, filter, seed } = lists.find((l) => l.path === '/api/message')!;
    const marker = newMarker();
    const ids = await seed(t, marker, limits.selectAllMax);

    const exactly = await get(`${path}/ids?${filter}=${marker}&sort=id&order=asc`);
    expect(exactly.statusCode).toBe(200);
    expect(exactly.json()).toEqual({ body: { ids, count: limits.selectAllMax } });

    await seed(t, marker, 1);
    const over = await get(`${path}/ids?${filter}=${marker}&sort=id&order=asc`);
    expect(over.json()).toEqual({ body: { ids, count: limits.selectAllMax, countCapped: true } });
  });
});
