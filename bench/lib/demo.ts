// A demo database of N users for a bench section: PostgreSQL (a database of its own beside the
// one DATABASE_URL names, never that one) or PGlite (a data directory), migrated, with a bench
// administrator, filled by the same code as `npm run seed`.
//
// BENCH_REUSE=1 keeps the seeded data between runs (PostgreSQL: database
// strideadmin_bench_demo_<N>; PGlite: bench/.cache/pglite-demo-<N>) — handy while working on one
// section; without it every run seeds afresh and removes its data at the end.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../../apps/api/src/config.js';
import { type Database, openPglite, openPostgres } from '../../apps/api/src/db/client.js';
import { hashPassword } from '../../apps/api/src/plugins/auth/index.js';
import { insertUser } from '../../apps/api/src/modules/users/index.js';
import { type SeedSummary, seedDemoData } from '../../apps/api/src/seed/seed.js';
import { benchDriver } from './results.js';
import { percentile, round } from './stats.js';

export const benchAdmin = { email: 'bench-admin@example.com', password: 'bench-password' } as const;

export interface DemoDatabase {
  driver: 'postgres' | 'pglite';
  users: number;
  /** PostgreSQL: the URL of the demo database. */
  url?: string;
  /** PGlite: the data directory (open it in one process at a time). */
  dataDir?: string;
  /** Seconds the seed took (0 when reused). */
  seedSeconds: number;
  /** The seed's own summary (phases, rows per table); undefined when reused. */
  seedSummary?: SeedSummary;
  /** Opens the demo database in this process (close it before another process opens PGlite). */
  open(): Promise<Database>;
  /** Removes the data unless BENCH_REUSE=1. */
  dispose(): Promise<void>;
}

const reuse = process.env.BENCH_REUSE === '1';
const cacheDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.cache');

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

async function exists(p: string) {
  return stat(p).then(
    () => true,
    () => false,
  );
}

/** Seeds (or, with BENCH_REUSE=1, finds) a demo database of `users` users. */
export async function demoDatabase(users: number, opts: { seed?: number; log?: boolean } = {}): Promise<DemoDatabase> {
  const seed = opts.seed ?? 1;
  const log = opts.log ?? true;
  let url: string | undefined;
  let dataDir: string | undefined;
  let fresh = true;
  if (benchDriver === 'postgres') {
    const name = reuse ? `strideadmin_bench_demo_${users}` : `strideadmin_bench_demo_${users}_${process.pid}`;
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${name}`;
    url = u.toString();
    const found = (await adminQuery(`SELECT 1 FROM pg_database WHERE datname = '${name}'`)).rowCount === 1;
    if (found && reuse) fresh = false;
    else {
      if (found) await adminQuery(`DROP DATABASE ${name} WITH (FORCE)`);
      await adminQuery(`CREATE DATABASE ${name}`);
    }
  } else {
    dataDir = reuse
      ? path.join(cacheDir, `pglite-demo-${users}`)
      : await mkdtemp(path.join(tmpdir(), 'strideadmin-bench-'));
    if (reuse && (await exists(path.join(dataDir, 'PG_VERSION')))) fresh = false;
    else if (reuse) await rm(dataDir, { recursive: true, force: true });
  }
  const open = () => (url ? Promise.resolve(openPostgres(url)) : openPglite({ dataDir }));

  let seedSeconds = 0;
  let seedSummary: SeedSummary | undefined;
  if (fresh) {
    const database = await open();
    try {
      await database.migrate();
      await insertUser(database.db, {
        name: 'Bench Admin',
        email: benchAdmin.email,
        passwordHash: await hashPassword(benchAdmin.password),
        role: 'Admin',
      });
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
      if (log) console.log(`  seeding ${users.toLocaleString('en-US')} demo users on ${benchDriver}...`);
      const summary = await seedDemoData(database.db, {
        users,
        seed,
        stepsPerCoin: config.stepsPerCoin,
        mapCenter: config.map.center,
        chunkSize: benchDriver === 'pglite' ? 25_000 : 100_000,
      });
      seedSeconds = summary.totalMs / 1000;
      seedSummary = summary;
      if (log) console.log(`  seeded in ${seedSeconds.toFixed(1)} s`);
    } finally {
      await database.close();
    }
  } else {
    if (log) console.log(`  reusing the demo data of ${users.toLocaleString('en-US')} users (BENCH_REUSE=1)`);
    const database = await open();
    await database.migrate().finally(() => database.close()); // migrations added since it was seeded
  }

  return {
    driver: benchDriver,
    users,
    url,
    dataDir,
    seedSeconds,
    seedSummary,
    open,
    dispose: async () => {
      if (reuse) return;
      if (url) await adminQuery(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Our server on `database` as production runs it (quiet logs, no worker), listening, with the bench admin signed in. */
export interface DemoServer {
  base: string;
  token: string;
  /** Closes the server and removes its data directory (the database stays open: its opener closes it). */
  close(): Promise<void>;
}

export async function serveDemo(database: Database, name: string): Promise<DemoServer> {
  // Imported here: the seed-only users of this file do not load the whole app.
  const { buildApp } = await import('../../apps/api/src/app.js');
  const dataDir = await mkdtemp(path.join(tmpdir(), `strideadmin-bench-${name}-`));
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'none'),
      NOTIFICATION_WORKER: 'false',
    }),
    database,
    jwtSecret: 'bench-secret-bench-secret-bench-secret-1234',
    logger: false,
  });
  const close = async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...benchAdmin, adminPortal: true }),
    });
    const token = ((await login.json()) as { body: { token: string } }).body.token;
    return { base, token, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** A list call's figures over real HTTP: p50 and p95 in ms, and the last answer's count and rows. */
export interface ListFigures {
  p50: number;
  p95: number;
  count: number;
  countCapped: boolean;
  rows: number;
}

/**
 * GETs each of `paths` on `server` in turn (noise spreads evenly), `warmup` rounds unmeasured then
 * `samples` measured, as the admin; any answer but 200 throws.
 */
export async function roundRobin<K extends string>(
  server: DemoServer,
  paths: ReadonlyArray<{ key: K; path: string }>,
  warmup: number,
  samples: number,
): Promise<Record<K, ListFigures>> {
  const headers = { authorization: `Bearer ${server.token}` };
  const times = new Map<K, number[]>(paths.map((p) => [p.key, []]));
  const last = new Map<K, { count: number; countCapped?: boolean; rows: unknown[] }>();
  for (let round = 0; round < warmup + samples; round++)
    for (const { key, path } of paths) {
      const url = `${server.base}${path}`;
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      const json = (await res.json()) as { body: { count: number; countCapped?: boolean; rows: unknown[] } };
      const t = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(json)}`);
      if (round >= warmup) times.get(key)!.push(t);
      last.set(key, json.body);
    }
  const figures = {} as Record<K, ListFigures>;
  for (const { key } of paths) {
    const xs = times.get(key)!;
    const body = last.get(key)!;
    figures[key] = {
      p50: round(percentile(xs, 50), 2),
      p95: round(percentile(xs, 95), 2),
      count: body.count,
      countCapped: body.countCapped === true,
      rows: body.rows.length,
    };
  }
  return figures;
}
