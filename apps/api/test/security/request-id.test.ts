import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/index.js';

// X-Request-Id names a request in every log line: a client choosing it could file its requests
// under someone else's id. Only a proxy TRUST_PROXY trusts may set it, and only as an id.
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function health(t: TestApp, id: string, remoteAddress = '203.0.113.7') {
  return t.app.inject({ url: '/api/health/live', headers: { 'x-request-id': id }, remoteAddress });
}

describe('x-request-id without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it("ignores the client's id and answers a new one", async () => {
    const res = await health(t, 'victim-request-42');
    expect(res.headers['x-request-id']).not.toBe('victim-request-42');
    expect(res.headers['x-request-id']).toMatch(uuid);
  });
});

describe('x-request-id with TRUST_PROXY', () => {
  let byHops: TestApp;
  let byAddress: TestApp;
  beforeAll(async () => {
    byHops = await buildTestApp({ env: { TRUST_PROXY: '1' } });
    byAddress = await buildTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
  });
  afterAll(async () => {
    await byHops?.close();
    await byAddress?.close();
  });

  it("keeps the proxy's id", async () => {
    expect((await health(byHops, 'lb-4f2a.9:1')).headers['x-request-id']).toBe('lb-4f2a.9:1');
    expect((await health(byAddress, 'lb-4f2a', '10.1.2.3')).headers['x-request-id']).toBe('lb-4f2a');
  });

  it('ignores it from a peer that is not one of the trusted proxies', async () => {
    expect((await health(byAddress, 'lb-4f2a', '203.0.113.7')).headers['x-request-id']).toMatch(uuid);
  });

  it('replaces one that does not read as an id (too long, unsafe characters)', async () => {
    for (const bad of ['x'.repeat(129), 'a b', 'id"}\\n{"level":60', 'ü']) {
      expect((await health(byHops, bad)).headers['x-request-id'], bad).toMatch(uuid);
    }
    expect((await health(byHops, 'x'.repeat(128))).headers['x-request-id']).toBe('x'.repeat(128));
  });
});
