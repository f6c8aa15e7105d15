import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createStorage } from '../../src/storage/index.js';
import { S3Storage } from '../../src/storage/s3.js';
import { uuidKeyPattern } from './images.js';

// The SDK's one-time notice that its 2027 releases need Node 22 (we support Node 20.19+): not a test's noise.
vi.stubEnv('AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED', 'true');

// Presigning is local computation: no request reaches the (unreachable) endpoint.
const fakeBucket = {
  S3_BUCKET: 'test-bucket',
  S3_REGION: 'eu-north-1',
  S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
  S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  S3_ENDPOINT: 'http://127.0.0.1:9',
  S3_FORCE_PATH_STYLE: 'true',
};

async function s3Storage(env: Record<string, string>): Promise<S3Storage> {
  const config = loadConfig({ DATA_DIR: '/nonexistent', ...env });
  const storage = await createStorage(config.storage, { publicUrl: config.publicUrl, jwtSecret: 'unused' });
  if (!(storage instanceof S3Storage)) throw new Error('expected S3 storage');
  opened.push(storage);
  return storage;
}
const opened: S3Storage[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

describe('S3Storage', () => {
  it('presigns a PUT that signs the content type, for 15 minutes, to a server-made key under the folder', async () => {
    const storage = await s3Storage(fakeBucket);

    const signed = await storage.presignPut({
      folder: 'gift_card_images',
      contentType: 'image/png',
      originalName: '../../etc/passwd.php',
    });

    const url = new URL(signed.url);
    expect(url.origin).toBe('http://127.0.0.1:9');
    const [, bucket, folder, key, ...rest] = url.pathname.split('/');
    expect([bucket, folder, rest]).toEqual(['test-bucket', 'gift_card_images', []]);
    expect(key).toBe(signed.key);
    expect(key).toMatch(uuidKeyPattern);
    expect(key!.endsWith('.png')).toBe(true);
    expect(signed.url).not.toContain('passwd');

    const q = url.searchParams;
    expect(q.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(q.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(q.get('X-Amz-Expires')).toBe('900');
    expect(q.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
    expect(q.get('X-Amz-Credential')).toMatch(/^AKIAIOSFODNN7EXAMPLE\/\d{8}\/eu-north-1\/s3\/aws4_request$/);
    // No checksum of an empty body baked into the URL (aws-sdk-js-v3#6994): S3 would refuse the file.
    expect([...q.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);

    // docs/behaviour.md §7: the stored address is the URL without its query part.
    expect(signed.publicUrl).toBe(`http://127.0.0.1:9/test-bucket/gift_card_images/${signed.key}`);
    expect(storage.origins).toEqual(['http://127.0.0.1:9']);
  });

  it('names the key after the content type', async () => {
    const storage = await s3Storage(fakeBucket);
    for (const [contentType, ext] of [
      ['image/jpeg', 'jpg'],
      ['image/gif', 'gif'],
    ] as const) {
      const signed = await storage.presignPut({ folder: 'profile_Images', contentType, originalName: 'photo.png' });
      expect(signed.key.endsWith(`.${ext}`)).toBe(true);
      expect(new URL(signed.url).pathname).toBe(`/test-bucket/profile_Images/${signed.key}`);
    }
  });

  it('addresses AWS itself (virtual-hosted) when no endpoint is set', async () => {
    const storage = await s3Storage({ ...fakeBucket, S3_ENDPOINT: '', S3_FORCE_PATH_STYLE: 'false' });

    const signed = await storage.presignPut({ folder: 'profile_Images', contentType: 'image/gif', originalName: 'x' });

    expect(new URL(signed.url).origin).toBe('https://test-bucket.s3.eu-north-1.amazonaws.com');
    expect(storage.origins).toEqual(['https://test-bucket.s3.eu-north-1.amazonaws.com']);
  });

  it('gives public addresses under S3_PUBLIC_URL when set, and allows that origin too', async () => {
    const storage = await s3Storage({ ...fakeBucket, S3_PUBLIC_URL: 'https://cdn.example.com/images/' });

    const signed = await storage.presignPut({ folder: 'profile_Images', contentType: 'image/png', originalName: 'x' });

    expect(signed.publicUrl).toBe(`https://cdn.example.com/images/profile_Images/${signed.key}`);
    expect(storage.origins).toEqual(['http://127.0.0.1:9', 'https://cdn.example.com']);
  });
});
