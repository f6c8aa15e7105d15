import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, expectDocumented } from '../../helpers/index.js';

// Who may call them (an administrator's portal token; GET /app/notifications an active app user's):
// test/security/authorization-matrix.test.ts and test/security/tokens.test.ts.
describe('the notification calls', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('are documented in /api/docs with the bearer scheme and an answer per status', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const { paths } = res.json();
    const documented: Array<[string, string, string[]]> = [
      ['/api/notification', 'get', ['200', '400', '401', '403']],
      ['/api/notification', 'post', ['200', '400', '401', '403']],
      ['/api/notification/{id}', 'delete', ['200', '400', '401', '403', '404']],
      ['/api/app/notifications', 'get', ['200', '400', '401', '403', '429']],
    ];
    expectDocumented(paths, documented, (path) => (path.startsWith('/api/app/') ? 'app' : 'notifications'));
    const listParameters: Array<{ name: string }> = paths['/api/notification'].get.parameters;
    expect(listParameters.map((p) => p.name).sort()).toEqual(['limit', 'message', 'order', 'page', 'sort', 'title']);
  });
});
