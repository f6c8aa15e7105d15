import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createGiftBox,
  createGiftBoxConfig,
  type LoggedIn,
  loginAs,
  type TestApp,
  validConfig,
  validManualBox,
} from '../../helpers/index.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  payload?: object;
}

// Refused without an administrator's portal token, changing nothing: test/security/authorization-matrix.test.ts.
describe('the gift box calls', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let calls: Call[];

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    const configId = await createGiftBoxConfig(t.db, { type: 'Guarded config' });
    const doomedConfigId = await createGiftBoxConfig(t.db, { type: 'Guarded doomed config' });
    const boxId = await createGiftBox(t.db, configId);
    // Valid requests: the administrator gets 200 from each.
    calls = [
      { method: 'GET', url: '/api/giftbox' },
      { method: 'GET', url: `/api/giftbox/${configId}` },
      { method: 'POST', url: '/api/giftbox', payload: validConfig() },
      { method: 'PUT', url: '/api/giftbox', payload: { updateId: configId, ...validConfig() } },
      { method: 'POST', url: '/api/giftbox/manual', payload: validManualBox(configId) },
      { method: 'DELETE', url: `/api/giftbox/manual/${boxId}` },
      { method: 'DELETE', url: `/api/giftbox/${doomedConfigId}` },
      { method: 'GET', url: '/api/config/map' },
    ];
  });
  afterAll(() => t?.close());

  it('let the administrator through', async () => {
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: admin.headers });
      expect(res.statusCode, `${call.method} ${call.url} ${res.body}`).toBe(200);
    }
  });
});
