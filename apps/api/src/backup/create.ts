import { createWriteStream } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import type { Config } from '../config.js';
import { dataDirHolder } from '../data-dir.js';
import { apiRoot } from '../paths.js';
import {
  archiveRoot,
  dumpName,
  listFiles,
  type Manifest,
  type ManifestMember,
  manifestName,
  OperatorError,
  secretNames,
  sha256File,
} from './manifest.js';
import { openEmbedded } from './pglite.js';

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
  ms: number;
  /** Said after the summary: what this archive does not hold (images in a bucket). */
  notes: string[];
}

/** `strideadmin-backup-20261125T162700Z.tar.gz` */
export function defaultBackupName(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `strideadmin-backup-${stamp}.tar.gz`;
}

/** pg_dump for a PostgreSQL DATABASE_URL, printed instead of a backup (no password in it). */
export function pgDumpAdvice(databaseUrl: string): string {
  let shown = databaseUrl;
  try {
    const u = new URL(databaseUrl);
    if (u.password) u.password = '***';
    shown = u.toString();
  } catch {
    // not a URL (a key=value string): printed as given
  }
  return (
    `npm run backup backs up the embedded database (PGlite in DATA_DIR/db) only; DATABASE_URL is set, so the data is in PostgreSQL.\n` +
    `Back it up with PostgreSQL's own tools, e.g. (custom format, restorable with pg_restore):\n\n` +
    `  pg_dump --format=custom --no-owner --file=strideadmin-$(date -u +%Y%m%dT%H%M%SZ).dump "$DATABASE_URL"\n\n` +
    `  (DATABASE_URL here is ${shown})\n` +
    `and keep a copy of DATA_DIR/jwt-secret (unless JWT_SECRET is set) and, with local image storage, DATA_DIR/uploads.\n` +
    `Restore: pg_restore --no-owner --dbname="$DATABASE_URL" strideadmin-<time>.dump`
  );
}

export function s3Advice(config: Config): string {
  const s = config.storage.driver === 's3' ? config.storage : undefined;
  const bucket = s?.bucket ?? 'BUCKET';
  const endpoint = s?.endpoint ? ` --endpoint-url ${s.endpoint}` : '';
  return (
    `Images are in the S3 bucket ${bucket} (S3_BUCKET), not in this archive: turn on bucket versioning, ` +
    `or copy them, e.g. aws s3 sync s3://${bucket} ./strideadmin-images${endpoint}`
  );
}

async function appVersion(): Promise<string> {
  try {
    const pkg = JSON.parse(await readFile(path.join(apiRoot, 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * One .tar.gz (mode 0600) of DATA_DIR: a pg_dump of the embedded database, the uploads, the
 * secrets and a manifest (row counts, file counts, SHA-256 of every member). The server must be
 * stopped: PGlite is one process at a time.
 */
export async function createBackup(opts: { config: Config; out?: string; now?: Date }): Promise<BackupResult> {
  const started = performance.now();
  const { config } = opts;
  const dataDir = config.dataDir;
  if (config.databaseUrl) throw new OperatorError(pgDumpAdvice(config.databaseUrl));
  const holder = await dataDirHolder(dataDir);
  if (holder !== undefined) {
    throw new OperatorError(
      `The server is running on DATA_DIR ${dataDir} (pid ${holder}): stop it first (the embedded database is ` +
        `one process at a time), run npm run backup, then start it again. For backups without stopping, run on ` +
        `PostgreSQL (DATABASE_URL) and use pg_dump.`,
    );
  }
  const dbDir = path.join(dataDir, 'db');
  if (!(await stat(path.join(dbDir, 'PG_VERSION')).catch(() => undefined))) {
    throw new OperatorError(`No embedded database in ${dbDir}: is DATA_DIR (${dataDir}) right?`);
  }
  const file = path.resolve(opts.out ?? defaultBackupName(opts.now));
  if (await stat(file).catch(() => undefined)) {
    throw new OperatorError(`${file} exists already: choose another --out (a backup never overwrites a file)`);
  }
  const outDir = path.dirname(file);
  await mkdir(outDir, { recursive: true, mode: 0o700 });

  // Staging next to the archive (same disk, owner-only): the dump, the secrets and the manifest.
  const staging = await mkdtemp(path.join(outDir, '.strideadmin-backup-'));
  const partial = `${file}.partial`;
  try {
    const root = path.join(staging, archiveRoot);
    await mkdir(path.join(root, 'secrets'), { recursive: true, mode: 0o700 });

    const pg = await openEmbedded(dbDir);
    let dump: string;
    let server: string;
    const tables: Record<string, number> = {};
    try {
      server = (await pg.query<{ version: string }>('select version()')).rows[0]?.version ?? 'unknown';
      const { rows } = await pg.query<{ schema: string; name: string }>(
        `select table_schema as schema, table_name as name from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
          order by 1, 2`,
      );
      for (const t of rows) {
        const q = `select count(*)::int as n from "${t.schema.replace(/"/g, '""')}"."${t.name.replace(/"/g, '""')}"`;
        tables[`${t.schema}.${t.name}`] = (await pg.query<{ n: number }>(q)).rows[0]?.n ?? 0;
      }
      const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
      // Multi-row INSERTs (PGlite cannot take COPY ... FROM stdin in a script): ~30x faster to load.
      dump = await (await pgDump({ pg, args: ['--rows-per-insert=1000'] })).text();
    } finally {
      await pg.close();
    }
    await writeFile(path.join(root, dumpName), dump, { mode: 0o600 });
    const secrets: string[] = [];
    for (const name of secretNames) {
      try {
        await copyFile(path.join(dataDir, name), path.join(root, 'secrets', name));
        await chmod(path.join(root, 'secrets', name), 0o600);
        secrets.push(name);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    const uploads = config.storage.driver === 'local' ? await listFiles(config.storage.dir) : [];
    if (config.storage.driver === 'local' && uploads.length > 0) {
      await symlink(config.storage.dir, path.join(root, 'uploads'), 'dir');
    }

    const paths = [dumpName, ...secrets.map((s) => `secrets/${s}`), ...uploads.map((u) => `uploads/${u}`)];
    const members: ManifestMember[] = [];
    for (const p of paths) members.push({ path: p, ...(await sha256File(path.join(root, p))) });
    const uploadBytes = members.filter((m) => m.path.startsWith('uploads/')).reduce((a, m) => a + m.size, 0);
    const manifest: Manifest = {
      format: 'strideadmin-backup',
      formatVersion: 1,
      app: { name: 'strideadmin', version: await appVersion() },
      createdAt: (opts.now ?? new Date()).toISOString(),
      database: { driver: 'pglite', server, dump: dumpName, tables },
      storage: { driver: config.storage.driver, files: uploads.length, bytes: uploadBytes },
      secrets,
      members,
    };
    await writeFile(path.join(root, manifestName), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });

    // Manifest first: a reader learns what to expect before the data.
    const pack = tar.c({ gzip: true, cwd: staging, follow: true, portable: true }, [
      `${archiveRoot}/${manifestName}`,
      ...paths.map((p) => `${archiveRoot}/${p}`),
    ]);
    await pipeline(pack, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    await chmod(partial, 0o600);
    await rename(partial, file);
    const notes = config.storage.driver === 's3' ? [s3Advice(config)] : [];
    return { file, bytes: (await stat(file)).size, manifest, ms: performance.now() - started, notes };
  } finally {
    await rm(partial, { force: true }).catch(() => {});
    await rm(staging, { recursive: true, force: true });
  }
}
