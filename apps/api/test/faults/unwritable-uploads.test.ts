import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../helpers/index.js';
import { putTo, requestPath, uploadUrl } from '../modules/uploads/upload-helpers.js';
import { images, pngOfSize } from '../storage/images.js';

/**
 * Faults: an unwritable or full DATA_DIR/uploads gives a clear error, no crash, and nothing
 * half-written, on the real file system (modules/uploads/disk-full.test.ts covers each error code
 * by simulating it). Root ignores permissions, so the unwritable folder is made two ways: a file
 * standing where the folder should be (works for anyone), and chmod 0500 (when not root). A full
 * disk is a 64 KiB tmpfs mounted on DATA_DIR/uploads, where this machine allows mounting.
 */
const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

/** Whether this process may mount a tmpfs (root with CAP_SYS_ADMIN, as in CI's container). */
async function canMountTmpfs(): Promise<boolean> {
  if (!isRoot) return false;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-mount-probe-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]);
    await run('umount', [dir]);
    return true;
  } catch {
    return false;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
const mountable = await canMountTmpfs();

/** Every file under `dir` (dot files too), relative to it; [] when it is no directory. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe('uploads when DATA_DIR/uploads cannot be written', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let uploadsDir: string;
  let mounted = false;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    uploadsDir = path.join(t.config.dataDir, 'uploads');
  });
  afterAll(async () => {
    if (mounted) await run('umount', [uploadsDir]);
    await t?.close();
  });

  /** The server still answers other calls, and a stored image is still served. */
  async function expectStillServing() {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/users', headers: admin.headers });
    expect(list.statusCode).toBe(200);
  }

  async function expectRefused(url: string, status: number, body: Buffer = images['image/png']) {
    const res = await putTo(t, url, body, 'image/png');
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual({ message: messages.uploadStorageFailed });
  }

  it('answers 503 when a file stands where the image folder should be, stores nothing, and works once it is a folder', async () => {
    const url = await uploadUrl(t, admin, 'image/png', 'profile_Images');
    await mkdir(uploadsDir, { recursive: true });
    const inTheWay = path.join(uploadsDir, 'profile_Images');
    await writeFile(inTheWay, 'not a folder');

    await expectRefused(url, 503);

    expect(await readFile(inTheWay, 'utf8')).toBe('not a folder');
    expect(await filesUnder(uploadsDir)).toEqual(['profile_Images']);
    await expectStillServing();

    // Repaired: the same URL stores the image, which is then served.
    await rm(inTheWay);
    expect((await putTo(t, url, images['image/png'], 'image/png')).statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: requestPath(url).split('?')[0]! });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(images['image/png'])).toBe(true);
  });

  it('answers 503 when DATA_DIR/uploads itself is a file, and keeps serving other calls', async () => {
    const url = await uploadUrl(t, admin, 'image/png', 'gift_card_images');
    const moved = `${uploadsDir}.aside`;
    await rm(moved, { recursive: true, force: true });
    await run('mv', [uploadsDir, moved]);
    await writeFile(uploadsDir, 'not a folder');
    try {
      await expectRefused(url, 503);
      expect(await readFile(uploadsDir, 'utf8')).toBe('not a folder');
      await expectStillServing();
    } finally {
      await rm(uploadsDir);
      await run('mv', [moved, uploadsDir]);
    }
    expect((await putTo(t, url, images['image/png'], 'image/png')).statusCode).toBe(200);
  });

  it.skipIf(isRoot)('answers 503 when the image folder is read-only (chmod 0500; root ignores it)', async () => {
    const url = await uploadUrl(t, admin, 'image/png', 'gift_card_images');
    const folder = path.join(uploadsDir, 'gift_card_images');
    await mkdir(folder, { recursive: true });
    const before = await filesUnder(folder);
    await chmod(folder, 0o500);
    try {
      await expectRefused(url, 503);
      expect(await filesUnder(folder)).toEqual(before);
      await expectStillServing();
    } finally {
      await chmod(folder, 0o750);
    }
    expect((await putTo(t, url, images['image/png'], 'image/png')).statusCode).toBe(200);
  });

  it.skipIf(!mountable)(
    'answers 507 when the disk fills during the write, leaves no partial file, and takes a small image after',
    async () => {
      await rm(uploadsDir, { recursive: true, force: true });
      await mkdir(uploadsDir, { recursive: true });
      await run('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0750', 'tmpfs', uploadsDir]);
      mounted = true;
      const url = await uploadUrl(t, admin, 'image/png', 'gift_card_images');

      await expectRefused(url, 507, pngOfSize(256 * 1024));

      expect(await filesUnder(uploadsDir)).toEqual([]); // the partial temporary file is gone
      await expectStillServing();
      // The space the failed write took is free again: a small image fits, at the same URL.
      expect((await putTo(t, url, images['image/png'], 'image/png')).statusCode).toBe(200);
      expect(await filesUnder(uploadsDir)).toEqual([`gift_card_images/${new URL(url).pathname.split('/')[3]}`]);
    },
  );
});
