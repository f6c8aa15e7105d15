import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { bulkRow, insertCard, validCard } from './gift-card-data.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  payload?: object;
}

describe('the gift-card calls', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let walker: LoggedIn;
  let cardId: number;
  let calls: Call[];

  const storedCount = async () =>
    (await t.app.inject({ url: '/api/giftcard', headers: admin.headers })).json().body.count as number;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    walker = await loginAs(t, 'User');
    cardId = await insertCard(t.db, { serialNumber: 'GUARDED-1' });
    // Valid requests: only the missing or wrong token may stop them.
    calls = [
      { method: 'GET', url: '/api/giftcard' },
      { method: 'GET', url: `/api/giftcard/${cardId}` },
      { method: 'POST', url: '/api/giftcard', payload: validCard() },
      { method: 'PUT', url: '/api/giftcard', payload: { updateId: cardId, ...validCard() } },
      { method: 'DELETE', url: `/api/giftcard/${cardId}` },
      { method: 'POST', url: '/api/multiplegiftcard', payload: { giftCards: [bulkRow()] } },
    ];
  });
  afterAll(() => t?.close());

  it('answer 401 Unauthorized without a token (or with a bad one), and change nothing', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(res.json()).toEqual({ message: messages.unauthorized });
      }
    }
    expect(await storedCount()).toBe(1);
    const still = await t.app.inject({ url: `/api/giftcard/${cardId}`, headers: admin.headers });
    expect(still.json().body[0].serialNumber).toBe('GUARDED-1');
  });

  it('answer 403 to an app user, and to an administrator signed in through the app', async () => {
    const adminInApp = await loginAs(t, 'Admin', { adminPortal: false });
    for (const who of [walker, adminInApp]) {
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers: who.headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(res.json()).toEqual({ message: messages.forbidden });
      }
    }
    expect(await storedCount()).toBe(1);
  });

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
    for (const [path, method, statuses] of documented) {
      const op = paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.security).toEqual([{ bearer: [] }]);
      expect(op.tags).toEqual(['gift-cards']);
      expect(Object.keys(op.responses).sort()).toEqual(statuses);
    }
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
