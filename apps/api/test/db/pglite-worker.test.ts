import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { messages as pgliteMessages } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { type Database, openPglite } from '../../src/db/client.js';
import { isUniqueViolation } from '../../src/db/errors.js';
import { openDatabase } from '../../src/db/open.js';
import { openPgliteWorker } from '../../src/db/pglite-thread.js';
import { roles, users } from '../../src/db/schema.js';
import { buildTestApp, createUser, type LoggedIn, loginAs, type TestApp } from '../helpers/index.js';

// docs/decisions/0021-embedded-database-under-load.md: the server runs PGlite in a worker thread.
// The other API tests use PGlite in their own thread (faster to open); these open it as the server
// does (db/open.ts, a data directory) and check that callers see what they saw in-thread.

/** Sleeps, so that whatever else is queued gets its turn. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Settles with `'pending'` when `promise` has not settled yet. */
const state = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => 'settled',
      () => 'settled',
    ),
    pause(0).then(() => 'pending'),
  ]);

describe.skipIf(process.env.TEST_DB !== 'pglite')('PGlite in a worker thread', () => {
  let dir: string;
  let database: Database;
  let inThread: Database;
  let t: TestApp;
  let admin: LoggedIn;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'strideadmin-pglite-worker-'));
    [database, inThread] = await Promise.all([openDatabase({ dataDir: dir }), openPglite()]);
    await Promise.all([database.migrate(), inThread.migrate()]);
    t = await buildTestApp({ database });
    admin = await loginAs(t, 'Admin');
    await database.query(`create table probe (a int primary key, note text)`);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
    await inThread?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers queries with parameters, every value as PGlite in this thread gives it', async () => {
    const text =
      `select $1::int + 1 as n, $2::text as s, $3::timestamptz as at, $4::jsonb as j, $5::bytea as b, ` +
      `$6::int8 as big, 2.50::numeric as num, array[1, 2]::int[] as ints, array['x', null]::text[] as texts, ` +
      `'2026-03-04'::date as d, interval '1 day 2 hours' as i, true as yes, null::text as nothing, ` +
      `'ab3e0c1a-6f7e-4b2e-9c39-4fb4d3f5a0d1'::uuid as u, $7::real as r`;
    const params = [
      41,
      'åäö "quoted"',
      new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)),
      JSON.stringify({ k: [1, 'two', null] }),
      new Uint8Array([0, 1, 254, 255]),
      9007199254740993n,
      1.5,
    ];
    const there = await database.query(text, params);
    const here = await inThread.query(text, params);
    expect(there).toEqual(here);
    const row = there.rows[0] as Record<string, unknown>;
    expect(row.at).toBeInstanceOf(Date);
    expect(row.b).toBeInstanceOf(Uint8Array);
    expect(row.j).toEqual({ k: [1, 'two', null] });

    // Through Drizzle: its own parsers (timestamps and dates left as text), `execute` with fields.
    const statement = sql`select ${params[2]}::timestamptz as at, '2026-03-04'::date as d, ${7}::int as n, 'x' as n`;
    expect(await database.db.execute(statement)).toEqual(await inThread.db.execute(statement));
    const user = await createUser(t.db, { email: 'values@example.com' });
    const [stored] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.createdAt).toBeInstanceOf(Date);
    expect(stored?.email).toBe('values@example.com');
  });

  it('a transaction that commits is seen whole; one that fails is rolled back and not seen', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (1, 'committed')`);
      // A nested transaction is a savepoint: its failure undoes only its own statements.
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into probe values (2, 'inner')`);
          await inner.execute(sql`insert into probe values (1, 'duplicate')`);
        }),
      ).rejects.toThrow();
      await tx.execute(sql`insert into probe values (3, 'after the savepoint')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (4, 'rolled back')`);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toMatchObject({ cause: { code: '22012' } });
    const { rows } = await database.query(`select a, note from probe order by a`);
    expect(rows).toEqual([
      { a: 1, note: 'committed' },
      { a: 3, note: 'after the savepoint' },
    ]);
  });

  it('statements from elsewhere wait while a transaction is open, and are not part of it', async () => {
    let outside: Promise<unknown> | undefined;
    let request: Promise<{ statusCode: number }> | undefined;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (10, 'in the transaction')`);
        // Another caller on the one engine: it must not run inside this transaction.
        outside = database.query(`insert into probe values (11, 'outside')`);
        request = t.app.inject({ url: '/api/users?page=1&limit=5', headers: admin.headers });
        await pause(100);
        expect(await state(outside)).toBe('pending');
        await tx.execute(sql`insert into probe values (12, 'in the transaction')`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await outside;
    expect((await request)?.statusCode).toBe(200);
    const { rows } = await database.query(`select a from probe where a >= 10 order by a`);
    expect(rows).toEqual([{ a: 11 }]);
  });

  it('a unique violation keeps its code and constraint, and the API answers 409 for it', async () => {
    const error = await database.db
      .insert(roles)
      .values({ name: 'Admin' })
      .catch((err: unknown) => err);
    expect(isUniqueViolation(error, 'roles_name_unique')).toBe(true);
    expect((error as { cause?: unknown }).cause).toBeInstanceOf(pgliteMessages.DatabaseError);
    expect((error as { cause?: unknown }).cause).toMatchObject({
      code: '23505',
      constraint: 'roles_name_unique',
      detail: 'Key (name)=(Admin) already exists.',
      table: 'roles',
    });

    // The same error as PGlite in this thread gives, field for field (its statement included).
    const failing = (d: Database) =>
      d.query(`insert into roles (name) values ($1)`, ['Admin']).catch((e: unknown) => e);
    const [there, here] = await Promise.all([failing(database), failing(inThread)]);
    expect(there).toBeInstanceOf(pgliteMessages.DatabaseError);
    expect({ ...(there as object) }).toEqual({ ...(here as object) });
    expect((there as Error).message).toBe((here as Error).message);

    await createUser(t.db, { email: 'taken@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Copy Cat', email: 'Taken@example.com' },
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: messages.emailTaken });
  });

  it('LISTEN hears a NOTIFY once its transaction commits, and not after it stops', async () => {
    const heard: string[] = [];
    const states: boolean[] = [];
    const stop = await database.listen(
      'worker_probe',
      (payload) => heard.push(payload),
      (s) => states.push(s),
    );
    expect(states).toEqual([true]);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('worker_probe', 'one')`);
      await pause(50);
      expect(heard).toEqual([]);
    });
    await expect.poll(() => heard).toEqual(['one']);
    await stop();
    await database.query(`select pg_notify('worker_probe', 'two')`);
    await database.ping();
    await pause(50);
    expect(heard).toEqual(['one']);
  });

  it('closes: the worker ends, later calls fail, and what was committed is on disk', async () => {
    await t.close();
    await database.close();
    await database.close(); // twice is fine
    await expect(database.query(`select 1`)).rejects.toThrow(/worker thread/);
    // Opened again in this thread, from the same data directory.
    const again = await openPglite({ dataDir: path.join(dir, 'db') });
    try {
      expect((await again.query(`select a from probe order by a`)).rows).toEqual([{ a: 1 }, { a: 3 }, { a: 11 }]);
    } finally {
      await again.close();
    }
  });
});

describe.skipIf(process.env.TEST_DB !== 'pglite')('opening PGlite in a worker thread', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'strideadmin-pglite-worker-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('a worker that stops while open fails the calls waiting and later ones, and is reported', async () => {
    let worker: Worker | undefined;
    const failures: Error[] = [];
    const database = await openPgliteWorker({
      dataDir: path.join(dir, 'stops'),
      onWorker: (w) => (worker = w),
      onFailure: (err) => failures.push(err),
    });
    try {
      const waiting = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await worker!.terminate();
        await tx.execute(sql`select 2`);
      });
      await expect(waiting).rejects.toThrow(/worker thread stopped/);
      await expect(database.query(`select 1`)).rejects.toThrow(/worker thread stopped/);
      expect(failures.map((e) => e.message)).toEqual([expect.stringMatching(/worker thread stopped/)]);
    } finally {
      await database.close();
    }
  });

  it('a data directory that cannot be opened fails the opening with the error itself', async () => {
    const file = path.join(dir, 'a-file');
    await writeFile(file, 'not a folder');
    await expect(openPgliteWorker({ dataDir: file })).rejects.toMatchObject({ code: 'EEXIST', path: file });
  });
});
