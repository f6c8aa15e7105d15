import { lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbedded } from '../../src/backup/pglite.js';
import { images } from '../storage/images.js';
import { testAdminEmail } from '../helpers/build-test-app.js';
import { runCli } from '../helpers/cli-process.js';
import { loginOver, type ServerProcess, startServer, stopServer } from '../helpers/server-process.js';

// `npm run backup` / `npm run restore` as an operator runs them: real server processes, the real
// CLI (node scripts/api.mjs cli/backup), real files. PGlite only, except the DATABASE_URL advice.
const onPglite = (process.env.TEST_DB ?? 'pglite') === 'pglite';

let parent: string;
beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'strideadmin-backup-'));
});
afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

/** Row count and an md5 of every row (in a fixed order) of every table, "schema.table" -> "n:md5". */
async function tableChecksums(dbDir: string): Promise<Record<string, string>> {
  const pg = await openEmbedded(dbDir);
  try {
    const { rows } = await pg.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    const out: Record<string, string> = {};
    for (const t of rows) {
      const { rows: r } = await pg.query<{ n: number; h: string }>(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as h
           from "${t.schema}"."${t.name}" t`,
      );
      out[`${t.schema}.${t.name}`] = `${r[0]!.n}:${r[0]!.h}`;
    }
    return out;
  } finally {
    await pg.close();
  }
}

async function modesOpenToOthers(dir: string): Promise<string[]> {
  const out: string[] = [];
  const visit = async (p: string) => {
    const info = await lstat(p);
    if (info.mode & 0o077) out.push(`${p} ${(info.mode & 0o7777).toString(8)}`);
    if (info.isDirectory()) for (const n of await readdir(p)) await visit(path.join(p, n));
  };
  await visit(dir);
  return out;
}

async function api(origin: string, authorization: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { body: Record<string, unknown> & { id?: number } } };
}

const day = 24 * 60 * 60 * 1000;
const card = (n: number, cardPicture: string) => ({
  serialNumber: `BACKUP-${n}`,
  controlCode: `CODE-${n}`,
  amount: 100 + n,
  currency: 'SEK',
  storeName: 'corner shop',
  storeAddress: 'storgatan 1, stockholm',
  cardPicture,
  validTill: new Date(Date.now() + 30 * day).toISOString().slice(0, 10),
  expiryDuration: 1440,
  price: 500,
});

/** No stack trace: an operator's error is one line (plus advice lines), never "    at ...". */
const noStack = (text: string) => expect(text).not.toMatch(/^\s+at /m);

describe.runIf(onPglite)('npm run backup, then npm run restore into a new DATA_DIR', () => {
  let dataDir: string;
  let archive: string;

  it('brings back the same rows, image bytes, password and JWT secret; refuses while the server runs', async () => {
    dataDir = path.join(parent, 'data');
    archive = path.join(parent, 'out', 'nightly.tar.gz');
    // A generated JWT secret and admin password, as in production without JWT_SECRET/ADMIN_PASSWORD.
    const env = { JWT_SECRET: '', ADMIN_PASSWORD: '' };
    let server: ServerProcess | undefined = await startServer({ dataDir, env });
    let before;
    try {
      const password = (await readFile(path.join(dataDir, 'initial-admin-password'), 'utf8')).trim();
      const { authorization } = await loginOver(server.origin, testAdminEmail, password);

      // An image through the presigned URL flow, two gift cards showing it, one app user.
      const presign = await api(server.origin, authorization, 'POST', '/api/getPresignedUrl', {
        name: 'card.png',
        dict: 'gift_card_images',
        dataType: 'image/png',
      });
      expect(presign.status).toBe(200);
      const upload = new URL(presign.json.body.url as string);
      const put = await fetch(`${server.origin}${upload.pathname}${upload.search}`, {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body: images['image/png'],
      });
      expect(put.status).toBe(200);
      const picture = `${upload.origin}${upload.pathname}`;
      const cards: number[] = [];
      for (const n of [1, 2]) {
        const res = await api(server.origin, authorization, 'POST', '/api/giftcard', card(n, picture));
        expect(res.status).toBe(200);
        cards.push(res.json.body.id!);
      }
      const user = await api(server.origin, authorization, 'POST', '/api/users', {
        name: 'Åsa Lind',
        email: 'asa@example.com',
        height: 168.5,
        weight: 61,
        gender: 'female',
        totalCoins: 120,
        dailyFSGoal: 8000,
        role: 'User',
        isTracking: true,
      });
      expect(user.status).toBe(200);
      const userId = user.json.body.id!;
      const readBack = {
        user: (await api(server.origin, authorization, 'GET', `/api/users/${userId}`)).json,
        card: (await api(server.origin, authorization, 'GET', `/api/giftcard/${cards[0]}`)).json,
      };
      before = { password, authorization, picturePath: upload.pathname, userId, cardId: cards[0]!, readBack };

      // While it runs: refused, saying so, with its pid; no archive.
      const busy = await runCli('cli/backup', ['--out', archive], { DATA_DIR: dataDir });
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain(
        `The server is running on DATA_DIR ${dataDir} (pid ${server.child.pid}): stop it first`,
      );
      noStack(busy.stderr);
      expect(await stat(archive).catch(() => null)).toBeNull();
    } finally {
      expect((await stopServer(server)).code).toBe(0);
    }
    server = undefined;
    const checksums = await tableChecksums(path.join(dataDir, 'db'));
    expect(Number(checksums['drizzle.__drizzle_migrations']!.split(':')[0])).toBeGreaterThan(0);
    expect(checksums['public.gift_cards']!.startsWith('2:')).toBe(true);

    const backup = await runCli('cli/backup', ['--out', archive], { DATA_DIR: dataDir });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backup written to ${archive}\n`);
    expect(backup.stdout).toMatch(/uploads: +1 files/);
    expect(backup.stdout).toContain('secrets:  jwt-secret, initial-admin-password');
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    const members: string[] = [];
    await tar.t({ file: archive, onReadEntry: (e) => members.push(e.path) });
    expect(members).toEqual([
      'strideadmin-backup/manifest.json',
      'strideadmin-backup/database.sql',
      'strideadmin-backup/secrets/jwt-secret',
      'strideadmin-backup/secrets/initial-admin-password',
      `strideadmin-backup${before.picturePath}`,
    ]);

    const restoredDir = path.join(parent, 'restored');
    const restore = await runCli('cli/restore', [archive], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`into ${restoredDir}`);
    // Owner-only (checked first: this test process opening the database below has umask 022).
    expect(await modesOpenToOthers(restoredDir)).toEqual([]);
    // Same rows in every table (the migrations journal included: nothing re-runs).
    expect(await tableChecksums(path.join(restoredDir, 'db'))).toEqual(checksums);
    for (const secret of ['jwt-secret', 'initial-admin-password']) {
      expect(await readFile(path.join(restoredDir, secret), 'utf8')).toBe(
        await readFile(path.join(dataDir, secret), 'utf8'),
      );
    }

    server = await startServer({ dataDir: restoredDir, env });
    try {
      expect(server.output()).not.toContain('First administrator created');
      // The token signed before the backup still verifies (same JWT secret), answers the same.
      const user = await api(server.origin, before.authorization, 'GET', `/api/users/${before.userId}`);
      expect(user.status).toBe(200);
      expect(user.json).toEqual(before.readBack.user);
      const cardAgain = await api(server.origin, before.authorization, 'GET', `/api/giftcard/${before.cardId}`);
      expect(cardAgain.status).toBe(200);
      expect(cardAgain.json).toEqual(before.readBack.card);
      // The old password signs in.
      const { authorization } = await loginOver(server.origin, testAdminEmail, before.password);
      // The image, byte for byte.
      const image = await fetch(`${server.origin}${before.picturePath}`);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(images['image/png']);
      // Sequences came back too: a new user gets a new id.
      const next = await api(server.origin, authorization, 'POST', '/api/users', {
        name: 'Bo Berg',
        email: 'bo@example.com',
        role: 'User',
      });
      expect(next.status).toBe(200);
      expect(next.json.body.id).toBeGreaterThan(before.userId);
    } finally {
      expect((await stopServer(server)).code).toBe(0);
    }
  }, 300_000);

  it('refuses a DATA_DIR that is not empty, and leaves it as it was', async () => {
    const target = path.join(parent, 'not-empty');
    await mkdir(target);
    await writeFile(path.join(target, 'keep.txt'), 'mine\n');
    const r = await runCli('cli/restore', [archive], { DATA_DIR: target });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`DATA_DIR ${target} is not empty (keep.txt): restore into an empty folder`);
    noStack(r.stderr);
    expect(await readdir(target)).toEqual(['keep.txt']);
  }, 120_000);

  it('refuses a damaged archive (one byte flipped) and writes nothing', async () => {
    const broken = path.join(parent, 'flipped.tar.gz');
    const bytes = await readFile(archive);
    const at = Math.floor(bytes.length / 2);
    bytes[at] = bytes[at]! ^ 0xff;
    await writeFile(broken, bytes);
    const target = path.join(parent, 'from-flipped');
    const r = await runCli('cli/restore', [broken], { DATA_DIR: target });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^The archive .*flipped\.tar\.gz is damaged/);
    expect(r.stderr).toContain('nothing restored');
    noStack(r.stderr);
    expect(await stat(target).catch(() => null)).toBeNull();
  }, 120_000);

  it('refuses an archive whose member does not match the manifest checksum (valid gzip and tar) and writes nothing', async () => {
    const work = path.join(parent, 'tamper');
    await mkdir(work);
    await tar.x({ file: archive, cwd: work });
    const dump = path.join(work, 'strideadmin-backup', 'database.sql');
    await writeFile(dump, (await readFile(dump, 'utf8')).replace('corner shop', 'corner shoq'));
    const tampered = path.join(parent, 'tampered.tar.gz');
    const members: string[] = [];
    await tar.t({ file: archive, onReadEntry: (e) => members.push(e.path) });
    await tar.c({ gzip: true, file: tampered, cwd: work }, members);

    const target = path.join(parent, 'from-tampered');
    await mkdir(target); // exists and is empty: stays empty
    const r = await runCli('cli/restore', [tampered], { DATA_DIR: target });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/is damaged: database\.sql does not match its checksum in the manifest/);
    noStack(r.stderr);
    expect(await readdir(target)).toEqual([]);
  }, 120_000);

  it('with S3 storage, backs up the database and secrets and says the images are in the bucket', async () => {
    const out = path.join(parent, 's3.tar.gz');
    const r = await runCli('cli/backup', ['--out', out], { DATA_DIR: dataDir, S3_BUCKET: 'strideadmin-images' });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Images are in the S3 bucket strideadmin-images (S3_BUCKET), not in this archive');
    expect(r.stdout).toContain('aws s3 sync s3://strideadmin-images');
    const members: string[] = [];
    await tar.t({ file: out, onReadEntry: (e) => members.push(e.path) });
    expect(members.filter((m) => m.includes('/uploads/'))).toEqual([]);
    expect(members).toContain('strideadmin-backup/database.sql');
  }, 120_000);
});

describe('npm run backup with DATABASE_URL (PostgreSQL)', () => {
  it('backs up nothing and prints the pg_dump command instead (password masked), exit code 1', async () => {
    const copy = path.join(parent, 'pg-data');
    const r = await runCli('cli/backup', [], {
      DATA_DIR: copy,
      DATABASE_URL: 'postgres://strideadmin:s3cret-pw@db.internal:5432/strideadmin',
    });
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(
      'npm run backup backs up the embedded database (PGlite in DATA_DIR/db) only; DATABASE_URL is set, so the data is in PostgreSQL.',
    );
    expect(r.stderr).toContain('pg_dump --format=custom --no-owner --file=strideadmin-');
    expect(r.stderr).toContain('"$DATABASE_URL"');
    expect(r.stderr).toContain('postgres://strideadmin:***@db.internal:5432/strideadmin');
    expect(r.stderr).not.toContain('s3cret-pw');
    noStack(r.stderr);
    expect(r.stdout).toBe('');
    expect(await stat(copy).catch(() => null)).toBeNull();
  }, 60_000);
});
