import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@strideadmin/contract';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { images, uuidKeyPattern } from '../../storage/images.js';
import { presign, putTo, uploadUrl } from './upload-helpers.js';

// The SDK's one-time notice that its 2027 releases need Node 22 (we support Node 20.19+): not a test's noise.
vi.stubEnv('AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED', 'true');

/** The sources a CSP directive allows. */
function cspSources(csp: unknown, directive: string): string[] {
  const part = String(csp)
    .split(';')
    .map((p) => p.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return part?.slice(1) ?? [];
}

describe('uploads next to a built portal', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let webDir: string;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-web-'));
    await mkdir(webDir, { recursive: true });
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>portal</title>');
    t = await buildTestApp({ env: { WEB_DIST_DIR: webDir } });
    admin = await loginAs(t, 'Admin');
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('never answers an /uploads path with the portal page', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/user-list' });
    expect(page.headers['content-type']).toMatch(/^text\/html/); // the SPA fallback is on

    for (const url of [
      '/uploads/gift_card_images/0f8fad5b-d9cb-469f-a165-70867728950e.png',
      '/uploads/gift_card_images/not-a-key',
      '/uploads/profile_Images/..%2F..%2Fjwt-secret',
      '/uploads/a/b/c',
      '/uploads/',
      '/uploads',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });

      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ message: messages.notFound });
    }
  });

  it('never serves a file of DATA_DIR through dot segments (clients resolve them before sending)', async () => {
    await writeFile(path.join(t.config.dataDir, 'jwt-secret'), 'TOP-SECRET-DO-NOT-SERVE\n');
    for (const url of [
      '/uploads/profile_Images/../../jwt-secret',
      '/uploads/../jwt-secret',
      '/uploads/./../jwt-secret',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });

      expect(res.body, url).not.toContain('TOP-SECRET');
    }
  });

  it('serves an uploaded image with its own headers, not the portal CSP', async () => {
    const url = await uploadUrl(t, admin, 'image/png');
    expect((await putTo(t, url, images['image/png'], 'image/png')).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
  });

  it("allows the portal to load images from and upload to PUBLIC_URL's origin (and map tiles from theirs)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = res.headers['content-security-policy'];

    // The map tiles (MAP_TILE_URL, by default OpenStreetMap's) are images too; uploads only go to PUBLIC_URL.
    expect(cspSources(csp, 'img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      t.config.publicUrl,
      'https://tile.openstreetmap.org',
    ]);
    expect(cspSources(csp, 'connect-src')).toEqual(["'self'", t.config.publicUrl]);
  });
});

describe('uploads with an S3 bucket (S3_BUCKET set)', () => {
  let t: TestApp;
  let admin: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        S3_BUCKET: 'test-bucket',
        S3_REGION: 'eu-north-1',
        S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
        S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://cdn.example.com',
      },
    });
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('answers a presigned PUT URL of the bucket, with the content type signed, for 900 seconds', async () => {
    const res = await presign(t, admin, {
      name: '../../etc/passwd.png',
      dict: 'profile_Images',
      dataType: 'image/jpeg',
    });

    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().body.url);
    expect(url.origin).toBe('http://127.0.0.1:9');
    const [, bucket, folder, key, ...rest] = url.pathname.split('/');
    expect([bucket, folder, rest]).toEqual(['test-bucket', 'profile_Images', []]);
    expect(key).toMatch(uuidKeyPattern);
    expect(key!.endsWith('.jpg')).toBe(true);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
  });

  it('still checks who asks and what for', async () => {
    expect((await presign(t, null, { name: 'x', dict: 'profile_Images', dataType: 'image/png' })).statusCode).toBe(401);
    const svg = await presign(t, admin, { name: 'x', dict: 'profile_Images', dataType: 'image/svg+xml' });
    expect(svg.statusCode).toBe(400);
    expect(svg.json().message).toBe(messages.uploadTypeNotAllowed);
  });

  it('has no local upload routes', async () => {
    const path = '/uploads/profile_Images/0f8fad5b-d9cb-469f-a165-70867728950e.png';
    for (const method of ['GET', 'PUT'] as const) {
      const res = await t.app.inject({ method, url: `${path}?expires=1&type=image%2Fpng&sig=x` });

      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ message: messages.notFound });
    }
  });

  it("lets the portal's CSP load images from and upload to the bucket and S3_PUBLIC_URL", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = res.headers['content-security-policy'];

    for (const directive of ['img-src', 'connect-src']) {
      expect(cspSources(csp, directive), directive).toEqual(
        expect.arrayContaining(["'self'", 'http://127.0.0.1:9', 'https://cdn.example.com']),
      );
    }
    expect(cspSources(csp, 'default-src')).toEqual(["'self'"]);
  });
});
