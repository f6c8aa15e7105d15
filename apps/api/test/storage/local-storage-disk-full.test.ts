import type * as fsPromises from 'node:fs/promises';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { failure } from '../helpers/failing-disk.js';
import { deriveUploadSigningKey, LocalStorage, StorageUnavailableError } from '../../src/storage/index.js';
import { testJwtSecret } from '../helpers/index.js';
import { images } from './images.js';

vi.mock('node:fs/promises', async (importOriginal) =>
  (await import('../helpers/failing-disk.js')).failingFs(await importOriginal<typeof fsPromises>()),
);

describe('LocalStorage on a failing disk', () => {
  let dir: string;
  let storage: LocalStorage;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-storage-full-'));
    storage = new LocalStorage({
      dir,
      publicUrl: 'http://localhost:3000',
      signingKey: deriveUploadSigningKey(testJwtSecret),
    });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  for (const [code, insufficientSpace] of [
    ['ENOSPC', true],
    ['EDQUOT', true],
    ['EROFS', false],
    ['EACCES', false],
    ['EIO', false],
  ] as const) {
    it(`reports ${code} as StorageUnavailableError (insufficient space: ${insufficientSpace}) and leaves no file`, async () => {
      failure.code = code;
      const { key } = await storage.presignPut({
        folder: 'profile_Images',
        contentType: 'image/png',
        originalName: 'x',
      });

      const err = await storage.put('profile_Images', key, images['image/png']).catch((e: unknown) => e);
      failure.code = null;

      expect(err).toBeInstanceOf(StorageUnavailableError);
      expect((err as StorageUnavailableError).insufficientSpace).toBe(insufficientSpace);
      expect(await readdir(path.join(dir, 'profile_Images'))).toEqual([]);
    });
  }
});
