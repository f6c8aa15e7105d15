import type * as fsPromises from 'node:fs/promises';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@strideadmin/contract';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { images } from '../../storage/images.js';
import { putTo, uploadUrl } from './upload-helpers.js';

// A full or read-only disk cannot be made without privileges: the write fails as it would.
const failure = vi.hoisted(() => ({ code: null as string | null }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof fsPromises>();
  return {
    ...fs,
    open: async (...args: Parameters<typeof fs.open>) => {
      const file = await fs.open(...args);
      if (failure.code && args[1] === 'wx') {
        const code = failure.code;
        file.writeFile = () => Promise.reject(Object.assign(new Error(`${code}: simulated`), { code }));
      }
      return file;
    },
  };
});

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
