import { chmod, cp, lstat, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tightenTree } from '../data-dir.js';
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
    await cp(dataOf(template), copy, { recursive: true, errorOnExist: true, force: false });
    await tightenTree(copy); // copies keep the template's modes: owner-only before it is in place
    // rename() replaces an empty folder; a folder another process filled meanwhile makes it fail.
    await rename(copy, dbDir);
  } catch (err) {
    await rm(copy, { recursive: true, force: true });
    throw err;
  }
  return true;
}
