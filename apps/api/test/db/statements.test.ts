import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../helpers/index.js';

// docs/decisions/0021-embedded-database-under-load.md: on PGlite every statement is prepared once
// and then only bound and run. Callers see what they saw before: the same rows and types, the same
// errors (codes, constraint names), transactions that commit or roll back as a whole. The same
// tests run on PostgreSQL, where nothing changed, as the reference.
describe('statements run the same whether prepared once or sent each time', () => {
  let t: TestApp;
  let admin: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('the same statement with other values, repeated past the plan cache threshold, answers each value', async () => {
    for (let i = 0; i < 8; i++) {
      const { rows } = await t.database.query<{ n: number; s: string; at: string; j: { k: number } }>(
        `select $1::int + 1 as n, $2::text as s, $3::timestamptz::text as at, $4::jsonb as j`,
        [i, `v${i}`, new Date(Date.UTC(2026, 0, 1 + i)).toISOString(), JSON.stringify({ k: i })],
      );
      expect(rows[0]).toMatchObject({ n: i + 1, s: `v${i}`, j: { k: i } });
      expect(rows[0]!.at).toMatch(new RegExp(`^2026-01-0${1 + i} 00:00:00`));
    }
    const nulls = await t.database.query<{ v: string | null }>(`select $1::text as v`, [null]);
    expect(nulls.rows).toEqual([{ v: null }]);
  });

  it('an error keeps its code and the statement keeps working after it', async () => {
    const insert = `insert into roles (name) values ($1)`;
    await expect(t.database.query(insert, ['Admin'])).rejects.toMatchObject({ code: '23505' });
    await expect(t.database.query(`select 1/$1::int as x`, [0])).rejects.toMatchObject({ code: '22012' });
    expect((await t.database.query(`select 1/$1::int as x`, [1])).rows).toEqual([{ x: 1 }]);
    await expect(t.database.query(`select * from no_such_table`)).rejects.toMatchObject({ code: '42P01' });
  });

  it('a table whose columns change is read with its new columns', async () => {
    await t.database.query(`create table statement_probe (a int)`);
    await t.database.query(`insert into statement_probe values (1)`);
    expect((await t.database.query(`select * from statement_probe`)).rows).toEqual([{ a: 1 }]);
    await t.database.query(`alter table statement_probe add column b text default 'x'`);
    expect((await t.database.query(`select * from statement_probe`)).rows).toEqual([{ a: 1, b: 'x' }]);
    await t.database.query(`drop table statement_probe`);
  });

  it('a transaction commits or rolls back as a whole, its statements prepared inside it', async () => {
    const { db } = t.database;
    await db.transaction(async (tx) => {
      await tx.execute(sql`create table tx_probe (a int)`);
      await tx.execute(sql`insert into tx_probe values (${1})`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe values (${2})`);
        await tx.execute(sql`insert into tx_probe values (${'not a number'})`);
      }),
    ).rejects.toThrow();
    expect((await t.database.query(`select a from tx_probe order by a`)).rows).toEqual([{ a: 1 }]);
    await t.database.query(`drop table tx_probe`);
  });

  it('the list, detail and sign-in calls answer as before', async () => {
    for (let i = 0; i < 3; i++) {
      const list = await t.app.inject({ url: '/api/users?page=1&limit=20', headers: admin.headers });
      expect(list.statusCode).toBe(200);
      const { rows } = list.json().body as { rows: { id: number }[] };
      const detail = await t.app.inject({ url: `/api/users/${rows[0]!.id}`, headers: admin.headers });
      expect(detail.statusCode).toBe(200);
      expect(await loginAs(t, 'Admin')).toHaveProperty('headers');
    }
  });
});

describe.skipIf(process.env.TEST_DB !== 'pglite')('the PGlite statement cache', () => {
  it('keeps the most recently used statements, closing the oldest, and still answers every text', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { statementCache } = await import('../../src/db/pglite-statements.js');
    const client = await PGlite.create();
    try {
      const cache = statementCache(client, 2);
      for (let round = 0; round < 2; round++)
        for (const k of [1, 2, 3])
          expect((await cache.query<{ v: number }>(`select $1::int * ${k} as v`, [round + 1])).rows).toEqual([
            { v: (round + 1) * k },
          ]);
      // Three texts through a cache of two: each prepared again after its eviction.
      expect(cache.prepared()).toBe(6);
      const open = await client.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`);
      expect(open.rows[0]!.n).toBe(2);
    } finally {
      await client.close();
    }
  });
});
