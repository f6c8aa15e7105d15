import path from 'node:path';
import type { Database } from './client.js';

/**
 * The server's database: PostgreSQL at `databaseUrl`, else PGlite in `dataDir`/db, run in a worker
 * thread (db/pglite-thread.ts). Each driver is loaded only when chosen (the PGlite one also places
 * the build's template database in a new data directory: db/pglite-template.ts), so a start pays
 * for one driver only.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return (await import('./client.js')).openPostgres(opts.databaseUrl);
  const dir = path.join(opts.dataDir, 'db');
  const [{ openPgliteWorker }, { placePgliteTemplate }] = await Promise.all([
    import('./pglite-thread.js'),
    import('./pglite-template.js'),
  ]);
  await placePgliteTemplate(dir);
  return openPgliteWorker({ dataDir: dir });
}
