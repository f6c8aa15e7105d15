import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { loadConfig } from '../../src/config.js';
import { buildTestApp, type TestApp } from '../helpers/index.js';

// Behind a reverse proxy the client's address comes from X-Forwarded-For, which the client can
// also write: only the hops the proxies appended may be believed (TRUST_PROXY = their number, or
// their addresses). With "every hop" a client picks its own address and dodges the per-IP limit.
describe('TRUST_PROXY decides which X-Forwarded-For hops are believed', () => {
  const perIp = 3;
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      env: { TRUST_PROXY: '1', LOGIN_MAX_FAILURES_PER_IP: String(perIp), LOGIN_MAX_FAILURES_PER_ACCOUNT: '100' },
    });
  });
  afterAll(() => t?.close());

  /** Through one proxy (10.0.0.2) that appends the address it saw (203.0.113.9) to what came in. */
  const viaProxy = (forged: string, i: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `spray${i}@example.com`, password: 'guess' },
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': `${forged}, 203.0.113.9` },
    });

  it('one proxy in front: a client forging a new address each time is still counted as itself', async () => {
    for (let i = 0; i < perIp; i++) expect((await viaProxy(`1.2.3.${i}`, i)).statusCode).toBe(400);
    const res = await viaProxy('1.2.3.99', 99);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: messages.tooManyRequests });
  });

  it('one proxy in front: the address the proxy appended is the client, so another client is counted apart', async () => {
    // The client above is blocked; a different client behind the same proxy is not.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'spray-other@example.com', password: 'guess' },
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '203.0.113.10' },
    });
    expect(other.statusCode).toBe(400);
  });

  it('reads false, true, a number of proxies or their addresses, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7' }).trustProxy).toBe('10.0.0.0/8,192.168.1.7');
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });
});
