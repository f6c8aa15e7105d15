// Security headers (ASVS 5.0 §3.4, §14.3): the headers a browser gets from the portal and the API.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../helpers/index.js';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database.js';

/** The CSP of an answer as directive -> sources. */
function cspOf(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(header, 'a Content-Security-Policy header').toEqual(expect.any(String));
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const hsts = 'strict-transport-security';
const proxy = '10.0.0.2';
/** Pages of the portal; the two account pages carry a token in their URL (e-mail links). */
const portalPages = [
  '/',
  '/user-list',
  '/reset-password?token=secret-reset-token',
  '/verify-account?token=secret-verify-token',
  '/index.html',
];

describe('security headers', () => {
  let database: TestDatabase;
  let webDir: string;
  /** Plain HTTP, default PUBLIC_URL (http://localhost:3000), TRUST_PROXY off. */
  let plain: TestApp;
  /** Behind a reverse proxy (10.0.0.2) that says which protocol the client used (TRUST_PROXY=10.0.0.2). */
  let proxied: TestApp;
  /** PUBLIC_URL is https: TLS ends before the server, whatever the request says. */
  let https: TestApp;
  let admin: LoggedIn;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-web-'));
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>portal</title><script type="module" src="/assets/index-abc123.js"></script>',
    );
    await writeFile(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log("portal");');
    // Three servers on one database: each build costs a data directory, not a database.
    database = await openTestDatabase();
    const env = { WEB_DIST_DIR: webDir };
    plain = await buildTestApp({ database: database.database, env });
    proxied = await buildTestApp({ database: database.database, env: { ...env, TRUST_PROXY: proxy } });
    https = await buildTestApp({
      database: database.database,
      env: { ...env, PUBLIC_URL: 'https://admin.example.com' },
    });
    admin = await loginAs(plain, 'Admin');
  });
  afterAll(async () => {
    for (const t of [plain, proxied, https]) await t?.close();
    await database?.dispose();
    await rm(webDir, { recursive: true, force: true });
  });

  describe("the portal's HTML", () => {
    it('allows scripts from its own origin only, no plugins, no foreign <base>, no framing', async () => {
      for (const url of portalPages) {
        const res = await plain.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);

        const csp = cspOf(res);
        expect(csp.get('default-src'), url).toEqual(["'self'"]);
        // No 'unsafe-inline', 'unsafe-eval', data:, schemes or hosts: an injected <script> never runs.
        expect(csp.get('script-src'), url).toEqual(["'self'"]);
        expect(csp.get('script-src-attr'), url).toEqual(["'none'"]); // no onclick="..." either
        expect(csp.get('object-src'), url).toEqual(["'none'"]);
        expect(["'self'", "'none'"], url).toContain(csp.get('base-uri')?.join(' '));
        expect(csp.get('form-action'), url).toEqual(["'self'"]);
        expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
        expect(res.headers['x-frame-options'], url).toBe('DENY');
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['x-powered-by'], url).toBeUndefined();
      }
    });

    it('never sends a Referer from a page, above all the reset-password and verify-account pages', async () => {
      for (const url of portalPages) {
        const res = await plain.app.inject({ method: 'GET', url });

        expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      }
    });
  });

  describe('HSTS', () => {
    it('is not sent over plain HTTP (it would pin http://localhost to https), nor when a client just claims TLS', async () => {
      for (const url of ['/', '/api/health', '/api/nope']) {
        const res = await plain.app.inject({ method: 'GET', url });
        expect(res.headers[hsts], url).toBeUndefined();

        // TRUST_PROXY is off: X-Forwarded-Proto comes from the client itself and proves nothing.
        const claimed = await plain.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
        expect(claimed.headers[hsts], url).toBeUndefined();
      }
    });

    it('is sent when the trusted proxy says the request came over TLS, and only then', async () => {
      const get = (url: string, remoteAddress: string, proto?: string) =>
        proxied.app.inject({
          method: 'GET',
          url,
          remoteAddress,
          headers: proto ? { 'x-forwarded-proto': proto } : {},
        });
      for (const url of ['/', '/reset-password?token=t', '/api/health', '/api/nope']) {
        expect((await get(url, proxy, 'https')).headers[hsts], url).toBe('max-age=31536000; includeSubDomains');

        expect((await get(url, proxy, 'http')).headers[hsts], url).toBeUndefined();
        expect((await get(url, proxy)).headers[hsts], url).toBeUndefined();
        // A client reaching the server past the proxy cannot claim TLS.
        expect((await get(url, '203.0.113.9', 'https')).headers[hsts], url).toBeUndefined();
      }
    });

    it('is sent on every answer when PUBLIC_URL is https', async () => {
      for (const url of ['/', '/verify-account?token=t', '/api/health', '/api/nope', '/uploads/x']) {
        const res = await https.app.inject({ method: 'GET', url });

        expect(res.headers[hsts], url).toBe('max-age=31536000; includeSubDomains');
      }
    });
  });

  describe('API answers', () => {
    it('are never stored by a browser or a shared cache: account data, tokens, refusals', async () => {
      const answers: Array<[string, LightMyRequestResponse]> = [
        ['user list', await plain.app.inject({ method: 'GET', url: '/api/users', headers: admin.headers })],
        ['profile', await plain.app.inject({ method: 'GET', url: '/api/profile', headers: admin.headers })],
        [
          'login (a token)',
          await plain.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: admin.user.email, password: admin.user.password, adminPortal: true },
          }),
        ],
        ['no token', await plain.app.inject({ method: 'GET', url: '/api/users' })],
        ['unknown call', await plain.app.inject({ method: 'GET', url: '/api/nope' })],
      ];
      for (const [what, res] of answers) {
        expect(res.statusCode, what).toBeLessThan(500);
        expect(res.headers['cache-control'], what).toBe('no-store');
        expect(res.headers['x-powered-by'], what).toBeUndefined();
      }
      expect(answers[0]![1].statusCode).toBe(200);
      expect(answers[2]![1].statusCode).toBe(200);

      // The portal's own files keep their caching: the rule is the API's.
      const asset = await plain.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await plain.app.inject({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
    });

    it('are not readable by another origin (no CORS), with or without credentials', async () => {
      const origin = 'https://evil.example';
      const answers: Array<[string, LightMyRequestResponse]> = [
        ['GET with a token', await plain.app.inject({ url: '/api/users', headers: { ...admin.headers, origin } })],
        ['GET health', await plain.app.inject({ url: '/api/health', headers: { origin } })],
        [
          'POST login',
          await plain.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            headers: { origin },
            payload: { email: admin.user.email, password: admin.user.password, adminPortal: true },
          }),
        ],
        [
          'preflight',
          await plain.app.inject({
            method: 'OPTIONS',
            url: '/api/users',
            headers: {
              origin,
              'access-control-request-method': 'GET',
              'access-control-request-headers': 'authorization',
            },
          }),
        ],
      ];
      for (const [what, res] of answers) {
        const cors = Object.keys(res.headers).filter((h) => h.startsWith('access-control-'));
        expect(cors, what).toEqual([]);
      }
      expect(answers[0]![1].statusCode).toBe(200);
    });
  });
});
