import type { Dashboard } from '@strideadmin/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';

// Who may call it (an administrator's portal token only): test/security/authorization-matrix.test.ts.
describe('GET /api/dashboard: what it takes', () => {
  let t: TestApp;
  let admin: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('answers 400 to a range that is not one of docs/behaviour.md §9, whatever the case', async () => {
    for (const range of ['week', 'Last Week', 'Yesterday', '7', '']) {
      const res = await t.app.inject({ url: '/api/dashboard', query: { range }, headers: admin.headers });
      expect(res.statusCode, range).toBe(400);
      expect(res.json().message).toBe('range must be Today, Week, Month, Year or All.');
    }
  });

  it('takes Today when no range is given', async () => {
    const hourNow = async () => {
      const raw: unknown = await t.db.execute(sql`select extract(hour from now())::int as h`);
      return (raw as { rows: Array<{ h: number }> }).rows[0]!.h;
    };
    const before = await hourNow();
    const res = await t.app.inject({ url: '/api/dashboard', headers: admin.headers });
    const after = await hourNow();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body as Dashboard;
    expect(body).toMatchObject({ range: 'Today', granularity: 'hour' });
    // The day's hours from midnight, one a point, the last one the current hour of the database.
    const periods = body.series.map((p) => p.period);
    expect(periods[0]).toBe(`${body.to}T00:00`);
    expect(periods).toEqual(periods.map((_, h) => `${body.to}T${String(h).padStart(2, '0')}:00`));
    // (The hour may turn between the call and the clock's reading.)
    expect([before + 1, after + 1]).toContain(periods.length);
  });
});
