import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { migrationsFolder } from '../paths.js';
import { migrationsUpToDate } from './migrations.js';
import * as schema from './schema.js';

export { openPglite, wrapPglite } from './pglite.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Driver = 'pglite' | 'postgres';

/** One open database: the Drizzle handle plus what the server needs to run and close it. */
export interface Database {
  db: Db;
  driver: Driver;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** Plain SQL on the same connection(s) as `db` (benchmarks' bare baseline, maintenance). */
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
  /**
   * LISTEN on `channel`: `onMessage` gets each payload NOTIFY sends (from any process, after its
   * commit). `onState(false)` says messages may be lost from now on (the listening connection
   * dropped; PostgreSQL only, reconnecting with backoff), `onState(true)` that they are heard
   * (again). Resolves once listening; the function it gives stops.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onState?: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  /**
   * PostgreSQL only (undefined for PGlite): `COPY (select) TO STDOUT WITH (FORMAT csv)` of
   * `select` with its `params` ($1, $2...), as a stream of the CSV's bytes, on a pool client of its
   * own for as long as it runs. Destroying the stream (a client that went away) ends the COPY: the
   * client is closed, not given back mid-copy. See db/csv-export.ts.
   */
  copyOut?(select: string, params: unknown[]): Readable;
  /** The connection pool's use now (PostgreSQL); undefined for PGlite (one in-process connection). */
  poolStats(): PoolStats | undefined;
  close(): Promise<void>;
}

/** A pg.Pool's clients: open (in use or idle), idle, queries waiting for one, and its size. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/**
 * The pool as Drizzle sees it. Drizzle (0.45) runs a transaction on a client it checks out of the
 * pool, but sends BEGIN before the try/finally that gives the client back: a BEGIN that fails (the
 * server went away while the client sat idle in the pool: a restart, a failover) left that client
 * checked out for good. A few of those and every request waited for a client that never came back,
 * and the pool could not close (test/faults/postgres-restart.test.ts caught it). Here a client
 * handed to a transaction whose first statement fails is given back, as broken, on the spot;
 * Drizzle then throws the error as before and never reaches its own release. Everything else goes
 * to the pool as it is. (Drizzle tells a pool by its class name.)
 */
class TransactionPool {
  constructor(private readonly pool: pg.Pool) {}

  query(text: unknown, values?: unknown) {
    return this.pool.query(text as string, values as unknown[]);
  }

  async connect(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      Reflect.deleteProperty(client, 'query'); // only the first statement (the BEGIN) is watched
      const first = query(...args);
      if (!(first instanceof Promise)) return first;
      return first.catch((err: unknown) => {
        client.release(err instanceof Error ? err : new Error(String(err)));
        throw err;
      });
    }) as typeof client.query;
    return client;
  }
}

/** PostgreSQL through `pg`, for DATABASE_URL. */
export function openPostgres(url: string, opts: { max?: number } = {}): Database {
  const max = opts.max ?? 10;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server (restart, failover) must not crash the process.
  pool.on('error', () => {});
  // pg-pool listens for a client's errors only while it is idle: one checked out (a transaction)
  // whose server goes away would emit 'error' with no listener and end the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(new TransactionPool(pool) as unknown as pg.Pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    driver: 'postgres',
    migrate: async () => {
      // Up to date (every start but the first after an upgrade): one query, no lock.
      if (await migrationsUpToDate((text) => pool.query(text))) return;
      // Replicas may start together: one migrates at a time, under an advisory lock.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727274)');
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    query: async <R>(text: string, params: unknown[] = []) => ({
      rows: (await pool.query(text, params)).rows as R[],
    }),
    listen: (channel, onMessage, onState) => listenPostgres(url, channel, onMessage, onState, () => closed),
    copyOut: (select, params) => Readable.from(copyOutPostgres(pool, select, params), { objectMode: false }),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * COPY takes no bind parameters, and user text is never pasted into SQL: each parameter is set as
 * a setting local to the export's read-only transaction (set_config, itself a bound call), and the
 * statement reads it back with current_setting, cast to the parameter's type.
 */
/** A parameter as the text of its setting: what pg itself sends for a string, number, boolean or Date. */
function settingText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  throw new TypeError(`copyOut: a parameter of type ${typeof value} is not supported`);
}

async function* copyOutPostgres(pool: pg.Pool, select: string, params: unknown[]): AsyncGenerator<Buffer> {
  const setting = (i: number) => `strideadmin.export_${i}`;
  const text = select.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (value === null || value === undefined) return 'null';
    const read = `current_setting('${setting(Number(n))}')`;
    if (typeof value === 'boolean') return `${read}::boolean`;
    if (typeof value === 'number' || typeof value === 'bigint') return `${read}::numeric`;
    if (value instanceof Date) return `${read}::timestamptz`;
    return read;
  });
  const client = await pool.connect();
  let done = false;
  try {
    // Dates and times are written in the ISO style (2026-11-26 09:05:00), whatever the server's default.
    await client.query("begin read only; set local datestyle to 'ISO, YMD'");
    const set = params.flatMap((value, i) =>
      value === null || value === undefined ? [] : [{ name: setting(i + 1), value: settingText(value) }],
    );
    if (set.length > 0)
      await client.query(
        `select ${set.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`,
        set.flatMap((s) => [s.name, s.value]),
      );
    for await (const chunk of client.query(copyTo(`copy (${text}) to stdout with (format csv)`))) yield chunk as Buffer;
    await client.query('commit');
    done = true;
  } finally {
    // Cut off mid-copy (the reader went away, an error): the connection is closed, its COPY with it.
    client.release(done ? undefined : true);
  }
}

/**
 * A connection of its own (not the pool's) that LISTENs on `channel`, reconnecting with backoff
 * (0.5 s doubling to 10 s) when it drops; `onState` follows whether it is listening.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: ((listening: boolean) => void) | undefined,
  poolClosed: () => boolean,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = 500;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      onState?.(false);
      c.end().catch(() => {});
      if (!stopped && !poolClosed()) timer = setTimeout(retry, delay);
      delay = Math.min(delay * 2, 10_000);
    };
    c.on('error', lost);
    c.on('end', lost);
    await c.connect();
    await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    client = c;
    delay = 500;
    onState?.(true);
  };
  const retry = () => {
    timer = undefined;
    connect().catch(() => {
      if (!stopped && !poolClosed()) timer = setTimeout(retry, delay);
      delay = Math.min(delay * 2, 10_000);
    });
  };
  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const c = client;
    client = undefined;
    onState?.(false);
    await c?.end().catch(() => {});
  };
}
