import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type LoggedIn, loginAs, type TestApp, expectDocumented } from '../../helpers/index.js';

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

  it('are documented in /api/docs with the bearer scheme and an answer per status', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const { paths } = res.json();
    const documented: Array<[string, string, string[]]> = [
      ['/api/giftcard', 'get', ['200', '400', '401', '403']],
      ['/api/giftcard/{id}', 'get', ['200', '400', '401', '403', '404']],
      ['/api/giftcard', 'post', ['200', '400', '401', '403', '409']],
      ['/api/giftcard', 'put', ['200', '400', '401', '403', '404', '409']],
      ['/api/giftcard/{id}', 'delete', ['200', '400', '401', '403', '404']],
      ['/api/multiplegiftcard', 'post', ['200', '201', '400', '401', '403', '413']],
    ];
    expectDocumented(paths, documented, () => 'gift-cards');
    const template = paths['/api/giftcard/csv-template']?.get;
    expect(template).toBeDefined();
    expect(template.security).toBeUndefined();
    expect(Object.keys(template.responses['200'].content)).toEqual(['text/csv']);
    const listParameters: Array<{ name: string }> = paths['/api/giftcard'].get.parameters;
    expect(listParameters.map((p) => p.name).sort()).toEqual([
      'isExpired',
      'limit',
      'order',
      'page',
      'serialNumber',
      'sort',
      'storeName',
    ]);
  });
});
