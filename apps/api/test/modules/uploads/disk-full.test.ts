import type * as fsPromises from 'node:fs/promises';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { failure } from '../../helpers/failing-disk.js';
import { messages } from '@strideadmin/contract';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { images } from '../../storage/images.js';
import { putTo, uploadUrl } from './upload-helpers.js';

vi.mock('node:fs/promises', async (importOriginal) =>
  (await import('../../helpers/failing-disk.js')).failingFs(await importOriginal<typeof fsPromises>()),
);

describe('uploads on a failing disk', () => {
  let t: TestApp;
  let admin: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  for (const [code, status] of [
    ['ENOSPC', 507],
    ['EDQUOT', 507],
    ['EROFS', 503],
    ['EACCES', 503],
  ] as const) {
    it(`answers ${code} with ${status} and the storage message, leaves no file, and the URL still works after`, async () => {
      const url = await uploadUrl(t, admin, 'image/png', 'profile_Images');

      failure.code = code;
      const res = await putTo(t, url, images['image/png'], 'image/png').finally(() => {
        failure.code = null;
      });

      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message: messages.uploadStorageFailed });
      const key = new URL(url).pathname.split('/')[3]!;
      const left = await readdir(path.join(t.config.dataDir, 'uploads', 'profile_Images'));
      expect(left.filter((f) => f.includes(key))).toEqual([]);
      expect((await putTo(t, url, images['image/png'], 'image/png')).statusCode).toBe(200);
    });
  }
});
