import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '@strideadmin/contract';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { lists, newMarker } from './lists.js';

/** `?count=exact` on the six list calls: the count past limits.listCountCap (docs/behaviour.md §12, decision 0011). */
describe('GET /api/<list>?count=exact', () => {
  let t: TestApp;
  let admin: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ url, headers: admin.headers });
  const rows = limits.listCountCap + 7;

  it.each(lists)(
    `$path counts all ${rows} matching rows with count=exact, and stops at the cap without`,
    async ({ path, filter, seed }) => {
      const marker = newMarker();
      await seed(t, marker, rows);

      const capped = await get(`${path}?${filter}=${marker}`);
      expect(capped.statusCode).toBe(200);
      expect(capped.json().body).toMatchObject({ count: limits.listCountCap, countCapped: true });

      const exact = await get(`${path}?${filter}=${marker}&count=exact`);
      expect(exact.statusCode).toBe(200);
      expect(exact.json().body.count).toBe(rows);
      expect(exact.json().body).not.toHaveProperty('countCapped');
      expect(exact.json().body.rows).toHaveLength(limits.listDefaultPageSize);

      const bogus = await get(`${path}?${filter}=${marker}&count=bogus`);
      expect(bogus.statusCode).toBe(400);
      expect(bogus.json()).toEqual({
        message: 'count must be exact, or left out.',
        errors: ['count must be exact, or left out.'],
      });
    },
  );
});
