import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type Database, type Driver, openPglite, openPostgres } from '../../../src/db/client.js';
import { createDatabase, databaseUrl, dropDatabase } from '../../helpers/postgres-admin.js';
import type { TestDatabaseSource } from '../../helpers/test-database.js';

/**
 * One fresh, migrated database that several handles can open, as several processes would:
 * - postgres: each open() is a pool of its own on the same database (a replica), open at once;
 * - pglite: the database lives in a data directory; open() opens it again after the previous
 *   handle closed (a restart; PGlite is one process's database).
 */
export interface SharedTestDatabase {
  driver: Driver;
  open(): Promise<Database>;
  /** Closes every handle still open and drops the database (or removes the directory). */
  dispose(): Promise<void>;
}

export async function openSharedTestDatabase(): Promise<SharedTestDatabase> {
  const source: TestDatabaseSource = inject('testDatabase');
  const handles: Database[] = [];
  const closeAll = async () => {
    for (const handle of handles.splice(0)) await handle.close().catch(() => {});
  };

  if (source.driver === 'pglite') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-shared-pglite-'));
    let created = false;
    return {
      driver: 'pglite',
      open: async () => {
        const handle = await openPglite({
          dataDir: dir,
          loadDataDir: created ? undefined : await openAsBlob(source.dumpFile),
        });
        created = true;
        handles.push(handle);
        return handle;
      },
      dispose: async () => {
        await closeAll();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }

  const name = `${source.prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await createDatabase(source.adminUrl, name, source.template);
  return {
    driver: 'postgres',
    open: async () => {
      const handle = openPostgres(databaseUrl(source.adminUrl, name), { max: 4 });
      handles.push(handle);
      return handle;
    },
    dispose: async () => {
      await closeAll();
      await dropDatabase(source.adminUrl, name);
    },
  };
}
