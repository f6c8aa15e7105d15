import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, expectDocumented } from '../../helpers/index.js';

// Refused without an administrator's portal token, changing nothing: test/security/authorization-matrix.test.ts.
describe('the users calls', () => {
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
      ['/api/users', 'get', ['200', '400', '401', '403']],
      ['/api/users/{id}', 'get', ['200', '400', '401', '403', '404']],
      ['/api/users', 'post', ['200', '400', '401', '403', '409']],
      ['/api/users', 'put', ['200', '400', '401', '403', '404', '409']],
      ['/api/users/updatepassword', 'put', ['200', '400', '401', '403', '404']],
      ['/api/users/{id}', 'delete', ['200', '400', '401', '403', '404']],
      ['/api/profile', 'get', ['200', '401', '403', '404']],
      ['/api/profile', 'put', ['200', '400', '401', '403', '404', '409']],
      ['/api/profile/change_password', 'post', ['200', '400', '401', '403', '429']],
    ];
    expectDocumented(paths, documented, (path) => (path.startsWith('/api/profile') ? 'profile' : 'users'));
    const listParameters: Array<{ name: string }> = paths['/api/users'].get.parameters;
    expect(listParameters.map((p) => p.name).sort()).toEqual([
      'email',
      'limit',
      'name',
      'order',
      'page',
      'role',
      'sort',
    ]);
  });
});
