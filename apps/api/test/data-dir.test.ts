import { spawnSync } from 'node:child_process';
import { chmod, chown, lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { images } from './storage/images.js';
import { testAdminEmail } from './helpers/build-test-app.js';
import { loginOver, startServer, stopServer } from './helpers/server-process.js';

// Data at rest (docs/operations/data-at-rest.md): the real server process, on real folders.
// PGlite only: DATA_DIR/db is the embedded database; the rest is the same on both drivers.
const onPglite = (process.env.TEST_DB ?? 'pglite') === 'pglite';

interface Entry {
  path: string;
  mode: number;
}

/** `dir` and everything under it, with permission bits (symbolic links not followed). */
async function entriesUnder(dir: string): Promise<Entry[]> {
  const out: Entry[] = [];
  const visit = async (p: string) => {
    const info = await lstat(p);
    out.push({ path: p, mode: info.mode & 0o7777 });
    if (info.isDirectory()) for (const name of await readdir(p)) await visit(path.join(p, name));
  };
  await visit(dir);
  return out;
}

const octal = (m: number) => '0' + m.toString(8);
/** What group or others may access, as "path 0644" lines: [] when everything is owner-only. */
const openToOthers = (entries: Entry[]) =>
  entries.filter((e) => e.mode & 0o077).map((e) => `${e.path} ${octal(e.mode)}`);

/** POST /api/getPresignedUrl and the PUT, over HTTP: the path the image is served at. */
async function uploadImage(origin: string, authorization: string): Promise<string> {
  const res = await fetch(`${origin}/api/getPresignedUrl`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ name: 'card.png', dict: 'gift_card_images', dataType: 'image/png' }),
  });
  expect(res.status).toBe(200);
  const { body } = (await res.json()) as { body: { url: string } };
  const url = new URL(body.url); // PUBLIC_URL's host: the same server on 127.0.0.1
  const put = await fetch(`${origin}${url.pathname}${url.search}`, {
    method: 'PUT',
    headers: { 'content-type': 'image/png' },
    body: images['image/png'],
  });
  expect(put.status).toBe(200);
  return url.pathname;
}

async function waitForFile(dir: string, ms = 10_000): Promise<string[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const names = await readdir(dir).catch(() => [] as string[]);
    if (names.length > 0 || Date.now() > deadline) return names;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const made: string[] = [];
async function tempParent(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'strideadmin-datadir-'));
  made.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

describe.runIf(onPglite)('DATA_DIR at rest (the real server process)', () => {
  it('a new DATA_DIR and everything the server writes in it (database, secret, upload, mail) is owner-only', async () => {
    const dataDir = path.join(await tempParent(), 'data'); // the server makes it
    // No JWT_SECRET: the server generates DATA_DIR/jwt-secret.
    const server = await startServer({ dataDir, env: { JWT_SECRET: '', LOG_LEVEL: 'warn' } });
    try {
      const { authorization } = await loginOver(server.origin);
      const imagePath = await uploadImage(server.origin, authorization);
      const forgot = await fetch(`${server.origin}/api/auth/forgot_password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: testAdminEmail }),
      });
      expect(forgot.status).toBe(200);
      expect(await waitForFile(path.join(dataDir, 'mail'))).toHaveLength(1);

      // While it runs: the database files (WAL included), the pid files, the upload, the e-mail.
      const running = await entriesUnder(dataDir);
      const names = running.map((e) => path.relative(dataDir, e.path));
      expect(names).toEqual(
        expect.arrayContaining([
          'db/PG_VERSION',
          'db/postgresql.conf',
          'db/postmaster.pid',
          'db/pg_wal',
          'jwt-secret',
          'server.pid',
          imagePath.replace(/^\/uploads\//, 'uploads/'),
        ]),
      );
      expect(names.filter((n) => n.startsWith('db/pg_wal/0000')).length).toBeGreaterThan(0);
      expect(openToOthers(running)).toEqual([]);
      expect((await lstat(dataDir)).mode & 0o777).toBe(0o700);
      // Nothing was open before, so nothing to warn about.
      expect(server.output()).not.toContain('open to other local users');
    } finally {
      expect((await stopServer(server)).code).toBe(0);
    }
    // And after a clean stop (PGlite writes its last files on close).
    expect(openToOthers(await entriesUnder(dataDir))).toEqual([]);
  }, 120_000);

  it('an existing DATA_DIR open to others (0755, a 0644 file) is tightened at start, with one warning saying what changed', async () => {
    const dataDir = path.join(await tempParent(), 'data');
    await mkdir(path.join(dataDir, 'notes'), { recursive: true });
    await writeFile(path.join(dataDir, 'notes', 'read-me.txt'), 'kept\n');
    await chmod(dataDir, 0o755);
    await chmod(path.join(dataDir, 'notes'), 0o755);
    await chmod(path.join(dataDir, 'notes', 'read-me.txt'), 0o644);

    const server = await startServer({ dataDir, env: { LOG_LEVEL: 'warn' } });
    try {
      const warnings = server
        .output()
        .split('\n')
        .filter((l) => l.includes('open to other local users'));
      expect(warnings).toHaveLength(1);
      const warning = JSON.parse(warnings[0]!) as { level: number; msg: string; changes: string[] };
      expect(warning.level).toBe(40); // pino's warn
      expect(warning.msg).toContain('made 3 entries owner-only');
      expect(warning.changes).toEqual([
        `${dataDir} 0755 -> 0700`,
        `${path.join(dataDir, 'notes')} 0755 -> 0700`,
        `${path.join(dataDir, 'notes', 'read-me.txt')} 0644 -> 0600`,
      ]);
      expect(openToOthers(await entriesUnder(dataDir))).toEqual([]);
      expect(await readFile(path.join(dataDir, 'notes', 'read-me.txt'), 'utf8')).toBe('kept\n');
    } finally {
      expect((await stopServer(server)).code).toBe(0);
    }
  }, 120_000);
});

// Root reads any file whatever its mode: the proof that another local user cannot read DATA_DIR
// runs the server as `nobody` and reads as a second unprivileged uid.
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
function userIds(name: string): { uid: number; gid: number } | undefined {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
const nobody = isRoot ? userIds('nobody') : undefined;
/** No account needed: a uid/gid pair nobody else uses on this machine. */
const stranger = { uid: 65533, gid: 65533 };
/** Whether `nobody` may run this Node binary (one fetched by `npx -y node@24` lives under /root). */
const nodeRunsAsNobody =
  nobody !== undefined && spawnSync(process.execPath, ['-e', '0'], { uid: nobody.uid, gid: nobody.gid }).status === 0;
const unprivilegedSkip = !isRoot
  ? 'not running as root: cannot start processes as other users (run the suite as root to check this)'
  : !nobody
    ? 'no user "nobody" on this machine'
    : !nodeRunsAsNobody
      ? `"nobody" may not run ${process.execPath} (checked on the system Node instead)`
      : undefined;

/** The first bytes of `file`, read by a process of `user` (a WAL segment is 16 MB: not all of it). */
function readAs(user: { uid: number; gid: number }, file: string) {
  return spawnSync('head', ['-c', '64', file], { uid: user.uid, gid: user.gid, encoding: 'utf8' });
}

describe.runIf(onPglite)('DATA_DIR as an unprivileged user', () => {
  if (unprivilegedSkip) {
    it.skip(`skipped: ${unprivilegedSkip}`, () => {});
    return;
  }
  const owner = nobody!;

  it('the server running as nobody keeps its files from another local user (EACCES), and they are readable to nobody itself', async () => {
    const parent = await tempParent();
    await chmod(parent, 0o755);
    await chown(parent, owner.uid, owner.gid);
    const dataDir = path.join(parent, 'data'); // made by the server, as nobody
    const server = await startServer({ dataDir, user: owner, env: { JWT_SECRET: '', LOG_LEVEL: 'warn' } });
    try {
      const wal = (await readdir(path.join(dataDir, 'db', 'pg_wal'))).find((n) => /^[0-9A-F]{24}$/.test(n));
      expect(wal).toBeDefined();
      const secrets = [
        path.join(dataDir, 'jwt-secret'),
        path.join(dataDir, 'db', 'PG_VERSION'),
        path.join(dataDir, 'db', 'pg_wal', wal!),
      ];
      for (const file of secrets) {
        const theirs = readAs(stranger, file);
        expect(theirs.status, file).not.toBe(0);
        expect(theirs.stderr, file).toContain('Permission denied');
        // The owner reads the same file: the refusal is the mode, not a missing file.
        expect(readAs(owner, file).status, file).toBe(0);
      }
      const list = spawnSync('ls', [dataDir], { uid: stranger.uid, gid: stranger.gid, encoding: 'utf8' });
      expect(list.status).not.toBe(0);
      expect(list.stderr).toContain('Permission denied');
      expect((await lstat(dataDir)).uid).toBe(owner.uid);
    } finally {
      expect((await stopServer(server)).code).toBe(0);
    }
  }, 120_000);

  it('an entry it cannot change (another owner) is named in a warning with its mode; what it owns is tightened', async () => {
    const parent = await tempParent();
    await chmod(parent, 0o755);
    const dataDir = path.join(parent, 'data');
    await mkdir(dataDir, { mode: 0o755 });
    await chmod(dataDir, 0o755);
    await chown(dataDir, owner.uid, owner.gid);
    const foreign = path.join(dataDir, 'left-by-root.txt');
    await writeFile(foreign, 'root was here\n');
    await chmod(foreign, 0o644); // owned by root: nobody cannot chmod it

    const server = await startServer({ dataDir, user: owner, env: { LOG_LEVEL: 'warn' } });
    try {
      const lines = server.output().split('\n');
      const named = lines.filter((l) => l.includes(foreign) && l.includes('could not be made owner-only'));
      expect(named).toHaveLength(1);
      expect(named[0]).toContain('mode 0644');
      expect(named[0]).toContain(`chmod go-rwx '${foreign}'`);
      expect(lines.filter((l) => l.includes(`${dataDir} 0755 -> 0700`))).toHaveLength(1);
      expect((await lstat(dataDir)).mode & 0o777).toBe(0o700);
      expect((await lstat(foreign)).mode & 0o777).toBe(0o644);
    } finally {
      expect((await stopServer(server)).code).toBe(0);
    }
  }, 120_000);
});
