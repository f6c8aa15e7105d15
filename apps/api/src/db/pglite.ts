import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { tightenTree } from '../data-dir.js';
import { migrationsFolder } from '../paths.js';
import type { Database, Db } from './client.js';
import { migrationsUpToDate } from './migrations.js';
import type { StatementCache } from './pglite-statements.js';
import * as schema from './schema.js';

// The embedded database. Its own module, loaded only when chosen (db/open.ts): a server on
// DATABASE_URL never loads PGlite, one on PGlite never loads pg.

/**
 * PGlite (embedded PostgreSQL) persisted in `dataDir`, or in memory when dataDir is undefined.
 * `loadDataDir` starts from a dumped data directory (tests: migrate once, load per file).
 */
export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  return await wrapPglite(await createPglite(opts));
}

/** The PGlite instance of openPglite, before it is wrapped (the server's worker thread wraps it itself). */
export async function createPglite(opts: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true, mode: 0o700 });
  // Loaded when chosen: a server on DATABASE_URL never pays for PGlite's start-up.
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const client = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: { pg_trgm },
  });
  // A new database's files come from PGlite's template with an explicit chmod to 0666 (umask does
  // not apply): owner-only, like everything else in DATA_DIR (docs/operations/data-at-rest.md).
  if (opts.dataDir) await tightenTree(opts.dataDir);
  return client;
}

/** `client` as a Database; `cache`: its statement cache, when the caller made one already. */
export async function wrapPglite(client: PGlite, cache?: StatementCache): Promise<Database> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }, { cachedClient, statementCache }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('./pglite-statements.js'),
  ]);
  // Every statement is parsed once and then only bound and run (db/pglite-statements.ts).
  const statements = cache ?? statementCache(client);
  const db = drizzlePglite(cachedClient(client, statements), { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
      if (await migrationsUpToDate((text) => client.query<{ newest: string | number | null }>(text))) return;
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    ping: async () => {
      await client.query('select 1');
    },
    query: async <R>(text: string, params: unknown[] = []) => ({
      rows: (await statements.query<R>(text, params)).rows,
    }),
    // One session: NOTIFY reaches its own LISTEN when the notifying statement's transaction commits.
    listen: async (channel, onMessage, onState) => {
      const stop = await client.listen(channel, onMessage);
      onState?.(true);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    poolStats: () => undefined,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
