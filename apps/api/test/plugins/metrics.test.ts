import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { buildTestApp, createUser, login, type LoggedIn, loginAs, type TestApp } from '../helpers/index.js';
import { freePort } from '../helpers/server-process.js';
import { bulkRow } from '../modules/gift-cards/gift-card-data.js';
import { insertAppUsers, sendNotification } from '../modules/notifications/notification-data.js';

const token = 'metrics-scraper-token-0123456789';
const prometheusType = 'text/plain; version=0.0.4; charset=utf-8';
const driver = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** One sample of a Prometheus text exposition: `name{labels} value`; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

/** The `# TYPE` of each metric family in the text. */
function families(text: string): Map<string, string> {
  return new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
}

describe('GET /metrics with METRICS_TOKEN (on the main port)', () => {
  let t: TestApp;
  let admin: LoggedIn;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(prometheusType);
    return res.body;
  };

  beforeAll(async () => {
    t = await buildTestApp({
      env: { METRICS_TOKEN: token, LOGIN_MAX_FAILURES_PER_ACCOUNT: '2' },
      // A route that fails, as a bug would: the 5xx counters must see it.
      setup: (app) => {
        app.get('/api/test-boom/:id', async () => {
          throw new Error('boom');
        });
      },
    });
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('refuses a scrape without a token, or with another one: 401 and the JSON envelope', async () => {
    for (const authorization of [
      undefined,
      'Bearer ',
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      `Basic ${token}`,
      admin.headers.authorization,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ message: messages.unauthorized });
      expect(res.body).not.toContain('strideadmin_');
    }
  });

  it('serves Prometheus text (version 0.0.4) with the Node process metrics of this app', async () => {
    const text = await scrape();
    const types = families(text);
    expect(types.get('strideadmin_process_cpu_user_seconds_total')).toBe('counter');
    expect(types.get('strideadmin_nodejs_heap_size_used_bytes')).toBe('gauge');
    expect(types.get('strideadmin_http_requests_total')).toBe('counter');
    expect(types.get('strideadmin_http_request_duration_seconds')).toBe('histogram');
    expect(types.get('strideadmin_http_server_errors_total')).toBe('counter');
    expect(types.get('strideadmin_sign_in_failures_total')).toBe('counter');
    expect(types.get('strideadmin_gift_card_import_rows_total')).toBe('counter');
    expect(types.get('strideadmin_notification_outbox_pending')).toBe('gauge');
    expect(types.get('strideadmin_notification_outbox_oldest_due_seconds')).toBe('gauge');
    expect(sample(text, 'strideadmin_process_resident_memory_bytes')).toBeGreaterThan(0);
    // Its own registry: never the process-wide default one (other apps of this process are not in it).
    expect(text.match(/^# TYPE strideadmin_http_requests_total /gm)).toHaveLength(1);
  });

  it('counts requests by route pattern and status, times them in a histogram, and labels unmatched paths', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: admin.headers });
      expect(res.statusCode).toBe(200);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-call/12345?x=1' });
    expect(missing.statusCode).toBe(404);

    const text = await scrape();
    const route = { method: 'GET', route: '/api/users/:id' };
    expect(sample(text, 'strideadmin_http_requests_total', { ...route, status_code: '200' })).toBe(3);
    expect(
      sample(text, 'strideadmin_http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' }),
    ).toBe(1);
    // Never a raw URL as a label: ids and unknown paths would make series without end.
    expect(text).not.toContain(`/api/users/${user.id}`);
    expect(text).not.toContain('no-such-call');
    // The histogram: every bucket, cumulative, up to +Inf = count; the sum is a duration in seconds.
    const buckets = ['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf'].map((le) =>
      sample(text, 'strideadmin_http_request_duration_seconds_bucket', { ...route, le }),
    );
    expect(buckets.every((b) => b !== undefined)).toBe(true);
    expect(buckets).toEqual([...buckets].sort((a, b) => a! - b!));
    expect(buckets.at(-1)).toBe(3);
    expect(sample(text, 'strideadmin_http_request_duration_seconds_count', route)).toBe(3);
    const sum = sample(text, 'strideadmin_http_request_duration_seconds_sum', route)!;
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(30);
  });

  it('counts 5xx answers by route', async () => {
    const before = sample(await scrape(), 'strideadmin_http_server_errors_total', {
      method: 'GET',
      route: '/api/test-boom/:id',
    });
    expect(before).toBeUndefined();
    for (const id of ['1', '2']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/test-boom/${id}` });
      expect(res.statusCode).toBe(500);
    }
    const text = await scrape();
    expect(sample(text, 'strideadmin_http_server_errors_total', { method: 'GET', route: '/api/test-boom/:id' })).toBe(
      2,
    );
    expect(
      sample(text, 'strideadmin_http_requests_total', {
        method: 'GET',
        route: '/api/test-boom/:id',
        status_code: '500',
      }),
    ).toBe(2);
  });

  it('counts failed sign-ins by reason: bad credentials, not an admin, inactive, rate limited', async () => {
    const reasons = ['bad_credentials', 'not_admin', 'inactive', 'rate_limited'];
    const count = async () => {
      const text = await scrape();
      return Object.fromEntries(
        reasons.map((reason) => [reason, sample(text, 'strideadmin_sign_in_failures_total', { reason })]),
      );
    };
    // Every reason is there from the start, at 0.
    expect(await count()).toEqual({ bad_credentials: 0, not_admin: 0, inactive: 0, rate_limited: 0 });

    const appUser = await createUser(t.db, { role: 'User' });
    const inactiveAdmin = await createUser(t.db, { role: 'Admin', isActive: false });
    const target = await createUser(t.db, { role: 'Admin' });
    const expectStatus = async (body: Parameters<typeof login>[1], status: number) =>
      expect((await login(t.app, body)).statusCode).toBe(status);

    await expectStatus({ email: appUser.email, password: appUser.password!, adminPortal: true }, 403);
    await expectStatus({ email: inactiveAdmin.email, password: inactiveAdmin.password!, adminPortal: true }, 403);
    await expectStatus({ email: target.email, password: 'wrong-password-1', adminPortal: true }, 400);
    await expectStatus({ email: target.email, password: 'wrong-password-2', adminPortal: true }, 400);
    // LOGIN_MAX_FAILURES_PER_ACCOUNT=2: the next attempts are refused before any password check.
    await expectStatus({ email: target.email, password: target.password!, adminPortal: true }, 429);
    await expectStatus({ email: target.email, password: 'wrong-password-3', adminPortal: true }, 429);

    expect(await count()).toEqual({ bad_credentials: 2, not_admin: 1, inactive: 1, rate_limited: 2 });
  });

  it('counts the rows of bulk imports: created and refused', async () => {
    const post = (giftCards: object[]) =>
      t.app.inject({ method: 'POST', url: '/api/multiplegiftcard', payload: { giftCards }, headers: admin.headers });
    const rows = (outcome: string, text: string) =>
      sample(text, 'strideadmin_gift_card_import_rows_total', { outcome });
    const start = await scrape();
    expect([rows('created', start), rows('refused', start)]).toEqual([0, 0]);

    const all = await post([bulkRow(), bulkRow(), bulkRow(), bulkRow(), bulkRow()]);
    expect(all.statusCode, all.body).toBe(200);
    const taken = bulkRow();
    const partly = await post([
      taken,
      bulkRow(),
      { ...bulkRow(), serialNumber: taken.serialNumber },
      bulkRow({ price: 'x' }),
    ]);
    expect(partly.statusCode, partly.body).toBe(201);
    const refusedRows = partly.json<{ body: unknown[] }>().body.length;

    const text = await scrape();
    expect(rows('created', text)).toBe(5 + 4 - refusedRows);
    expect(rows('refused', text)).toBe(refusedRows);
    expect(refusedRows).toBeGreaterThanOrEqual(2);
  });

  it('reads the notification outbox backlog when scraped: pending deliveries and the oldest due one', async () => {
    const before = await scrape();
    expect(sample(before, 'strideadmin_notification_outbox_pending')).toBe(0);
    expect(sample(before, 'strideadmin_notification_outbox_oldest_due_seconds')).toBe(0);

    // The worker is off in tests: the deliveries stay pending.
    await insertAppUsers(t.db, 7);
    await sendNotification(t.app, admin, { audience: 'all' });
    await sendNotification(t.app, admin, { audience: 'all', sendAt: new Date(Date.now() + 3_600_000).toISOString() });
    await new Promise((r) => setTimeout(r, 1100));

    const text = await scrape();
    const appUsers = await t.database.query<{ n: number }>(
      "select count(*)::int as n from users u join roles r on r.id = u.role_id where r.name = 'User'",
    );
    expect(sample(text, 'strideadmin_notification_outbox_pending')).toBe(2 * appUsers.rows[0]!.n);
    // Only the one due now has waited; the scheduled one is not due yet.
    const oldest = sample(text, 'strideadmin_notification_outbox_oldest_due_seconds')!;
    expect(oldest).toBeGreaterThanOrEqual(1);
    expect(oldest).toBeLessThan(60);
  });

  it(`reports the PostgreSQL pool when there is one (${driver})`, async () => {
    const text = await scrape();
    if (driver === 'pglite') {
      // One in-process connection: no pool to report.
      expect(text).not.toContain('strideadmin_db_pool_');
      return;
    }
    expect(sample(text, 'strideadmin_db_pool_max_connections')).toBe(4); // the test databases' pool size
    const total = sample(text, 'strideadmin_db_pool_connections')!;
    const idle = sample(text, 'strideadmin_db_pool_idle_connections')!;
    expect(total).toBeGreaterThanOrEqual(1);
    expect(total).toBeLessThanOrEqual(4);
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(idle).toBeLessThanOrEqual(total);
    expect(sample(text, 'strideadmin_db_pool_waiting_queries')).toBe(0);
  });

  it('is left out of the API reference', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(res.json<{ paths: object }>().paths)).not.toContain('/metrics');
  });
});

describe('metrics off (the default)', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    // A built portal present: its SPA fallback answers page paths with index.html.
    web = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-web-'));
    await writeFile(path.join(web, 'index.html'), '<!doctype html><title>portal</title>');
    t = await buildTestApp({ env: { WEB_DIST_DIR: web } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(web, { recursive: true, force: true });
  });

  it('answers /metrics with a JSON 404, never the portal page, token or not, whatever it accepts', async () => {
    // The portal is live: its pages get index.html, and a browser asking for an unknown path gets it too.
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>portal</title>');
    const unknown = await t.app.inject({ method: 'GET', url: '/metrics-x', headers: { accept: 'text/html' } });
    expect(unknown.body).toContain('<title>portal</title>');

    for (const headers of [
      {},
      { authorization: `Bearer ${token}` },
      { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      { accept: 'application/openmetrics-text; version=1.0.0,text/plain;version=0.0.4;q=0.5' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: messages.notFound });
    }
    expect(t.app.metrics.enabled).toBe(false);
  });
});

describe('METRICS_PORT: a listener of its own', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await buildTestApp({ env: { METRICS_PORT: String(port) } });
  });
  afterAll(() => t?.close());

  it('serves /metrics on 127.0.0.1 without a token, as Prometheus text', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(prometheusType);
    const text = await res.text();
    expect(
      sample(text, 'strideadmin_http_requests_total', { method: 'GET', route: '/api/health', status_code: '200' }),
    ).toBe(1);
    expect(sample(text, 'strideadmin_notification_outbox_pending')).toBe(0);
  });

  it('answers anything else there with a JSON 404', async () => {
    for (const url of ['/', '/api/health', '/metrics/x']) {
      const res = await fetch(`http://127.0.0.1:${port}${url}`);
      expect(res.status, url).toBe(404);
      expect(await res.json()).toEqual({ message: messages.notFound });
    }
    const post = await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('does not serve /metrics on the main port without METRICS_TOKEN', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: messages.notFound });
  });

  it('stops listening when the app closes', async () => {
    const other = await freePort();
    const t2 = await buildTestApp({ env: { METRICS_PORT: String(other) }, database: t.database });
    expect((await fetch(`http://127.0.0.1:${other}/metrics`)).status).toBe(200);
    await t2.close();
    await expect(fetch(`http://127.0.0.1:${other}/metrics`)).rejects.toThrow();
  });
});
