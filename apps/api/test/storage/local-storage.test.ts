import { createHmac } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadUrlTtlSeconds } from '@strideadmin/contract';
import {
  contentTypeOfKey,
  deriveUploadSigningKey,
  fileNameForLog,
  LocalStorage,
  looksLikeImage,
  ObjectExistsError,
  StorageUnavailableError,
} from '../../src/storage/index.js';
import { testJwtSecret } from '../helpers/index.js';
import { images, uuidKeyPattern } from './images.js';

/** The parts of a local upload URL. */
function partsOf(url: string) {
  const u = new URL(url);
  const [, uploads, folder, key] = u.pathname.split('/');
  return {
    uploads,
    folder: folder!,
    key: key!,
    query: Object.fromEntries(u.searchParams) as { expires: string; type: string; sig: string },
  };
}

describe('LocalStorage', () => {
  let dir: string;
  let storage: LocalStorage;
  const signingKey = deriveUploadSigningKey(testJwtSecret);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-storage-'));
    storage = new LocalStorage({ dir: path.join(dir, 'uploads'), publicUrl: 'https://admin.example.com/', signingKey });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  describe('the signing key', () => {
    it('is derived from the JWT secret, is not the JWT secret, and is stable', () => {
      expect(signingKey).toHaveLength(32);
      expect(signingKey.equals(Buffer.from(testJwtSecret))).toBe(false);
      expect(signingKey.toString('utf8')).not.toContain(testJwtSecret.slice(0, 8));
      expect(deriveUploadSigningKey(testJwtSecret).equals(signingKey)).toBe(true);
      expect(deriveUploadSigningKey(`${testJwtSecret}x`).equals(signingKey)).toBe(false);
    });
  });

  describe('presignPut', () => {
    it('makes the key on the server, with the extension of the content type, never of the name', async () => {
      for (const [contentType, ext] of [
        ['image/png', 'png'],
        ['image/jpeg', 'jpg'],
        ['image/gif', 'gif'],
      ] as const) {
        const signed = await storage.presignPut({
          folder: 'gift_card_images',
          contentType,
          originalName: '../../etc/passwd.php',
        });

        expect(signed.key).toMatch(uuidKeyPattern);
        expect(signed.key.endsWith(`.${ext}`)).toBe(true);
        expect(signed.url).not.toContain('passwd');
        expect(signed.publicUrl).toBe(`https://admin.example.com/uploads/gift_card_images/${signed.key}`);
        expect(signed.url.split('?')[0]).toBe(signed.publicUrl); // docs/behaviour.md §7: address = url without query
        const { query } = partsOf(signed.url);
        expect(query.type).toBe(contentType);
        expect(query.sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(Number(query.expires)).toBe(signed.expiresAt);
      }
    });

    it('expires in 15 minutes', async () => {
      const now = Date.UTC(2030, 0, 1, 12, 0, 0);
      const clocked = new LocalStorage({ dir, publicUrl: 'http://localhost:3000', signingKey, now: () => now });
      const signed = await clocked.presignPut({
        folder: 'profile_Images',
        contentType: 'image/png',
        originalName: 'a',
      });

      expect(signed.expiresAt).toBe(now / 1000 + uploadUrlTtlSeconds);
      expect(uploadUrlTtlSeconds).toBe(900);
    });

    it('makes a new key every time', async () => {
      const input = { folder: 'profile_Images', contentType: 'image/png', originalName: 'me.png' } as const;
      const keys = new Set(
        await Promise.all(Array.from({ length: 50 }, async () => (await storage.presignPut(input)).key)),
      );
      expect(keys.size).toBe(50);
    });
  });

  describe('checkSignedPut', () => {
    it('accepts the URL it signed, within its time', async () => {
      const signed = await storage.presignPut({
        folder: 'profile_Images',
        contentType: 'image/gif',
        originalName: 'x',
      });
      const { folder, key, query } = partsOf(signed.url);

      expect(storage.checkSignedPut(folder, key, query)).toEqual({
        ok: true,
        folder: 'profile_Images',
        key: signed.key,
        contentType: 'image/gif',
      });
    });

    it('refuses any change to the folder, key, type, expiry or signature', async () => {
      const signed = await storage.presignPut({
        folder: 'gift_card_images',
        contentType: 'image/png',
        originalName: 'x',
      });
      const { folder, key, query } = partsOf(signed.url);
      const other = await storage.presignPut({
        folder: 'gift_card_images',
        contentType: 'image/png',
        originalName: 'y',
      });
      const flipped = (query.sig[0] === 'A' ? 'B' : 'A') + query.sig.slice(1);

      const cases: Array<[string, string, string, Record<string, unknown>]> = [
        ['folder', 'profile_Images', key, query],
        ['key', folder, other.key, query],
        ['key extension', folder, key.replace('.png', '.gif'), query],
        ['type', folder, key, { ...query, type: 'image/gif' }],
        ['type (not an image)', folder, key, { ...query, type: 'text/html' }],
        ['expiry', folder, key, { ...query, expires: String(Number(query.expires) + 3600) }],
        ['signature', folder, key, { ...query, sig: flipped }],
        ['signature of another URL', folder, key, { ...query, sig: partsOf(other.url).query.sig }],
        ['short signature', folder, key, { ...query, sig: query.sig.slice(0, 20) }],
        ['no signature', folder, key, { expires: query.expires, type: query.type }],
        ['a list', folder, key, { ...query, sig: [query.sig, query.sig] }],
        ['unknown folder', 'etc', key, query],
        ['traversal key', folder, '../../jwt-secret', query],
      ];
      for (const [what, f, k, q] of cases) {
        expect(storage.checkSignedPut(f, k, q).ok, what).toBe(false);
      }
    });

    it('refuses an expired URL, and only a genuine one is told it expired', async () => {
      const signedAt = Date.now() - (uploadUrlTtlSeconds + 1) * 1000;
      const past = new LocalStorage({ dir, publicUrl: 'http://localhost:3000', signingKey, now: () => signedAt });
      const signed = await past.presignPut({ folder: 'profile_Images', contentType: 'image/png', originalName: 'x' });
      const { folder, key, query } = partsOf(signed.url);

      expect(storage.checkSignedPut(folder, key, query)).toEqual({ ok: false, reason: 'expired' });
      expect(storage.checkSignedPut(folder, key, { ...query, sig: 'A'.repeat(43) })).toEqual({
        ok: false,
        reason: 'signature',
      });
    });

    it('binds the method: a signature made without PUT in it does not pass', async () => {
      const signed = await storage.presignPut({
        folder: 'profile_Images',
        contentType: 'image/png',
        originalName: 'x',
      });
      const { folder, key, query } = partsOf(signed.url);
      const withoutMethod = createHmac('sha256', signingKey)
        .update(['strideadmin-upload-v1', 'GET', folder, key, query.type, query.expires].join('\n'))
        .digest('base64url');

      expect(storage.checkSignedPut(folder, key, { ...query, sig: withoutMethod }).ok).toBe(false);
    });
  });

  describe('put and open', () => {
    it('stores an object once, and opens it with the type of its key', async () => {
      const { key } = await storage.presignPut({
        folder: 'gift_card_images',
        contentType: 'image/png',
        originalName: 'x',
      });

      await storage.put('gift_card_images', key, images['image/png']);
      await expect(storage.put('gift_card_images', key, images['image/gif'])).rejects.toBeInstanceOf(ObjectExistsError);

      expect(await readFile(path.join(dir, 'uploads', 'gift_card_images', key))).toEqual(images['image/png']);
      const stored = await storage.open('gift_card_images', key);
      expect(stored).toMatchObject({ size: images['image/png'].length, contentType: 'image/png' });
      stored?.body.destroy();
      // No temporary file is left behind.
      expect(await readdir(path.join(dir, 'uploads', 'gift_card_images'))).toEqual([key]);
    });

    it('lets exactly one of two simultaneous uploads to a key win', async () => {
      const { key } = await storage.presignPut({
        folder: 'profile_Images',
        contentType: 'image/gif',
        originalName: 'x',
      });

      const results = await Promise.allSettled([
        storage.put('profile_Images', key, images['image/gif']),
        storage.put('profile_Images', key, images['image/gif']),
      ]);

      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.find((r) => r.status === 'rejected')?.reason).toBeInstanceOf(ObjectExistsError);
    });

    it('opens nothing for an absent object', async () => {
      expect(await storage.open('profile_Images', '00000000-0000-4000-8000-000000000000.png')).toBeNull();
    });

    it('never builds a path from something that is not a folder and a key of ours', () => {
      expect(() => storage.pathOf('profile_Images', '../../jwt-secret')).toThrow();
      expect(() => storage.pathOf('..' as 'profile_Images', '00000000-0000-4000-8000-000000000000.png')).toThrow();
    });

    it('reports an unusable store as StorageUnavailableError, not a crash', async () => {
      const brokenDir = path.join(dir, 'broken');
      await mkdir(brokenDir, { recursive: true });
      await writeFile(path.join(brokenDir, 'profile_Images'), 'a file where the folder should be');
      const broken = new LocalStorage({ dir: brokenDir, publicUrl: 'http://localhost:3000', signingKey });
      const { key } = await broken.presignPut({
        folder: 'profile_Images',
        contentType: 'image/png',
        originalName: 'x',
      });

      const failure = await broken.put('profile_Images', key, images['image/png']).catch((err: unknown) => err);

      expect(failure).toBeInstanceOf(StorageUnavailableError);
      expect((failure as StorageUnavailableError).insufficientSpace).toBe(false);
      expect(await broken.exists('profile_Images', key)).toBe(false);
      expect(await broken.open('profile_Images', key)).toBeNull();
    });
  });
});

describe('looksLikeImage', () => {
  it('knows PNG, JPEG and GIF (87a and 89a) by their first bytes', () => {
    expect(looksLikeImage(images['image/png'], 'image/png')).toBe(true);
    expect(looksLikeImage(images['image/jpeg'], 'image/jpeg')).toBe(true);
    expect(looksLikeImage(images['image/gif'], 'image/gif')).toBe(true);
    expect(looksLikeImage(Buffer.from('GIF87a....'), 'image/gif')).toBe(true);
  });

  it('refuses other bytes, another type, and a file shorter than the signature', () => {
    expect(looksLikeImage(images['image/png'], 'image/jpeg')).toBe(false);
    expect(looksLikeImage(images['image/gif'], 'image/png')).toBe(false);
    expect(looksLikeImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png')).toBe(false);
    expect(looksLikeImage(Buffer.from('GIF88a....'), 'image/gif')).toBe(false);
    expect(looksLikeImage(images['image/png'].subarray(0, 7), 'image/png')).toBe(false);
    expect(looksLikeImage(Buffer.alloc(0), 'image/jpeg')).toBe(false);
  });
});

describe('object keys and names', () => {
  it('reads the type from a key of ours only', () => {
    expect(contentTypeOfKey('0f8fad5b-d9cb-469f-a165-70867728950e.jpg')).toBe('image/jpeg');
    for (const key of [
      '0f8fad5b-d9cb-469f-a165-70867728950e.jpeg',
      '0F8FAD5B-D9CB-469F-A165-70867728950E.png',
      '0f8fad5b-d9cb-469f-a165-70867728950e.png/..',
      '.0f8fad5b-d9cb-469f-a165-70867728950e.png.part',
      '../0f8fad5b-d9cb-469f-a165-70867728950e.png',
      'index.html',
    ]) {
      expect(contentTypeOfKey(key), key).toBeNull();
    }
  });

  it('makes a file name safe to log', () => {
    expect(fileNameForLog('../../etc/passwd.png\n\u001b[31mFAKE LOG LINE')).toBe(
      '.._.._etc_passwd.png___31mFAKE LOG LINE',
    );
    expect(fileNameForLog('x'.repeat(500))).toHaveLength(100);
  });
});
