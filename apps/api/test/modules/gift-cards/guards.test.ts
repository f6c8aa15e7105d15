import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';

// Every other call refuses anything but an administrator's portal token, changing nothing:
// test/security/authorization-matrix.test.ts.
describe('the gift-card calls', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let walker: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    walker = await loginAs(t, 'User');
  });
  afterAll(() => t?.close());

  it('leave the CSV template public: no token needed, none refused', async () => {
    for (const headers of [{}, walker.headers, admin.headers, { authorization: 'Bearer not-a-token' }]) {
      const res = await t.app.inject({ url: '/api/giftcard/csv-template', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    }
  });
});
