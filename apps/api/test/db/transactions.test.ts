import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database.js';

// A transaction that cannot begin (on PostgreSQL: the server went away while the pool's client
// sat idle; here, deterministically, a BEGIN PostgreSQL refuses) must give its connection back:
// Drizzle sends BEGIN outside the try/finally that releases it (db/client.ts, TransactionPool).
const onPostgres = inject('testDatabase').driver === 'postgres';

describe.runIf(onPostgres)('a transaction whose BEGIN fails (PostgreSQL pool)', () => {
  let t: TestDatabase | undefined;
  afterEach(async () => t?.dispose());

  it('fails with the error and leaves no connection checked out: the pool serves and closes', async () => {
    t = await openTestDatabase();
    const { database } = t;
    const beginRefused = { isolationLevel: 'no such level' } as unknown as { isolationLevel: 'serializable' };
    for (let i = 0; i < 6; i++) {
      // More failed transactions than the pool (4) has connections: each would have kept one.
      await expect(database.db.transaction(async () => 'never', beginRefused)).rejects.toThrow(
        /Failed query: begin isolation level no such level/,
      );
    }
    const stats = database.poolStats()!;
    expect(stats.total - stats.idle).toBe(0);
    // The pool still serves transactions and queries, and closes without waiting for anyone.
    const done = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      return 'committed';
    });
    expect(done).toBe('committed');
    expect((await database.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await database.close();
  });
});
