// `npx tsx bench/seed.ts [--users N]` — demo data at scale (issue 7): times `npm run seed`'s work
// (seedDemoData) on a throw-away database, then how fast the lists answer on it:
//   1. the seed itself, per phase, and users per second;
//   2. GET /api/users?page=1&limit=20 (the User list's first page), with a common and a rare name
//      filter, and GET /api/dashboard?range=All when the server has it (median of 5, real app
//      through app.inject, after a warm-up).
// Database: PostgreSQL when DATABASE_URL is set (default 1,000,000 users), else PGlite in a
// temporary directory (default 100,000 users: it runs in this process). Never fails: it prints.
// The figures go under "seed" in bench/results/latest.json; the other figures there are kept.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { type Database, openPglite, openPostgres } from '../apps/api/src/db/client.js';
import { hashPassword } from '../apps/api/src/plugins/auth/index.js';
import { insertUser } from '../apps/api/src/modules/users/index.js';
import { seedDemoData } from '../apps/api/src/seed/seed.js';

const serverUrl = process.env.DATABASE_URL;
const driver = serverUrl ? 'postgres' : 'pglite';
const { values } = parseArgs({ options: { users: { type: 'string' }, seed: { type: 'string' } } });
const users = Number((values.users ?? (serverUrl ? '1000000' : '100000')).replace(/[_,]/g, ''));
const seed = Number(values.seed ?? '1');
if (!Number.isSafeInteger(users) || users < 1) throw new Error('--users must be a whole number');
const RUNS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const count = (n: number) => n.toLocaleString('en-US');

// On PostgreSQL the bench works in a database of its own, created and dropped here: the seed
// replaces demo data, and must never touch the one DATABASE_URL names.
const benchDb = `strideadmin_bench_seed_${process.pid}`;
async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
const dataDir = await mkdtemp(path.join(tmpdir(), 'strideadmin-bench-seed-'));
let database: Database;
if (serverUrl) {
  await admin(`CREATE DATABASE ${benchDb}`);
  const u = new URL(serverUrl);
  u.pathname = `/${benchDb}`;
  database = openPostgres(u.toString());
} else database = await openPglite({ dataDir: path.join(dataDir, 'db') });

try {
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    NOTIFICATION_WORKER: 'false',
  });
  const email = `bench-${Date.now()}@example.com`;
  await insertUser(database.db, {
    name: 'Bench Admin',
    email,
    passwordHash: await hashPassword('bench-password'),
    role: 'Admin',
  });

  console.log(`Seeding ${count(users)} demo users (seed ${seed}) on ${driver}...`);
  let lastLine = 0;
  const summary = await seedDemoData(database.db, {
    users,
    seed,
    stepsPerCoin: config.stepsPerCoin,
    mapCenter: config.map.center,
    chunkSize: driver === 'pglite' ? 25_000 : 100_000,
    onProgress: (p) => {
      if (p.phase !== 'users' || p.done === undefined) return;
      if (p.done === p.total || performance.now() - lastLine > 10_000) {
        console.log(`  users ${count(p.done)} / ${count(p.total ?? users)}  (${seconds(p.ms)})`);
        lastLine = performance.now();
      }
    },
  });

  const app = await buildApp({
    config,
    database,
    jwtSecret: 'bench-secret-bench-secret-bench-secret-1234',
    logger: false,
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'bench-password', adminPortal: true },
  });
  const token = login.json<{ body: { token: string } }>().body.token;
  async function timed(url: string): Promise<{ ms: number; status: number; count?: number }> {
    let res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }); // warm-up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      times.push(performance.now() - t0);
    }
    const body = res.statusCode === 200 ? res.json<{ body: { count?: number } }>().body : undefined;
    return { ms: +median(times).toFixed(1), status: res.statusCode, count: body?.count };
  }
  const lists = {
    usersFirstPage: await timed('/api/users?page=1&limit=20'),
    usersNameCommon: await timed('/api/users?page=1&limit=20&name=son'),
    usersNameRare: await timed('/api/users?page=1&limit=20&name=astrid'),
    usersLastPage: await timed(`/api/users?page=${Math.ceil(users / 20)}&limit=20`),
    dashboardAll: await timed('/api/dashboard?range=All'),
  };
  await app.close();

  const results = {
    date: new Date().toISOString(),
    database: driver,
    node: process.version,
    users,
    seed,
    days: summary.days,
    totalMs: Math.round(summary.totalMs),
    usersPerSecond: Math.round(users / (summary.totalMs / 1000)),
    phasesMs: Object.fromEntries(summary.phases.map((p) => [p.name, Math.round(p.ms)])),
    rows: summary.rows,
    listMs: Object.fromEntries(Object.entries(lists).map(([k, v]) => [k, v.status === 200 ? v.ms : null])),
    runs: RUNS,
  };

  console.log(
    `\nSeed of ${count(users)} demo users on ${driver}: ${seconds(summary.totalMs)} (${count(results.usersPerSecond)} users/s)`,
  );
  console.table(
    Object.fromEntries(
      summary.phases.map((p) => [
        p.name,
        {
          time: seconds(p.ms),
          rows: Object.entries(p.rows)
            .map(([t, n]) => `${t} ${count(n)}`)
            .join(', '),
        },
      ]),
    ),
  );
  console.log(`Lists on that data (median of ${RUNS}):`);
  console.table(
    Object.fromEntries(
      Object.entries(lists).map(([k, v]) => [
        k,
        { time: v.status === 200 ? `${v.ms} ms` : `status ${v.status}`, count: v.count ?? '—' },
      ]),
    ),
  );

  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  await mkdir(out, { recursive: true });
  const file = path.join(out, 'latest.json');
  let previous: Record<string, unknown> = {};
  try {
    previous = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch {
    // no earlier figures
  }
  await writeFile(file, JSON.stringify({ ...previous, seed: results }, null, 2) + '\n');
  console.log('written: bench/results/latest.json (seed)');
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  if (serverUrl) await admin(`DROP DATABASE IF EXISTS ${benchDb} WITH (FORCE)`);
}
