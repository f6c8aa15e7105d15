import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImageContentType, limits, messages, uploadUrlTtlSeconds } from '@strideadmin/contract';
import { deriveUploadSigningKey, LocalStorage } from '../../../src/storage/index.js';
import { buildTestApp, type LoggedIn, loginAs, type TestApp, testJwtSecret } from '../../helpers/index.js';
import { images, pngOfSize } from '../../storage/images.js';
import { putTo, requestPath, uploadUrl, withQuery } from './upload-helpers.js';

/** Every file under `dir`, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe('uploads to the embedded store (PUT and GET /uploads/<folder>/<key>)', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let uploadsDir: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    uploadsDir = path.join(t.config.dataDir, 'uploads');
  });
  afterAll(() => t?.close());

  describe('a valid upload', () => {
    for (const contentType of ['image/png', 'image/jpeg', 'image/gif'] as const) {
      it(`stores a ${contentType} once and serves it at the URL without its query`, async () => {
        const url = await uploadUrl(t, admin, contentType);
        const address = url.split('?')[0]!;

        const put = await putTo(t, url, images[contentType], contentType);

        expect(put.statusCode).toBe(200);
        expect(put.json()).toEqual({ body: { url: address } });
        expect(put.headers['access-control-allow-origin']).toBe('*');

        const got = await t.app.inject({ method: 'GET', url: requestPath(address) });
        expect(got.statusCode).toBe(200);
        expect(got.rawPayload).toEqual(images[contentType]);
        expect(got.headers).toMatchObject({
          'content-type': contentType,
          'content-length': String(images[contentType].length),
          'x-content-type-options': 'nosniff',
          'cache-control': 'public, max-age=31536000, immutable',
          'content-security-policy': "default-src 'none'",
          'content-disposition': 'inline',
          'cross-origin-resource-policy': 'cross-origin',
        });

        const again = await putTo(t, url, images[contentType], contentType);
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({ message: messages.uploadLinkInvalid });
      });
    }

    it('answers HEAD with the headers and no body', async () => {
      const url = await uploadUrl(t, admin, 'image/gif', 'profile_Images');
      await putTo(t, url, images['image/gif'], 'image/gif');

      const head = await t.app.inject({ method: 'HEAD', url: new URL(url).pathname });

      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('image/gif');
      expect(head.headers['content-length']).toBe(String(images['image/gif'].length));
      expect(head.headers['content-security-policy']).toBe("default-src 'none'");
      expect(head.body).toBe('');
    });

    it('keeps the first file when a second PUT comes to the same URL, even at the same moment', async () => {
      const url = await uploadUrl(t, admin, 'image/png');
      const first = pngOfSize(100);
      const second = pngOfSize(200);

      const results = await Promise.all([putTo(t, url, first, 'image/png'), putTo(t, url, second, 'image/png')]);

      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = results[0].statusCode === 200 ? first : second;
      const got = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(got.rawPayload).toEqual(winner);
    });

    it('accepts a content type with parameters and in another case', async () => {
      const url = await uploadUrl(t, admin, 'image/jpeg');
      const res = await putTo(t, url, images['image/jpeg'], 'Image/JPEG; charset=binary');
      expect(res.statusCode).toBe(200);
    });

    it('answers a CORS preflight, so a portal on another origin (the dev server) can upload', async () => {
      const url = await uploadUrl(t, admin);
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: requestPath(url),
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type',
        },
      });

      expect(res.statusCode).toBe(204);
      expect(res.headers).toMatchObject({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'PUT',
        'access-control-allow-headers': 'content-type',
      });
    });
  });

  describe('the signature', () => {
    it('refuses an expired URL', async () => {
      const past = new LocalStorage({
        dir: uploadsDir,
        publicUrl: t.config.publicUrl,
        signingKey: deriveUploadSigningKey(testJwtSecret),
        now: () => Date.now() - (uploadUrlTtlSeconds + 5) * 1000,
      });
      const { url } = await past.presignPut({
        folder: 'gift_card_images',
        contentType: 'image/png',
        originalName: 'x',
      });

      const res = await putTo(t, url, images['image/png'], 'image/png');

      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: messages.uploadLinkInvalid });
    });

    it('accepts a URL near the end of its time', async () => {
      const earlier = new LocalStorage({
        dir: uploadsDir,
        publicUrl: t.config.publicUrl,
        signingKey: deriveUploadSigningKey(testJwtSecret),
        now: () => Date.now() - (uploadUrlTtlSeconds - 30) * 1000,
      });
      const { url } = await earlier.presignPut({
        folder: 'gift_card_images',
        contentType: 'image/png',
        originalName: 'x',
      });

      expect((await putTo(t, url, images['image/png'], 'image/png')).statusCode).toBe(200);
    });

    it('refuses a URL signed with another secret', async () => {
      const forger = new LocalStorage({
        dir: uploadsDir,
        publicUrl: t.config.publicUrl,
        signingKey: deriveUploadSigningKey('some-other-secret-of-at-least-32-characters'),
      });
      const { url } = await forger.presignPut({
        folder: 'gift_card_images',
        contentType: 'image/png',
        originalName: 'x',
      });

      expect((await putTo(t, url, images['image/png'], 'image/png')).statusCode).toBe(403);
    });

    it('refuses a tampered signature, key, folder, type or expiry, and stores nothing', async () => {
      const url = await uploadUrl(t, admin, 'image/png');
      const u = new URL(url);
      const sig = u.searchParams.get('sig')!;
      const key = u.pathname.split('/')[3]!;
      const otherKey = new URL(await uploadUrl(t, admin, 'image/png')).pathname.split('/')[3]!;
      const before = await filesUnder(uploadsDir).catch(() => []);

      const tampered: Array<[string, string, string, Buffer]> = [
        [
          'signature',
          withQuery(url, 'sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)),
          'image/png',
          images['image/png'],
        ],
        ['signature removed', url.replace(/&sig=[^&]*/, ''), 'image/png', images['image/png']],
        ['key', url.replace(key, otherKey), 'image/png', images['image/png']],
        ['key extension', url.replace(key, key.replace('.png', '.gif')), 'image/png', images['image/png']],
        ['folder', url.replace('/gift_card_images/', '/profile_Images/'), 'image/png', images['image/png']],
        ['type', withQuery(url, 'type', 'image/gif'), 'image/gif', images['image/gif']],
        ['type (html)', withQuery(url, 'type', 'text/html'), 'text/html', Buffer.from('<script>alert(1)</script>')],
        [
          'expiry',
          withQuery(url, 'expires', String(Number(u.searchParams.get('expires')) + 86_400)),
          'image/png',
          images['image/png'],
        ],
        ['expiry removed', url.replace(/expires=\d+&?/, ''), 'image/png', images['image/png']],
      ];
      for (const [what, bad, contentType, bytes] of tampered) {
        const res = await putTo(t, bad, bytes, contentType);

        expect(res.statusCode, what).toBe(403);
        expect(res.json(), what).toEqual({ message: messages.uploadLinkInvalid });
      }
      expect(await filesUnder(uploadsDir).catch(() => [])).toEqual(before);

      // The genuine URL still works afterwards.
      expect((await putTo(t, url, images['image/png'], 'image/png')).statusCode).toBe(200);
    });

    it('needs no bearer token, and a token does not replace the signature', async () => {
      const url = await uploadUrl(t, admin, 'image/png');
      const unsigned = url.split('?')[0]!;

      const res = await t.app.inject({
        method: 'PUT',
        url: requestPath(unsigned),
        headers: { ...admin.headers, 'content-type': 'image/png' },
        payload: images['image/png'],
      });

      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: messages.uploadLinkInvalid });
    });
  });

  describe('the file', () => {
    it('must be sent with the content type that was signed', async () => {
      const url = await uploadUrl(t, admin, 'image/png');
      for (const contentType of [
        'image/jpeg',
        'image/gif',
        'text/plain',
        'application/octet-stream',
        'image/svg+xml',
        undefined,
      ]) {
        const res = await putTo(t, url, images['image/png'], contentType);

        expect(res.statusCode, String(contentType)).toBe(400);
        expect(res.json()).toEqual({ message: messages.uploadTypeNotAllowed });
      }
    });

    it('must really be an image of that type (magic bytes), whatever it claims', async () => {
      const cases: Array<[ImageContentType, Buffer]> = [
        ['image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
        ['image/png', images['image/jpeg']],
        ['image/jpeg', Buffer.from('<!doctype html><script>alert(1)</script>')],
        ['image/jpeg', images['image/gif']],
        ['image/gif', Buffer.from('GIF88a not quite')],
        ['image/gif', images['image/png']],
        ['image/png', images['image/png'].subarray(0, 4)],
      ];
      for (const [contentType, bytes] of cases) {
        const url = await uploadUrl(t, admin, contentType);
        const res = await putTo(t, url, bytes, contentType);

        expect(res.statusCode, `${contentType}: ${bytes.subarray(0, 8).toString('hex')}`).toBe(400);
        expect(res.json()).toEqual({ message: messages.uploadNotImage });
        expect((await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(404);
      }
    });

    it('must not be empty', async () => {
      const url = await uploadUrl(t, admin, 'image/gif');
      const res = await putTo(t, url, Buffer.alloc(0), 'image/gif');

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: messages.uploadEmpty });
    });

    it('may be exactly 10 MB', async () => {
      const url = await uploadUrl(t, admin, 'image/png');
      const res = await putTo(t, url, pngOfSize(limits.uploadMaxBytes), 'image/png');

      expect(res.statusCode).toBe(200);
      const head = await t.app.inject({ method: 'HEAD', url: new URL(url).pathname });
      expect(head.headers['content-length']).toBe(String(limits.uploadMaxBytes));
    });

    it('may not be one byte more (413), announced or not, and nothing is left on disk', async () => {
      const url = await uploadUrl(t, admin, 'image/png', 'profile_Images');
      const tooBig = pngOfSize(limits.uploadMaxBytes + 1);

      const announced = await putTo(t, url, tooBig, 'image/png');
      expect(announced.statusCode).toBe(413);
      expect(announced.json()).toEqual({ message: messages.uploadTooLarge });

      // No Content-Length: the body is counted as it arrives.
      const half = limits.uploadMaxBytes / 2;
      const streamed = await putTo(
        t,
        url,
        Readable.from([tooBig.subarray(0, half), tooBig.subarray(half)]),
        'image/png',
      );
      expect(streamed.statusCode).toBe(413);
      expect(streamed.json()).toEqual({ message: messages.uploadTooLarge });

      const key = new URL(url).pathname.split('/')[3]!;
      expect((await filesUnder(uploadsDir)).filter((f) => f.includes(key))).toEqual([]);
    });
  });

  describe('paths', () => {
    it("keeps a file named '../../etc/passwd.png' inside DATA_DIR/uploads, under a name of the server's", async () => {
      const before = await filesUnder(t.config.dataDir);
      const url = await uploadUrl(t, admin, 'image/png', 'profile_Images', '../../etc/passwd.png');
      const key = new URL(url).pathname.split('/')[3]!;

      expect((await putTo(t, url, images['image/png'], 'image/png')).statusCode).toBe(200);

      const after = await filesUnder(t.config.dataDir);
      expect(after.filter((f) => !before.includes(f))).toEqual([path.join('uploads', 'profile_Images', key)]);
      expect(after.every((f) => f.startsWith(`uploads${path.sep}`))).toBe(true);
    });

    it('refuses crafted paths and unknown folders, for PUT and GET, and never shows a file outside the store', async () => {
      await writeFile(path.join(t.config.dataDir, 'jwt-secret'), 'TOP-SECRET-DO-NOT-SERVE\n');
      const url = await uploadUrl(t, admin, 'image/png');
      const query = new URL(url).search;
      const key = new URL(url).pathname.split('/')[3]!;

      const crafted = [
        '/uploads/profile_Images/..%2F..%2Fjwt-secret',
        '/uploads/profile_Images/..%2f..%2fjwt-secret',
        '/uploads/profile_Images/%2e%2e%2f%2e%2e%2fjwt-secret',
        '/uploads/..%2F..%2Fjwt-secret/' + key,
        '/uploads/../jwt-secret',
        '/uploads/profile_Images/../../jwt-secret',
        '/uploads/%2e%2e/jwt-secret',
        `/uploads/etc/${key}`,
        `/uploads/gift_card_images/${key.toUpperCase()}`,
        `/uploads/gift_card_images/${key}%00.png`,
        `/uploads/gift_card_images/.${key}.part`,
        '/uploads/gift_card_images',
        '/uploads',
      ];
      for (const p of crafted) {
        const got = await t.app.inject({ method: 'GET', url: p });
        expect(got.statusCode, `GET ${p}`).toBe(404);
        expect(got.json(), `GET ${p}`).toEqual({ message: messages.notFound });
        expect(got.body).not.toContain('TOP-SECRET');

        const put = await putTo(t, `${p}${query}`, images['image/png'], 'image/png');
        expect([403, 404], `PUT ${p}`).toContain(put.statusCode);
        expect(put.json().message).toEqual(expect.any(String));
      }
      expect(await readFile(path.join(t.config.dataDir, 'jwt-secret'), 'utf8')).toBe('TOP-SECRET-DO-NOT-SERVE\n');
    });

    it('answers a missing image with a 404 envelope', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/uploads/gift_card_images/0f8fad5b-d9cb-469f-a165-70867728950e.png',
      });

      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: messages.notFound });
    });
  });
});

describe('uploads when the store cannot be written', () => {
  let t: TestApp;
  let admin: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('answers a clear 5xx envelope, keeps serving, and recovers once the store is usable', async () => {
    // Running as root ignores permissions: a file where the uploads folder should be fails for anyone.
    const uploadsDir = path.join(t.config.dataDir, 'uploads');
    await writeFile(uploadsDir, 'not a folder');
    const url = await uploadUrl(t, admin, 'image/png', 'gift_card_images');

    const res = await putTo(t, url, images['image/png'], 'image/png');

    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: messages.uploadStorageFailed });
    const missing = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await rm(uploadsDir);
    expect((await putTo(t, url, images['image/png'], 'image/png')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(200);
  });
});
