import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import * as tar from 'tar';
import type { Config } from '../config.js';
import { dataDirHolder, tightenTree } from '../data-dir.js';
import {
  archiveRoot,
  dumpName,
  isSafeMemberPath,
  type Manifest,
  manifestName,
  OperatorError,
  parseManifest,
} from './manifest.js';
import { openEmbedded } from './pglite.js';

export interface RestoreResult {
  dataDir: string;
  manifest: Manifest;
  ms: number;
}

/** What an empty DATA_DIR may hold: a file system's own folder at a mount point. */
const ignorable = new Set(['lost+found']);

type ReadEntry = tar.ReadEntry;

/**
 * Reads every member of `file` in order. Only regular files under strideadmin-backup/ with a path
 * we would write ourselves are handed on; anything else (links, devices, `..`) is a refusal.
 */
async function readArchive(file: string, onMember: (rel: string, entry: ReadEntry) => void): Promise<void> {
  const problems: string[] = [];
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry: (entry: ReadEntry) => {
        const rel = entry.path.startsWith(`${archiveRoot}/`) ? entry.path.slice(archiveRoot.length + 1) : '';
        if (entry.type === 'Directory' && (rel === '' || isSafeMemberPath(rel.replace(/\/$/, '')))) {
          entry.resume();
        } else if (entry.type !== 'File' || !isSafeMemberPath(rel)) {
          problems.push(`${entry.path} (${entry.type})`);
          entry.resume();
        } else onMember(rel, entry);
      },
    });
  } catch (err) {
    if (err instanceof OperatorError) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw new OperatorError(`The archive ${file} is damaged or not a StrideAdmin backup (${reason}): nothing restored`);
  }
  if (problems.length > 0) {
    throw new OperatorError(
      `The archive ${file} holds entries a StrideAdmin backup never has (${problems.slice(0, 3).join(', ')}): nothing restored`,
    );
  }
}

interface Seen {
  sha256: string;
  size: number;
}

/** One pass over the archive, hashing every member; the manifest is read from it. Writes nothing. */
async function verifyArchive(file: string): Promise<Manifest> {
  const seen = new Map<string, Seen>();
  let manifestText: string | undefined;
  let duplicate: string | undefined;
  await readArchive(file, (rel, entry) => {
    if (seen.has(rel)) duplicate = rel;
    const hash = createHash('sha256');
    let size = 0;
    const chunks: Buffer[] = [];
    entry.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      size += chunk.length;
      if (rel === manifestName && size <= 16 * 1024 * 1024) chunks.push(chunk);
    });
    entry.on('end', () => {
      seen.set(rel, { sha256: hash.digest('hex'), size });
      if (rel === manifestName) manifestText = Buffer.concat(chunks).toString('utf8');
    });
  });
  if (manifestText === undefined) {
    throw new OperatorError(`${file} is not a StrideAdmin backup: it has no ${archiveRoot}/${manifestName}`);
  }
  if (duplicate) throw new OperatorError(`The archive ${file} holds ${duplicate} twice: nothing restored`);
  const manifest = parseManifest(manifestText);
  const listed = new Set<string>([manifestName]);
  for (const m of manifest.members) {
    listed.add(m.path);
    const got = seen.get(m.path);
    if (!got)
      throw new OperatorError(`The archive ${file} lacks ${m.path}, which its manifest lists: nothing restored`);
    if (got.sha256 !== m.sha256 || got.size !== m.size) {
      throw new OperatorError(
        `The archive ${file} is damaged: ${m.path} does not match its checksum in the manifest (sha256 ${got.sha256.slice(0, 12)}..., expected ${m.sha256.slice(0, 12)}...): nothing restored`,
      );
    }
  }
  for (const rel of seen.keys()) {
    if (!listed.has(rel)) {
      throw new OperatorError(`The archive ${file} holds ${rel}, which its manifest does not list: nothing restored`);
    }
  }
  if (!manifest.members.some((m) => m.path === dumpName)) {
    throw new OperatorError(`The archive ${file} has no database dump: nothing restored`);
  }
  return manifest;
}

/** The members of `file`, written under `into` (owner-only), each checked against the manifest again. */
async function extractVerified(file: string, into: string, manifest: Manifest): Promise<void> {
  const expected = new Map(manifest.members.map((m) => [m.path, m]));
  const writes: Promise<void>[] = [];
  const mismatched: string[] = [];
  const reading = readArchive(file, (rel, entry) => {
    const want = expected.get(rel);
    if (!want) {
      entry.resume();
      return;
    }
    const target = path.join(into, ...rel.split('/'));
    const hash = createHash('sha256');
    // Synchronously, so that no chunk of this entry goes by before its listener is there.
    mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    const out = createWriteStream(target, { flags: 'wx', mode: 0o600 });
    entry.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      out.write(chunk);
    });
    entry.on('end', () => {
      if (hash.digest('hex') !== want.sha256) mismatched.push(rel);
      out.end();
    });
    writes.push(finished(out));
  });
  try {
    await reading;
  } finally {
    await Promise.allSettled(writes); // every file closed before the caller removes the folder
  }
  await Promise.all(writes);
  if (mismatched.length > 0) {
    throw new OperatorError(`The archive ${file} changed while being restored (${mismatched[0]}): nothing restored`);
  }
}

async function tableCounts(pg: Awaited<ReturnType<typeof openEmbedded>>): Promise<Record<string, number>> {
  const { rows } = await pg.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`,
  );
  const out: Record<string, number> = {};
  for (const t of rows) {
    const q = `select count(*)::int as n from "${t.schema.replace(/"/g, '""')}"."${t.name.replace(/"/g, '""')}"`;
    out[`${t.schema}.${t.name}`] = (await pg.query<{ n: number }>(q)).rows[0]?.n ?? 0;
  }
  return out;
}

/**
 * `archive` back into an empty DATA_DIR: every checksum verified before anything is written, then
 * a new embedded database loaded from the dump (row counts checked against the manifest), the
 * uploads and the secrets, all owner-only. On failure, DATA_DIR is left as empty as it was.
 */
export async function restoreBackup(opts: { config: Config; archive: string }): Promise<RestoreResult> {
  const started = performance.now();
  const { config } = opts;
  const dataDir = config.dataDir;
  const archive = path.resolve(opts.archive);
  if (config.databaseUrl) {
    throw new OperatorError(
      'npm run restore loads a backup into the embedded database (PGlite in DATA_DIR/db); DATABASE_URL is set. ' +
        'Unset it to restore the embedded database, or restore PostgreSQL with pg_restore from a pg_dump.',
    );
  }
  const info = await stat(archive).catch(() => undefined);
  if (!info?.isFile()) throw new OperatorError(`No backup file at ${archive}`);

  let existing: string[] | undefined;
  try {
    existing = (await readdir(dataDir)).filter((n) => !ignorable.has(n));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (existing && existing.length > 0) {
    const holder = await dataDirHolder(dataDir);
    if (holder !== undefined) {
      throw new OperatorError(
        `The server is running on DATA_DIR ${dataDir} (pid ${holder}): restore into a new, empty DATA_DIR ` +
          `(DATA_DIR=/new/folder npm run restore -- FILE) with the server stopped`,
      );
    }
    const shown = existing.slice(0, 4).join(', ') + (existing.length > 4 ? ', ...' : '');
    throw new OperatorError(
      `DATA_DIR ${dataDir} is not empty (${shown}): restore into an empty folder, e.g. ` +
        `DATA_DIR=/new/folder npm run restore -- ${opts.archive}, or move this one aside first`,
    );
  }

  const manifest = await verifyArchive(archive);

  const createdDir = existing === undefined;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
  const staging = await mkdtemp(path.join(dataDir, '.restore-'));
  try {
    await extractVerified(archive, staging, manifest);

    const dbDir = path.join(dataDir, 'db');
    const pg = await openEmbedded(dbDir);
    try {
      const sql = await readFile(path.join(staging, dumpName), 'utf8');
      await pg.exec(sql);
      const counts = await tableCounts(pg);
      for (const [table, rows] of Object.entries(manifest.database.tables)) {
        if (counts[table] !== rows) {
          throw new OperatorError(
            `The restored database has ${String(counts[table] ?? 'no')} rows in ${table}, the backup ${rows}: restore undone`,
          );
        }
      }
    } catch (err) {
      if (err instanceof OperatorError) throw err;
      const reason = err instanceof Error ? err.message : String(err);
      throw new OperatorError(`Loading the database dump failed (${reason}): restore undone`);
    } finally {
      await pg.close();
    }

    for (const name of manifest.secrets) {
      await rename(path.join(staging, 'secrets', name), path.join(dataDir, name));
      await chmod(path.join(dataDir, name), 0o600);
    }
    if (manifest.members.some((m) => m.path.startsWith('uploads/'))) {
      await rename(path.join(staging, 'uploads'), path.join(dataDir, 'uploads'));
    }
    await rm(staging, { recursive: true, force: true });
    await tightenTree(dataDir);
  } catch (err) {
    // Back to what it was: an empty folder (or none).
    if (createdDir) await rm(dataDir, { recursive: true, force: true }).catch(() => {});
    else {
      for (const name of await readdir(dataDir).catch(() => [] as string[])) {
        if (!ignorable.has(name)) await rm(path.join(dataDir, name), { recursive: true, force: true }).catch(() => {});
      }
    }
    throw err;
  }
  return { dataDir, manifest, ms: performance.now() - started };
}
