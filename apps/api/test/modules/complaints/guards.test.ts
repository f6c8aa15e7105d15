import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, expectDocumented } from '../../helpers/index.js';

// Who may call them (an administrator's portal token; not even the sender's app token; POST /app/message
// an app user's): test/security/authorization-matrix.test.ts.
describe('the complaint-query calls', () => {
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
      ['/api/message', 'get', ['200', '400', '401', '403']],
      ['/api/message/{id}', 'get', ['200', '400', '401', '403', '404']],
      ['/api/message', 'put', ['200', '400', '401', '403', '404']],
      ['/api/message/{id}', 'delete', ['200', '400', '401', '403', '404']],
      ['/api/app/message', 'post', ['200', '400', '401', '403', '429']],
    ];
    expectDocumented(paths, documented, (path) => (path.startsWith('/api/app/') ? 'app' : 'complaint-queries'));
    const listParameters: Array<{ name: string }> = paths['/api/message'].get.parameters;
    expect(listParameters.map((p) => p.name).sort()).toEqual(['isRead', 'limit', 'order', 'page', 'sort', 'title']);
  });
});
