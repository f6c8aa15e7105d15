import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { migrationsFolder } from '../paths.js';

/** Drizzle Kit's journal: one entry per migration, `when` its time stamp (ms), in order. */
interface Journal {
  entries: { when: number; tag: string }[];
}

let lastWhen: Promise<number> | undefined;

/** The time stamp of this build's newest migration (read once). */
export function newestMigration(folder = migrationsFolder): Promise<number> {
  lastWhen ??= readFile(path.join(folder, 'meta/_journal.json'), 'utf8').then((text) =>
    Math.max(0, ...(JSON.parse(text) as Journal).entries.map((e) => e.when)),
  );
  return lastWhen;
}

/**
 * Whether the database has every migration of this build already, by one query: Drizzle's
 * migrator applies the migrations whose time stamp is later than the newest one recorded in
 * drizzle.__drizzle_migrations, so when that one is this build's newest there is nothing to
 * replay (a start on existing data then never reads, hashes and compares every migration file).
 * A database without the table, or any error, answers false: the migrator runs and decides.
 */
export async function migrationsUpToDate(
  query: (text: string) => Promise<{ rows: { newest: string | number | null }[] }>,
): Promise<boolean> {
  try {
    const [{ rows }, newest] = await Promise.all([
      query('select max(created_at) as newest from drizzle.__drizzle_migrations'),
      newestMigration(),
    ]);
    const applied = rows[0]?.newest;
    return applied !== null && applied !== undefined && Number(applied) >= newest;
  } catch {
    return false;
  }
}

/** sha256 over the migration files (names and bytes): which schema a template database has. */
export async function migrationsHash(folder = migrationsFolder): Promise<string> {
  const h = createHash('sha256');
  const files = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && (e.name.endsWith('.sql') || e.name === '_journal.json'))
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
  for (const f of files) {
    h.update(f + '\0');
    h.update(await readFile(path.join(folder, f)));
    h.update('\0');
  }
  return h.digest('hex');
}
