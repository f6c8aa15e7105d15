import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client.js';
import { createDatabase, databaseUrl, dropDatabase } from './postgres-admin.js';

/** What the global setup prepared once per run: a migrated database to copy, per driver. */
export type TestDatabaseSource =
  { driver: 'pglite'; dumpFile: string } | { driver: 'postgres'; adminUrl: string; template: string; prefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

export interface TestDatabase {
  database: Database;
  /** Closes the database and, on PostgreSQL, drops it. Safe to call twice. */
  dispose(): Promise<void>;
}

// One read of the migrated data directory per test file (workers isolate modules per file).
let pgliteDump: Promise<Blob> | undefined;

/** A fresh, migrated database of the run's driver, empty but for the seeded roles. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const source = inject('testDatabase');
  if (source.driver === 'pglite') {
    pgliteDump ??= openAsBlob(source.dumpFile);
    const database = await openPglite({ loadDataDir: await pgliteDump });
    return { database, dispose: () => database.close() };
  }

  const name = `${source.prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await createDatabase(source.adminUrl, name, source.template);
  const database = openPostgres(databaseUrl(source.adminUrl, name), { max: 4 });
  let disposed = false;
  return {
    database,
    dispose: async () => {
      if (disposed) return;
      disposed = true;
      try {
        await database.close();
      } finally {
        await dropDatabase(source.adminUrl, name);
      }
    },
  };
}
