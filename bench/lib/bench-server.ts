// The server under test of bench/throughput.ts and bench/load.ts, and how they drive it.
//
// Run as a CHILD process (the load generator must not share its event loop, nor its core):
//
//   node --import tsx bench/lib/bench-server.ts        (or: npx tsx bench/lib/bench-server.ts)
//
// it opens the demo database (DATABASE_URL: a PostgreSQL URL; else PGLITE_DATA_DIR: a PGlite data
// directory), then serves on two ports, both sharing that ONE Database handle (the same pg pool
// of 10, or the same PGlite instance in its worker thread):
//   - "ours": the real app, built as apps/api/src/serve.ts builds it in production (buildApp,
//     NODE_ENV production, production's default log level `info` unless BENCH_LOG_LEVEL says
//     otherwise, the notification worker off so that nothing else uses the pool);
//   - "bare": plain `fastify()` with Fastify's own logger at the same level, writing to the same
//     stream as ours (the process's stdout, as serve.ts passes it: production's "incoming request"
//     and "request completed" lines, the request described by the same fields, so the request log
//     costs both sides alike), and nothing else:
//     no plugins, no schemas, no auth, no security headers. Its two routes run exactly the SQL our
//     routes run, captured at start-up from the services' own Drizzle builders (listUsers,
//     getGiftCard) through a logging Drizzle on the same client, and answer the rows with
//     reply.send (JSON):
//       GET /api/users?<BENCH_LIST_QUERY>  (default page=1&limit=20&name=sson)
//       GET /api/giftcard/:id
//     and GET /__bench/cpu: the child's CPU time so far (process.cpuUsage, µs).
// When ready it prints {"ours":PORT,"bare":PORT,...} as one JSON line on fd BENCH_READY_FD
// (default 1, stdout; startBenchServer passes a pipe as fd 3 and sends stdout, the request log,
// to /dev/null). SIGTERM / SIGINT: both servers close, then the database.
//
// Imported (by the benches), it only exports startBenchServer and cannon.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { listUsersQuerySchema } from '@strideadmin/contract';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { type Database, type Db, openPostgres } from '../../apps/api/src/db/client.js';
import { openPgliteWorker } from '../../apps/api/src/db/pglite-thread.js';
import * as schema from '../../apps/api/src/db/schema.js';
import { getGiftCard } from '../../apps/api/src/modules/gift-cards/service.js';
import { listUsers } from '../../apps/api/src/modules/users/service.js';
import { bareFastify, benchLogStream } from './bare-fastify.js';
import type { DemoDatabase } from './demo.js';
import { type ChildServer, serveUntilSignal, startChildServer } from './server-child.js';

const entry = fileURLToPath(import.meta.url);

/** The ready line. */
export interface BenchServerReady {
  ours: number;
  bare: number;
  driver: 'postgres' | 'pglite';
  logLevel: string;
  /** The statements the bare routes run. */
  sql: { list: string[]; giftCard: string };
}

// ---------------------------------------------------------------------------------------------
// The child.

async function serve() {
  const databaseUrl = process.env.DATABASE_URL;
  const pgliteDir = process.env.PGLITE_DATA_DIR;
  if (!databaseUrl && !pgliteDir) throw new Error('bench-server: set DATABASE_URL or PGLITE_DATA_DIR');
  const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
  const listQuery = process.env.BENCH_LIST_QUERY ?? 'page=1&limit=20&name=sson';

  // Production's openDatabase: openPostgres(url) (a pool of 10) or PGlite in a data directory, in a
  // worker thread.
  const database: Database = databaseUrl ? openPostgres(databaseUrl) : await openPgliteWorker({ dataDir: pgliteDir! });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'strideadmin-bench-server-'));
  // As serve.ts does on every start (a no-op unless reused demo data predates a migration).
  await database.migrate();

  // ours: as apps/api/src/serve.ts builds it.
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: logLevel,
    NOTIFICATION_WORKER: 'false',
  });
  // Both servers log into one stream, as serve.ts passes it (bare-fastify.ts).
  const logStream = benchLogStream();
  const app = await buildApp({
    config,
    database,
    jwtSecret: 'bench-server-secret-bench-server-secret-0123',
    logStream,
  });

  // bare: the SQL our services send, captured once from their own builders.
  interface Statement {
    text: string;
    params: unknown[];
  }
  const captured: Statement[] = [];
  const logger: Logger = { logQuery: (text, params) => void captured.push({ text, params }) };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const capturingDb = (database.driver === 'postgres'
    ? drizzlePg(client as pg.Pool, { schema, logger })
    : drizzlePglite(client as PGlite, { schema, logger })) as unknown as Db;
  async function capture(run: () => Promise<unknown>): Promise<Statement[]> {
    captured.length = 0;
    await run();
    return captured.splice(0);
  }
  // GET /api/users: listUsers with the query as the route's schema parses it: the page's rows and
  // the count, run at once as listUsers runs them (answered as [[...rows of each], ...]).
  const parsedListQuery = listUsersQuerySchema.parse(Object.fromEntries(new URLSearchParams(listQuery)));
  const listStatements = await capture(() => listUsers(capturingDb, parsedListQuery));
  // GET /api/giftcard/:id: getGiftCard with a marker id, to find which parameter is the id. Its
  // other parameters ("today" and "now" of the expiry rule) stay as captured: same plan, same cost.
  const markerId = 2_000_000_001;
  const [giftCardStatement] = await capture(() => getGiftCard(capturingDb, markerId));
  if (listStatements.length === 0 || !giftCardStatement) throw new Error('bench-server: no SQL captured');
  const idIndex = giftCardStatement.params.indexOf(markerId);
  if (idIndex < 0) throw new Error('bench-server: the gift card id parameter was not found');

  const bare = bareFastify(logLevel, logStream);
  bare.get('/api/users', async (request, reply) => {
    if (request.url.slice(request.url.indexOf('?') + 1) !== listQuery) return reply.code(400).send({ listQuery });
    const results = await Promise.all(listStatements.map((s) => database.query(s.text, s.params)));
    return reply.send(results.map((r) => r.rows));
  });
  bare.get<{ Params: { id: string } }>('/api/giftcard/:id', async (request, reply) => {
    const params = [...giftCardStatement.params];
    params[idIndex] = Number(request.params.id);
    const { rows } = await database.query(giftCardStatement.text, params);
    if (rows.length === 0) return reply.code(404).send({ message: 'not found' });
    return reply.send(rows);
  });

  // The child's CPU time so far (µs, user + system): the benches divide its growth over a run by
  // the responses of that run, a figure far less disturbed by other work on the machine than req/s.
  bare.get('/__bench/cpu', async () => {
    const { user, system } = process.cpuUsage();
    return { us: user + system };
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const portOf = (server: { address(): unknown }) => (server.address() as { port: number }).port;
  const ready: BenchServerReady = {
    ours: portOf(app.server),
    bare: portOf(bare.server),
    driver: database.driver,
    logLevel,
    sql: { list: listStatements.map((s) => s.text), giftCard: giftCardStatement.text },
  };
  serveUntilSignal(ready, [app, bare], async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === entry) await serve();

// ---------------------------------------------------------------------------------------------
// The parent's side.

export type BenchServer = ChildServer<BenchServerReady>;

/**
 * Starts bench-server.ts in a child process on the demo database (close it in this process
 * first on PGlite) and waits for its ready line. BENCH_CPU_PROF=<dir> runs the child with
 * --cpu-prof (the profile is written there when it stops).
 */
export async function startBenchServer(
  demo: DemoDatabase,
  opts: { listQuery?: string; logLevel?: string } = {},
): Promise<BenchServer> {
  return startChildServer<BenchServerReady>('bench-server', entry, demo, {
    BENCH_LIST_QUERY: opts.listQuery,
    BENCH_LOG_LEVEL: opts.logLevel,
  });
}

/** Statuses and latencies (ms, not rounded) of a set of responses. */
export interface Responses {
  latencies: number[];
  statuses: Record<string, number>;
}

/** One autocannon run, with every response's status and latency. */
export interface CannonRun extends Responses {
  seconds: number;
  /** Responses received (any status). */
  responses: number;
  /** Responses per second. */
  rps: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  /** With `kinds`: the responses of each kind of request. */
  byKind: Record<string, Responses>;
}

/**
 * Runs autocannon (in this process) and collects every response; never throws on errors.
 * `kindOf` splits the responses by kind (e.g. "list", "detail"): it reads the connection's
 * autocannon context, where the request's setupRequest noted what it sent (one request in flight
 * per connection, and autocannon calls onResponse just before its response event).
 */
export function cannon(
  opts: autocannon.Options,
  kindOf?: (context: Record<string, unknown>) => string,
): Promise<CannonRun> {
  const all: Responses = { latencies: [], statuses: {} };
  const byKind: Record<string, Responses> = {};
  let current: Responses | undefined;
  const requests = kindOf
    ? (opts.requests ?? [{}]).map((request): autocannon.Request => ({
        ...request,
        onResponse: (status, body, context, headers) => {
          current = byKind[kindOf(context as Record<string, unknown>)] ??= { latencies: [], statuses: {} };
          if (typeof request.onResponse === 'function') request.onResponse(status, body, context, headers);
        },
      }))
    : undefined;
  const record = (into: Responses, status: number, latency: number) => {
    into.latencies.push(latency);
    into.statuses[status] = (into.statuses[status] ?? 0) + 1;
  };
  return new Promise((resolve, reject) => {
    const instance = autocannon(requests ? { ...opts, requests } : opts, (err, result) => {
      if (err) return reject(err instanceof Error ? err : new Error(String(err)));
      resolve({
        ...all,
        seconds: result.duration,
        responses: all.latencies.length,
        rps: all.latencies.length / result.duration,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        byKind,
      });
    });
    void instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      record(all, statusCode, responseTime);
      if (current) record(current, statusCode, responseTime);
      current = undefined;
    });
  });
}
