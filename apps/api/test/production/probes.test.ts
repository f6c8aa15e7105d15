// Probes in Kubernetes' and load balancers' conventions, and paths that
// are not the portal's never answer its page with 200.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, portalPaths } from '@strideadmin/contract';
import { buildTestApp, createUser, login, type TestApp } from '../helpers/index.js';

describe('probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('live: 200 while the process answers, touching nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: { status: 'ok', uptimeSeconds: expect.any(Number) } });
  });

  it('ready: 200 with the database answering and every migration of this build applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });

    expect(res.statusCode).toBe(200);
    const { body } = res.json();
    expect(body).toMatchObject({ status: 'ready', database: true, draining: false });
    expect(body.migrations.applied).toBe(body.migrations.expected);
    expect(body.migrations.expected).toBeGreaterThanOrEqual(10);
  });

  it('ready: 503 while a migration this build knows is missing from the database', async () => {
    const { rows } = await t.database.query<{ id: number; hash: string; created_at: string }>(
      'select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1',
    );
    const last = rows[0]!;
    await t.database.query('delete from drizzle.__drizzle_migrations where id = $1', [last.id]);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });

      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ message: messages.migrationsPending, body: { status: 'not_ready' } });
      // Alive all the same: a restart would not help.
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await t.database.query('insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)', [
        last.id,
        last.hash,
        last.created_at,
      ]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('while draining: ready and health answer 503, every answer says Connection: close, work is still done', async () => {
    const other = await buildTestApp();
    try {
      other.app.lifecycle.startDraining();

      const ready = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        message: messages.shuttingDown,
        body: { status: 'draining', draining: true },
      });
      expect(ready.headers.connection).toBe('close');

      const health = await other.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ message: messages.shuttingDown, body: { status: 'draining' } });

      // A request that reached a draining server is answered, not refused.
      const admin = await createUser(other.db, { role: 'Admin' });
      const signIn = await login(other.app, { email: admin.email, password: admin.password!, adminPortal: true });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.headers.connection).toBe('close');
      const list = await other.app.inject({
        method: 'GET',
        url: '/api/users',
        headers: { authorization: `Bearer ${signIn.json().body.token}` },
      });
      expect(list.statusCode).toBe(200);
      expect(list.headers.connection).toBe('close');
      expect((await other.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('ready: 503 when the database does not answer', async () => {
    const other = await buildTestApp();
    try {
      await other.database.close();

      const res = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ message: messages.serviceUnavailable, body: { database: false } });
    } finally {
      await other.close();
    }
  });

  it('are public and in the API document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const p of ['/api/health', '/api/health/live', '/api/health/ready'])
      expect(doc.paths[p]?.get, p).toBeDefined();
  });
});

describe('paths that are not pages of the portal', () => {
  let t: TestApp;
  let webDir: string;
  const indexHtml = '<!doctype html><title>portal</title><div id="root"></div>';
  // The build's page of its own for /login (index.html announcing the sign-in screen's chunks).
  const loginHtml = '<!doctype html><title>portal</title><link rel="modulepreload" href="/assets/login-x.js">';
  // And for Home (index.html announcing Home's chunks too).
  const homeHtml = '<!doctype html><title>portal</title><link rel="modulepreload" href="/assets/dashboard-x.js">';

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(tmpdir(), 'strideadmin-web-'));
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(path.join(webDir, 'index.html'), indexHtml);
    await writeFile(path.join(webDir, 'login.html'), loginHtml);
    await writeFile(path.join(webDir, 'home.html'), homeHtml);
    await writeFile(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1);');
    t = await buildTestApp({ env: { WEB_DIST_DIR: webDir } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('every page the portal routes is its page, 200 (its own HTML file where the build made one)', async () => {
    const own: Record<string, string> = { [portalPaths.login]: loginHtml, [portalPaths.home]: homeHtml };
    for (const url of Object.values(portalPaths)) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(own[url] ?? indexHtml);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const homeWithQuery = await t.app.inject({ method: 'GET', url: '/?range=month' });
    expect(homeWithQuery.body).toBe(homeHtml);
    const withQuery = await t.app.inject({ method: 'GET', url: '/update-user?id=3' });
    expect(withQuery.statusCode).toBe(200);
  });

  it('/readyz and other unknown paths are 404 for every client; a browser still gets the portal to show its 404 page', async () => {
    for (const url of ['/readyz', '/healthz', '/wp-admin', '/user-list/extra', '/USER-LIST']) {
      const machine = await t.app.inject({ method: 'GET', url });
      expect(machine.statusCode, url).toBe(404);
      expect(machine.json(), url).toEqual({ message: messages.notFound });

      const browser = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      expect(browser.statusCode, url).toBe(404);
      expect(browser.headers['content-type'], url).toMatch(/^text\/html/);
      expect(browser.body, url).toBe(indexHtml);
    }
  });

  it('unknown API calls and missing files are JSON 404s, never the page', async () => {
    for (const [url, message] of [
      // Metrics are off here: a scraper gets a plain 404, whatever it accepts.
      ['/metrics', messages.notFound],
      ['/api/metrics', messages.routeNotFound],
      ['/api/health/nope', messages.routeNotFound],
      ['/assets/missing-123.js', messages.notFound],
      ['/favicon.ico', messages.notFound],
      ['/.env', messages.notFound],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message });
    }
  });
});
