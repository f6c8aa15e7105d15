// Compression (docs/operations/compression.md): API answers of 1 KB and more go
// compressed as the client accepts (brotli, else gzip), smaller ones and images as they are; the
// portal's files go as their build precompressed them (.br/.gz siblings), whichever path serves them.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { buildTestApp, createUser, type LoggedIn, loginAs, type TestApp } from './helpers/index.js';
import { openTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { putTo, uploadUrl } from './modules/uploads/upload-helpers.js';
import { pngOfSize } from './storage/images.js';

/** The body as the client gets it once it has undone the Content-Encoding. */
function decoded(res: LightMyRequestResponse): Buffer {
  const raw = res.rawPayload;
  switch (res.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(raw);
    case 'gzip':
      return gunzipSync(raw);
    case undefined:
      return raw;
    default:
      throw new Error(`unexpected content-encoding ${String(res.headers['content-encoding'])}`);
  }
}

/** The tokens of a Vary header, lower case. */
function varyOf(res: LightMyRequestResponse): string[] {
  return String(res.headers.vary ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);
}

// A portal as `vite build` leaves it: index.html and a hashed script, each with its .br and .gz;
// a small script (under the build's 1 KB) and the favicon without any.
const indexHtml = `<!doctype html><html><head><title>portal</title><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<!-- padding -->'.repeat(80)}</body></html>`;
const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, name: `row ${i}` })))};\n`;
const smallScript = 'document.documentElement.dataset.theme = "light";\n';

async function writePortal(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  for (const [name, text] of [
    ['index.html', indexHtml],
    ['assets/index-abc123.js', script],
  ] as const) {
    await writeFile(path.join(dir, name), text);
    await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(dir, `${name}.gz`), gzipSync(text, { level: 9 }));
  }
  await writeFile(path.join(dir, 'theme-init.js'), smallScript);
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The build's stamp (scripts/lib/build-state.mjs): a hidden file beside the portal, never sent.
  await writeFile(path.join(dir, '.build-stamp'), 'abc\n');
}

describe('compression', () => {
  let database: TestDatabase;
  let webDir: string;
  let t: TestApp;
  let admin: LoggedIn;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-web-'));
    await writePortal(webDir);
    database = await openTestDatabase();
    t = await buildTestApp({ database: database.database, env: { WEB_DIST_DIR: webDir } });
    admin = await loginAs(t, 'Admin');
    // A page of 50 users: a list answer of several KB.
    for (let i = 0; i < 50; i++) await createUser(t.db, { name: `Walker Number ${i}` });
  });
  afterAll(async () => {
    await t?.close();
    await database?.dispose();
    await rm(webDir, { recursive: true, force: true });
  });

  describe('API answers', () => {
    const listUrl = '/api/users?page=1&limit=50';

    it('go compressed from 1 KB, in the encoding the client prefers among br and gzip, and decode to the same JSON', async () => {
      const plain = await t.app.inject({ url: listUrl, headers: admin.headers });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(4 * 1024);
      const json: unknown = plain.json();
      expect(JSON.stringify(json)).toContain('Walker Number 49');

      for (const [acceptEncoding, expected] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['gzip, deflate, br, zstd', 'br'], // what Chromium sends: brotli wins
        ['gzip;q=1, br;q=0.5', 'gzip'],
        ['*', 'gzip'], // "anything": gzip, which every client decodes
      ] as const) {
        const res = await t.app.inject({
          url: listUrl,
          headers: { ...admin.headers, 'accept-encoding': acceptEncoding },
        });

        expect(res.statusCode, acceptEncoding).toBe(200);
        expect(res.headers['content-encoding'], acceptEncoding).toBe(expected);
        expect(varyOf(res), acceptEncoding).toContain('accept-encoding');
        expect(res.headers['content-type'], acceptEncoding).toMatch(/^application\/json/);
        // Still one account's data: never stored by a cache, compressed or not.
        expect(res.headers['cache-control'], acceptEncoding).toBe('no-store');
        expect(res.rawPayload.length, acceptEncoding).toBeLessThan(plain.rawPayload.length / 3);
        expect(JSON.parse(decoded(res).toString('utf8')), acceptEncoding).toEqual(json);
      }
    });

    it('go as they are to a client that accepts neither br nor gzip', async () => {
      for (const acceptEncoding of ['identity', 'deflate', 'br;q=0, gzip;q=0', '']) {
        const res = await t.app.inject({
          url: listUrl,
          headers: { ...admin.headers, 'accept-encoding': acceptEncoding },
        });

        expect(res.statusCode, acceptEncoding).toBe(200);
        expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
        expect(JSON.stringify(res.json()), acceptEncoding).toContain('Walker Number 49');
      }
    });

    it('stay as they are under 1 KB: a short answer, an error envelope', async () => {
      for (const [url, status] of [
        ['/api/users?page=1&limit=1', 200],
        ['/api/users/999999', 404],
        ['/api/no-such-call', 404],
      ] as const) {
        const res = await t.app.inject({ url, headers: { ...admin.headers, 'accept-encoding': 'br, gzip' } });

        expect(res.statusCode, url).toBe(status);
        expect(res.rawPayload.length, url).toBeLessThan(1024);
        expect(res.headers['content-encoding'], url).toBeUndefined();
        expect(res.json(), url).toEqual(expect.any(Object));
      }
    });

    it('HEAD answers the headers without compressing a body it does not send', async () => {
      const get = await t.app.inject({ url: listUrl, headers: admin.headers });
      const res = await t.app.inject({
        method: 'HEAD',
        url: listUrl,
        headers: { ...admin.headers, 'accept-encoding': 'br' },
      });

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-length']).toBe(String(get.rawPayload.length));
      expect(res.rawPayload.length).toBe(0);
    });

    it('the API reference (its page, script and OpenAPI document) still works, compressed', async () => {
      const accept = { 'accept-encoding': 'br, gzip' };
      const doc = await t.app.inject({ url: '/api/docs/json', headers: accept });
      expect(doc.statusCode).toBe(200);
      expect(doc.headers['content-encoding']).toBe('br');
      expect(JSON.parse(decoded(doc).toString('utf8'))).toMatchObject({ openapi: expect.stringMatching(/^3\./) });

      const page = await t.app.inject({ url: '/api/docs/', headers: accept });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const html = decoded(page).toString('utf8');
      const bundle = /src="\.\/(static\/swagger-ui-bundle\.js)"/.exec(html)?.[1];
      expect(bundle, 'the page loads the swagger-ui bundle').toBeDefined();

      const js = await t.app.inject({ url: `/api/docs/${bundle}`, headers: accept });
      const identity = await t.app.inject({ url: `/api/docs/${bundle}` });
      expect(js.statusCode).toBe(200);
      expect(js.headers['content-type']).toMatch(/javascript/);
      expect(js.headers['content-encoding']).toBe('br');
      expect(decoded(js).equals(identity.rawPayload)).toBe(true);
      expect(js.rawPayload.length).toBeLessThan(identity.rawPayload.length / 2);
    });
  });

  describe('stored images', () => {
    it('go as they were uploaded: no Content-Encoding, the same bytes', async () => {
      // 64 KB that start like a PNG and compress to almost nothing: only the type keeps them plain.
      const bytes = pngOfSize(64 * 1024);
      const url = await uploadUrl(t, admin, 'image/png');
      expect((await putTo(t, url, bytes, 'image/png')).statusCode).toBe(200);

      for (const acceptEncoding of ['br', 'gzip', 'gzip, deflate, br, zstd']) {
        const res = await t.app.inject({ url: new URL(url).pathname, headers: { 'accept-encoding': acceptEncoding } });

        expect(res.statusCode, acceptEncoding).toBe(200);
        expect(res.headers['content-type'], acceptEncoding).toBe('image/png');
        expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
        expect(res.headers['content-length'], acceptEncoding).toBe(String(bytes.length));
        expect(res.rawPayload.equals(bytes), acceptEncoding).toBe(true);
      }
    });
  });

  describe("the portal's files", () => {
    const cases = [
      {
        what: 'a hashed script',
        url: '/assets/index-abc123.js',
        text: script,
        type: /^(?:application|text)\/javascript; charset=utf-8$/,
        cache: 'public, max-age=31536000, immutable',
      },
      {
        what: 'index.html',
        url: '/index.html',
        text: indexHtml,
        type: /^text\/html; charset=utf-8$/,
        cache: 'no-cache',
      },
      {
        what: 'a page path (the SPA fallback)',
        url: '/user-list',
        text: indexHtml,
        type: /^text\/html; charset=utf-8$/,
        cache: 'no-cache',
      },
      {
        what: 'a page path with a query',
        url: '/reset-password?token=abc',
        text: indexHtml,
        type: /^text\/html; charset=utf-8$/,
        cache: 'no-cache',
      },
    ];

    it('go precompressed as the client accepts (br, then gzip), typed and cached as the file itself', async () => {
      for (const { what, url, text, type, cache } of cases) {
        for (const [acceptEncoding, expected] of [
          ['br', 'br'],
          ['gzip', 'gzip'],
          ['gzip, deflate, br, zstd', 'br'],
          ['br;q=0.1, gzip', 'gzip'],
        ] as const) {
          const label = `${what}, accept-encoding: ${acceptEncoding}`;
          const res = await t.app.inject({ url, headers: { 'accept-encoding': acceptEncoding } });

          expect(res.statusCode, label).toBe(200);
          expect(res.headers['content-encoding'], label).toBe(expected);
          expect(res.headers['content-type'], label).toMatch(type);
          expect(res.headers['cache-control'], label).toBe(cache);
          expect(varyOf(res), label).toContain('accept-encoding');
          // Sent once, as built: the precompressed file's own bytes, not compressed again.
          const sibling = expected === 'br' ? brotliCompressSync(text) : gzipSync(text, { level: 9 });
          expect(res.rawPayload.equals(sibling), label).toBe(true);
          expect(Number(res.headers['content-length']), label).toBe(sibling.length);
          expect(decoded(res).toString('utf8'), label).toBe(text);
        }
      }
    });

    it('go as they are to a client that accepts no compression, still varying on Accept-Encoding', async () => {
      for (const { what, url, text, type } of cases) {
        for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }]) {
          const label = `${what}, ${JSON.stringify(headers)}`;
          const res = await t.app.inject({ url, headers });

          expect(res.statusCode, label).toBe(200);
          expect(res.headers['content-encoding'], label).toBeUndefined();
          expect(res.headers['content-type'], label).toMatch(type);
          expect(varyOf(res), label).toContain('accept-encoding');
          expect(res.body, label).toBe(text);
        }
      }
    });

    it('small files without siblings go as they are, never compressed per request', async () => {
      for (const [url, text] of [
        ['/theme-init.js', smallScript],
        ['/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
      ] as const) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });

        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBeUndefined();
        expect(res.body, url).toBe(text);
      }
    });

    it('HEAD and conditional requests answer for the variant sent', async () => {
      const url = '/assets/index-abc123.js';
      const br = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });

      expect(head.statusCode).toBe(200);
      expect(head.headers['content-encoding']).toBe('br');
      expect(head.headers['content-length']).toBe(br.headers['content-length']);
      expect(head.rawPayload.length).toBe(0);

      // Each variant has its own validator: a cache never answers gzip bytes to a br request.
      const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(br.headers.etag).toEqual(expect.any(String));
      expect(br.headers.etag).not.toBe(gz.headers.etag);
      const revalidated = await t.app.inject({
        url,
        headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
    });

    it('a byte range is a range of the variant sent (its Content-Encoding says which)', async () => {
      const url = '/assets/index-abc123.js';
      const full = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br', range: 'bytes=0-9' } });

      expect(res.statusCode).toBe(206);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-range']).toBe(`bytes 0-9/${full.rawPayload.length}`);
      expect(res.rawPayload.equals(full.rawPayload.subarray(0, 10))).toBe(true);

      const plain = await t.app.inject({ url, headers: { range: 'bytes=0-9' } });
      expect(plain.statusCode).toBe(206);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script.slice(0, 10));
    });

    it('a name the build did not make, or a hidden file, is a 404, whatever its path says', async () => {
      for (const url of [
        '/assets/missing-abc123.js',
        '/assets/..%2findex.html',
        '/assets/x/../index-abc123.js.br',
        '/.build-stamp',
      ]) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip', accept: '*/*' } });

        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ message: messages.notFound });
      }
      // HEAD of a file answers as GET does, without its body.
      const head = await t.app.inject({ method: 'HEAD', url: '/assets/index-abc123.js' });
      expect(head.statusCode).toBe(200);
      expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(head.body).toBe('');
    });

    it('never serves a sibling as a page of its own', async () => {
      for (const url of ['/assets/index-abc123.js.br', '/assets/index-abc123.js.gz', '/index.html.br']) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });

        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-encoding'], url).toBeUndefined();
      }
    });
  });
});
