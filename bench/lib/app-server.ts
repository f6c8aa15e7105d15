// The server under test of bench/app.ts (the mobile app's hot calls), and how it starts.
//
// Run as a CHILD process (the load generator must not share its event loop, nor its core):
//
//   node --import tsx bench/lib/app-server.ts
//
// it opens the demo database (DATABASE_URL: a PostgreSQL URL; else PGLITE_DATA_DIR: a PGlite data
// directory), then serves on two ports, both sharing that ONE Database handle (the same pg pool
// of 10, or the same PGlite instance):
//   - "ours": the real app, built as apps/api/src/serve.ts builds it in production (buildApp,
//     NODE_ENV production, production's default log level `info` unless BENCH_LOG_LEVEL says
//     otherwise, the notification worker off so that nothing else uses the pool), with one
//     setting changed: APP_RATE_LIMIT_PER_MINUTE at its maximum (100,000), so that 50 bench users
//     each calling many times a second are still counted by the limiter on every call (its cost
//     stays in the figure) but never refused;
//   - "bare": plain `fastify()` with Fastify's request log at the same level into the same stream
//     as ours (bare-fastify.ts, as the throughput bench's; a server in production logs its
//     requests), no plugins, no schemas, no auth (the caller's user id comes in the x-bench-user
//     header), whose three routes call the SAME service functions as our
//     routes (recordSteps, listInbox, redeemGiftCard) on the SAME Drizzle handle, and answer their
//     result with reply.send (JSON). The transactions, their statements and their Drizzle cost are
//     therefore identical on both sides; the ratio ours / bare is what our request path adds
//     (token check, rate limit, schemas, envelope, error handling):
//       POST /api/app/steps                    recordSteps (body as ours: { date, steps })
//       GET  /api/app/notifications?page&limit listInbox
//       POST /api/app/giftcard/:id/redeem      redeemGiftCard (a refusal answers its status and message)
//     and GET /__bench/cpu: the child's CPU time so far (process.cpuUsage, µs).
// When ready it prints {"ours":PORT,"bare":PORT,...} as one JSON line on fd BENCH_READY_FD
// (default 1). SIGTERM / SIGINT: both servers close, then the database.
//
// Imported (by bench/app.ts), it only exports startAppServer.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { limits } from '@strideadmin/contract';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { type Database, openPglite, openPostgres } from '../../apps/api/src/db/client.js';
import { recordSteps, redeemGiftCard } from '../../apps/api/src/modules/mobile-app/service.js';
import { listInbox } from '../../apps/api/src/modules/notifications/service.js';
import { bareFastify, benchLogStream } from './bare-fastify.js';
import type { DemoDatabase } from './demo.js';
import { type ChildServer, serveUntilSignal, startChildServer } from './server-child.js';

const entry = fileURLToPath(import.meta.url);

/** The ready line. */
export interface AppServerReady {
  ours: number;
  bare: number;
  driver: 'postgres' | 'pglite';
  logLevel: string;
  stepsPerCoin: number;
}

// ---------------------------------------------------------------------------------------------
// The child.

async function serve() {
  const databaseUrl = process.env.DATABASE_URL;
  const pgliteDir = process.env.PGLITE_DATA_DIR;
  if (!databaseUrl && !pgliteDir) throw new Error('app-server: set DATABASE_URL or PGLITE_DATA_DIR');
  const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';

  // Production's openDatabase: openPostgres(url) (a pool of 10) or PGlite in a data directory.
  const database: Database = databaseUrl ? openPostgres(databaseUrl) : await openPglite({ dataDir: pgliteDir });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'strideadmin-bench-app-server-'));
  await database.migrate();

  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: logLevel,
    NOTIFICATION_WORKER: 'false',
    APP_RATE_LIMIT_PER_MINUTE: '100000',
  });
  // Both servers log into one stream at the same level (bare-fastify.ts).
  const logStream = benchLogStream();
  const app = await buildApp({
    config,
    database,
    jwtSecret: 'bench-app-server-secret-bench-app-server-0123',
    logStream,
  });

  const bare = bareFastify(logLevel, logStream);
  const { db } = database;
  const userOf = (headers: Record<string, unknown>) => Number(headers['x-bench-user']);
  bare.post<{ Body: { date: string; steps: number } }>('/api/app/steps', async (request, reply) => {
    const result = await recordSteps(db, {
      userId: userOf(request.headers),
      date: request.body.date,
      steps: request.body.steps,
      stepsPerCoin: config.stepsPerCoin,
      maxPerDay: config.steps.maxPerDay,
    });
    if (!result.ok) return reply.code(result.status).send({ message: result.message });
    return reply.send(result.result);
  });
  bare.get<{ Querystring: { page?: string; limit?: string } }>('/api/app/notifications', async (request, reply) => {
    const page = {
      page: Number(request.query.page ?? 1),
      limit: Number(request.query.limit ?? limits.listDefaultPageSize),
    };
    return reply.send(await listInbox(db, userOf(request.headers), page));
  });
  bare.post<{ Params: { id: string } }>('/api/app/giftcard/:id/redeem', async (request, reply) => {
    const result = await redeemGiftCard(db, {
      userId: userOf(request.headers),
      cardId: Number(request.params.id),
      now: new Date(),
    });
    if (!result.ok) return reply.code(result.status).send({ message: result.message });
    return reply.send(result.result);
  });
  bare.get('/__bench/cpu', async () => {
    const { user, system } = process.cpuUsage();
    return { us: user + system };
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const portOf = (server: { address(): unknown }) => (server.address() as { port: number }).port;
  const ready: AppServerReady = {
    ours: portOf(app.server),
    bare: portOf(bare.server),
    driver: database.driver,
    logLevel,
    stepsPerCoin: config.stepsPerCoin,
  };
  serveUntilSignal(ready, [app, bare], async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === entry) await serve();

// ---------------------------------------------------------------------------------------------
// The parent's side.

export type AppServer = ChildServer<AppServerReady>;

/**
 * Starts app-server.ts in a child process on the demo database (close it in this process first
 * on PGlite) and waits for its ready line. BENCH_CPU_PROF=<dir> runs the child with --cpu-prof.
 */
export async function startAppServer(demo: DemoDatabase, opts: { logLevel?: string } = {}): Promise<AppServer> {
  return startChildServer<AppServerReady>('app-server', entry, demo, { BENCH_LOG_LEVEL: opts.logLevel });
}
