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
    const res = await t.app.inject({ url: '/api/dashboard', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toMatchObject({ range: 'Today', granularity: 'hour' });
    expect(res.json().body.series).toHaveLength(1);
  });
});
