import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { giftBoxConfigs, giftBoxes } from '../../../src/db/schema.js';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { insertBox, insertConfig, validConfig, validManualBox } from './gift-box-data.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  payload?: object;
}

describe('the gift box calls', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let walker: LoggedIn;
  let calls: Call[];

  const storedCounts = async () => ({
    configs: (await t.db.select({ type: giftBoxConfigs.type }).from(giftBoxConfigs)).map((c) => c.type),
    boxes: (await t.db.select({ id: giftBoxes.id }).from(giftBoxes)).length,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    walker = await loginAs(t, 'User');
    const configId = await insertConfig(t.db, { type: 'Guarded config' });
    const doomedConfigId = await insertConfig(t.db, { type: 'Guarded doomed config' });
    const boxId = await insertBox(t.db, configId);
    // Valid requests: only the missing or wrong token may stop them.
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

  it('answer 401 Unauthorized without a token (or with a bad one), and change nothing', async () => {
    const before = await storedCounts();
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(res.json()).toEqual({ message: messages.unauthorized });
      }
    }
    expect(await storedCounts()).toEqual(before);
  });

  it('answer 403 to an app user, and to an administrator signed in through the app', async () => {
    const before = await storedCounts();
    const adminInApp = await loginAs(t, 'Admin', { adminPortal: false });
    for (const who of [walker, adminInApp]) {
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers: who.headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(res.json()).toEqual({ message: messages.forbidden });
      }
    }
    expect(await storedCounts()).toEqual(before);
  });

  it('let the administrator through', async () => {
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: admin.headers });
      expect(res.statusCode, `${call.method} ${call.url} ${res.body}`).toBe(200);
    }
  });

  it('are documented in /api/docs with the bearer scheme and an answer per status', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const { paths } = res.json();
    const documented: Array<[string, string, string[]]> = [
      ['/api/giftbox', 'get', ['200', '400', '401', '403']],
      ['/api/giftbox/{id}', 'get', ['200', '400', '401', '403', '404']],
      ['/api/giftbox', 'post', ['200', '400', '401', '403', '409']],
      ['/api/giftbox', 'put', ['200', '400', '401', '403', '404', '409']],
      ['/api/giftbox/{id}', 'delete', ['200', '400', '401', '403', '404']],
      ['/api/giftbox/manual', 'post', ['200', '400', '401', '403', '404']],
      ['/api/giftbox/manual/{id}', 'delete', ['200', '400', '401', '403', '404']],
      ['/api/config/map', 'get', ['200', '401', '403']],
    ];
    for (const [path, method, statuses] of documented) {
      const op = paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.security).toEqual([{ bearer: [] }]);
      expect(op.tags).toEqual(['gift-boxes']);
      expect(Object.keys(op.responses).sort()).toEqual(statuses);
    }
    const listParameters: Array<{ name: string }> = paths['/api/giftbox'].get.parameters;
    expect(listParameters.map((p) => p.name).sort()).toEqual(['limit', 'order', 'page', 'sort', 'type']);
  });
});
