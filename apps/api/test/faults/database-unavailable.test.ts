import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { type Database, openPostgres } from '../../src/db/client.js';
import { buildTestApp, type TestApp } from '../helpers/index.js';
import { freePort } from '../helpers/server-process.js';

/**
 * Faults: every way the pg driver reports "no database right now" answers 503 with the
 * envelope and Retry-After (plugins/errors.ts), never a 500. The errors are real ones: a query
 * through Drizzle and a pg pool (as db/client.ts makes them) against stand-ins for a database
 * that refuses, hangs up, resets, stays silent, or answers a FATAL error while it shuts down or
 * starts. (postgres-restart.test.ts shows the same on a real PostgreSQL stopped and started.)
 */

/** A PostgreSQL ErrorResponse message (FATAL, with its SQLSTATE), as a server sends it at start-up. */
function fatal(code: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, 'utf8');
  const head = Buffer.alloc(5);
  head.write('E', 0, 'ascii');
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

const message = (type: string, body: Buffer) => {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'ascii');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

/**
 * A server that lets a session in (no password) and answers BEGIN, then goes away at the next
 * statement: the connection lost inside a transaction, whose ROLLBACK then fails too.
 */
function dropInsideTransaction(socket: Socket) {
  let started = false;
  socket.on('data', (data) => {
    if (!started) {
      started = true; // the startup message: authentication ok, ready
      socket.write(Buffer.concat([message('R', int32(0)), message('Z', Buffer.from('I'))]));
      return;
    }
    if (data[0] === 0x51 && /^begin/i.test(data.subarray(5).toString('utf8'))) {
      socket.write(Buffer.concat([message('C', Buffer.from('BEGIN\0')), message('Z', Buffer.from('T'))]));
      return;
    }
    socket.destroy();
  });
}

type Behaviour = (socket: Socket) => void;
/** The stand-ins, by what they do; each test's name says what the database does. */
const behaviours: Record<string, Behaviour> = {
  'hangs up (Connection terminated unexpectedly)': (s) => s.once('data', () => s.destroy()),
  'resets the connection (ECONNRESET)': (s) => s.once('data', () => s.resetAndDestroy()),
  'is shutting down (57P01 admin_shutdown)': (s) =>
    s.once('data', () => s.end(fatal('57P01', 'terminating connection due to administrator command'))),
  'is starting up (57P03 cannot_connect_now)': (s) =>
    s.once('data', () => s.end(fatal('57P03', 'the database system is starting up'))),
  'has too many connections (53300)': (s) =>
    s.once('data', () => s.end(fatal('53300', 'sorry, too many clients already'))),
  'goes away inside a transaction': dropInsideTransaction,
};

describe('database unavailable: 503 with the envelope, whatever pg reports', () => {
  let t: TestApp;
  const servers: Server[] = [];
  const sockets = new Set<Socket>();
  const urls: Record<string, string> = {};

  beforeAll(async () => {
    urls['refuses connections (ECONNREFUSED)'] = `postgres://app@127.0.0.1:${await freePort()}/app`;
    const standIns: Record<string, Behaviour> = { ...behaviours, 'never answers': () => {} };
    for (const [name, behave] of Object.entries(standIns)) {
      const server = createServer((socket) => {
        sockets.add(socket);
        socket.on('error', () => {});
        behave(socket);
      });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      urls[name] = `postgres://app@127.0.0.1:${(server.address() as { port: number }).port}/app`;
    }
    t = await buildTestApp({
      setup: (app) => {
        // A query as the modules make them (Drizzle over a pg pool), on the stand-in named.
        app.get<{ Querystring: { to: string; timeout?: string } }>('/test/query', async (request) => {
          const { to, timeout } = request.query;
          const inTransaction = to === 'goes away inside a transaction';
          // The app's own pool (db/client.ts), except where a timeout is the point: then one like it
          // with 200 ms instead of 5 s (timeout=connect: the connection is slow; timeout=pool: the
          // pool's only connection is taken, so the query waits for it).
          let database: Pick<Database, 'db' | 'close'>;
          if (timeout) {
            const pool = new pg.Pool({ connectionString: urls[to], connectionTimeoutMillis: 200, max: 1 });
            pool.on('error', () => {});
            pool.on('connect', (client) => client.on('error', () => {}));
            database = { db: drizzle(pool) as unknown as Database['db'], close: () => pool.end() };
          } else {
            database = openPostgres(urls[to]!);
          }
          const first = timeout === 'pool' ? database.db.execute(sql`select 1`).catch(() => {}) : undefined;
          try {
            if (inTransaction) await database.db.transaction((tx) => tx.execute(sql`select 1`));
            else await database.db.execute(sql`select 1`);
          } finally {
            await first;
            await database.close().catch(() => {});
          }
          return { body: null };
        });
        // A query the database itself refuses: a bug of ours, not an outage.
        app.get('/test/bad-query', async () => {
          await t.db.execute(sql`select * from no_such_table`);
          return { body: null };
        });
      },
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    await t?.close();
  });

  const cases: Array<{ name: string; to: string; timeout?: 'connect' | 'pool' }> = [
    ...['refuses connections (ECONNREFUSED)', ...Object.keys(behaviours)].map((name) => ({ name, to: name })),
    { name: 'is slow to accept (connection timeout)', to: 'never answers', timeout: 'connect' },
    { name: 'keeps every pooled connection busy (pool timeout)', to: 'never answers', timeout: 'pool' },
  ];
  for (const { name, to, timeout } of cases) {
    it(`answers 503 when the database ${name}`, async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/test/query',
        query: { to, ...(timeout ? { timeout } : {}) },
      });

      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ message: messages.serviceUnavailable });
      expect(res.headers['retry-after']).toBe('5');
    });
  }

  it('still answers 500 to a query the database refuses (not every database error is an outage)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/bad-query' });

    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: messages.internalError });
  });
});
