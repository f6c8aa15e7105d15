import { constants as fsConstants } from 'node:fs';
import { chmod, copyFile, cp, lstat, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { apiRoot } from '../paths.js';
import { migrationsHash } from './migrations.js';
import { openPglite } from './pglite.js';

/**
 * A new embedded database costs seconds of CPU: PGlite runs initdb (in a second WebAssembly
 * instance) and then every migration. The build does that once (`node scripts/build.mjs api`):
 * apps/api/dist/pglite-template holds a closed, migrated, empty database (`pgdata/`, no account,
 * no secret: the first administrator and the JWT secret are made by each server at its first
 * start) and the hash of the migrations it was made from. A server whose DATA_DIR has no database
 * yet copies it into DATA_DIR/db and starts on it like on any existing one (its migrator then
 * finds nothing to do). See docs/decisions/0020-start-up.md.
 */
export const pgliteTemplateDir = path.join(apiRoot, 'dist', 'pglite-template');

const dataOf = (template: string) => path.join(template, 'pgdata');
const stampOf = (template: string) => path.join(template, 'migrations.sha256');

/** Makes the template in `template` (a new folder): initdb, migrations, closed. For the build. */
export async function makePgliteTemplate(template: string): Promise<void> {
  const database = await openPglite({ dataDir: dataOf(template) });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  // Readable by the user a server runs as (an image's files belong to root): it holds no secret,
  // and each copy is made owner-only before it is used.
  await writeFile(stampOf(template), (await migrationsHash()) + '\n');
  await readableTree(template);
}

async function readableTree(p: string): Promise<void> {
  const info = await lstat(p);
  if (info.isSymbolicLink()) return;
  if (!info.isDirectory()) return chmod(p, 0o644);
  await chmod(p, 0o755);
  for (const name of await readdir(p)) await readableTree(path.join(p, name));
}

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

/**
 * Places the template database in `dbDir` when that holds no database yet (missing, or an empty
 * folder) and the template was made from this build's migrations; answers whether it did. In
 * every other case (a database there already, no template: a server run from its sources, a
 * template of other migrations) PGlite opens `dbDir` as before: initdb when it is new. Copied
 * beside it first and renamed into place, so that a start stopped half-way leaves no half a
 * database behind; owner-only (folders 0700, files 0600) before it is.
 */
export async function placePgliteTemplate(dbDir: string, template = pgliteTemplateDir): Promise<boolean> {
  const entries = await readdir(dbDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  if (entries.length > 0) return false;
  const [stamp, current] = await Promise.all([
    readFile(stampOf(template), 'utf8').catch(() => undefined),
    exists(path.join(dataOf(template), 'PG_VERSION')).then((ok) => (ok ? migrationsHash() : undefined)),
  ]);
  if (!stamp || !current || stamp.trim() !== current) return false;
  const copy = `${dbDir}.new-${process.pid}`;
  await rm(copy, { recursive: true, force: true });
  try {
    await copyOwnerOnly(dataOf(template), copy); // owner-only before it is in place
    // rename() replaces an empty folder; a folder another process filled meanwhile makes it fail.
    await rename(copy, dbDir);
  } catch (err) {
    await rm(copy, { recursive: true, force: true });
    throw err;
  }
  return true;
}

/**
 * Copies the folder `from` to `to` (which must not exist) with folders 0700 and files 0600, whatever
 * the template's modes. Each directory's entries are copied concurrently and their types come from
 * readdir: several times less CPU than fs.cp followed by a walk that lstat()s every entry to tighten
 * it (about a thousand files; docs/decisions/0020-start-up.md). Anything else than a folder or a
 * regular file (none in a template) is copied by fs.cp as before.
 */
async function copyOwnerOnly(from: string, to: string): Promise<void> {
  await mkdir(to, { mode: 0o700 });
  await chmod(to, 0o700);
  const entries = await readdir(from, { withFileTypes: true });
  // All settled before a failure is reported: the caller then removes the half-made copy.
  const copied = await Promise.allSettled(
    entries.map(async (entry) => {
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      if (entry.isDirectory()) return copyOwnerOnly(source, target);
      if (!entry.isFile()) return cp(source, target, { recursive: true, errorOnExist: true, force: false });
      await copyFile(source, target, fsConstants.COPYFILE_EXCL);
      await chmod(target, 0o600);
    }),
  );
  const failed = copied.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}
