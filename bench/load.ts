// `npx tsx bench/load.ts` — load: 200 connections for 60 s on a mix of list,
// detail and login calls against our server (bench/lib/bench-server.ts, built as in production, in
// a child process; autocannon in this one), on the 100,000-user demo data. Reports total
// requests, req/s, connection errors, timeouts and non-2xx answers (goal: 0), p50 / p99 overall
// and per kind of call.
//
// The mix: 50 requests, taken in turn by whichever connection is free (ids, fragments and pages
// vary from request to request):
//   20 list   — GET /api/users?page&limit=20&name=<fragment> (8), GET /api/users?page&limit=20 (6),
//               GET /api/giftcard?page&limit=20 (6)
//   29 detail — GET /api/users/{id} (15), GET /api/giftcard/{id} (14)
//    1 login  — POST /api/auth/login of one of 40 bench administrators in turn (successful; an
//               argon2id verify). 200 people at once sign in as many accounts: one account signed
//               into a dozen times at once from one address is what the sign-in limits refuse
//               (plugins/login-limiter.ts: more than 10 attempts of one account and client in flight)
// Baseline, in the same run: the same mix at 10 connections (the pool's size, the throughput
// bench's load). The ratios say what 20× the connections does: req/s at 200 / req/s at 10 (the
// server saturated at 10 already, so ≈ 1× means no collapse under overload) and p99 at 200 / p99 at
// 10 (closed-loop queueing: ≈ 20× is what a saturated server that stays fair gives).
//
// Environment: BENCH_USERS (100000), BENCH_LOAD_SECONDS (60), BENCH_LOAD_BASELINE_SECONDS (20),
// BENCH_LOAD_CONNECTIONS (200), BENCH_LOG_LEVEL (info), BENCH_CPU_PROF=<dir>, BENCH_REUSE=1.
// Databases: PGlite (the embedded default) always; with DATABASE_URL set, then the same run on
// PostgreSQL too, each in a process of its own (one after the other, never at once), and the
// closing table shows both side by side. Never fails: it prints.
import type autocannon from 'autocannon';
import { type CannonRun, cannon, type Responses, startBenchServer } from './lib/bench-server.js';
import { hashPassword } from '../apps/api/src/plugins/auth/index.js';
import { insertUser } from '../apps/api/src/modules/users/index.js';
import { benchAdmin, demoDatabase } from './lib/demo.js';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDriver, recordSection, type SummaryRow } from './lib/results.js';
import { count, ms, percentile, ratio, round, verdict } from './lib/stats.js';

/** One database's run: what the section records for it, and its rows of the closing table. */
interface DriverResult {
  data: Record<string, unknown>;
  summary: SummaryRow[];
}

const users = Number(process.env.BENCH_USERS ?? '100000');
/** The administrators the mix's sign-ins use, one after the other. */
const signInAccounts = Array.from({ length: 40 }, (_, i) => `bench-load-admin-${i + 1}@example.com`);
async function measure(): Promise<DriverResult> {
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? '60');
  const baselineSeconds = Number(process.env.BENCH_LOAD_BASELINE_SECONDS ?? '20');
  const connections = Number(process.env.BENCH_LOAD_CONNECTIONS ?? '200');
  const baselineConnections = 10;
  const warmupSeconds = 5;
  // Fragments of the seed's first and last names (apps/api/src/seed/catalogue.ts), common to rare.
  const fragments = ['sson', 'berg', 'anna', 'erik', 'lind', 'ma', 'oh', 'ström', 'nils', 'kar'];

  console.log(
    `\nLoad: ${connections} connections for ${seconds} s on a mix of list, detail and login calls ` +
      `(database: ${benchDriver}; ${count(users)} demo users)`,
  );
  const demo = await demoDatabase(users);
  let userIds: number[];
  let cardIds: number[];
  {
    const database = await demo.open();
    try {
      const sample = async (table: string) =>
        (await database.query<{ id: number }>(`select id from ${table} order by md5(id::text) limit 1000`)).rows.map(
          (r) => r.id,
        );
      userIds = await sample('users');
      cardIds = await sample('gift_cards');
      // The accounts the mix signs in with (kept with the demo data under BENCH_REUSE=1).
      const existing = new Set(
        (
          await database.query<{ email: string }>(`select email from users where email like 'bench-load-admin-%'`)
        ).rows.map((r) => r.email),
      );
      const passwordHash = await hashPassword(benchAdmin.password);
      for (const email of signInAccounts.filter((e) => !existing.has(e)))
        await insertUser(database.db, { name: 'Bench Load Admin', email, passwordHash, role: 'Admin' });
    } finally {
      await database.close(); // PGlite: one process at a time
    }
  }

  const server = await startBenchServer(demo, { logLevel: process.env.BENCH_LOG_LEVEL });
  console.log(`  server: ours on :${server.ours} (log level ${server.logLevel})`);

  let token: string;
  const loginBody = JSON.stringify({ email: benchAdmin.email, password: benchAdmin.password, adminPortal: true });
  const signInBodies = signInAccounts.map((email) =>
    JSON.stringify({ email, password: benchAdmin.password, adminPortal: true }),
  );
  let signIns = 0;
  {
    const res = await fetch(`${server.oursUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginBody,
    });
    if (res.status !== 200) throw new Error(`login answered ${res.status}`);
    token = ((await res.json()) as { body: { token: string } }).body.token;
  }

  let n = 0;
  const pick = <T>(xs: T[]) => xs[n++ % xs.length]!;
  const page = () => 1 + (n++ % 5);
  type Kind = 'list' | 'detail' | 'login';
  type Call = { kind: Kind } & Pick<autocannon.Request, 'method' | 'path' | 'body' | 'headers'>;
  const calls: Record<string, () => Call> = {
    usersFiltered: () => ({
      kind: 'list',
      path: `/api/users?page=${page()}&limit=20&name=${encodeURIComponent(pick(fragments))}`,
    }),
    users: () => ({ kind: 'list', path: `/api/users?page=${page()}&limit=20` }),
    giftCards: () => ({ kind: 'list', path: `/api/giftcard?page=${page()}&limit=20` }),
    user: () => ({ kind: 'detail', path: `/api/users/${pick(userIds)}` }),
    giftCard: () => ({ kind: 'detail', path: `/api/giftcard/${pick(cardIds)}` }),
    login: () => ({
      kind: 'login',
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: signInBodies[signIns++ % signInBodies.length],
    }),
  };
  // The mix, 50 requests long, its kinds spread out: 20 list, 29 detail, 1 login. The connections
  // take their next request from it in turn (one counter for all), so the mix holds overall.
  const listOrder = [
    ...Array<string>(8).fill('usersFiltered'),
    ...Array<string>(6).fill('users'),
    ...Array<string>(6).fill('giftCards'),
  ];
  const schedule: string[] = [];
  for (let i = 0; i < 20; i++) schedule.push(listOrder[(i * 7) % 20]!, i % 2 === 0 ? 'user' : 'giftCard');
  for (let i = 0; i < 9; i++) schedule.push(i % 2 === 0 ? 'user' : 'giftCard');
  schedule.splice(25, 0, 'login');
  let next = 0;
  /** Requests sent, by kind, in the current run (minus the answered: lost to timeouts, or in flight at the end). */
  let sent: Record<Kind, number> = { list: 0, detail: 0, login: 0 };
  const mixed: autocannon.Request = {
    setupRequest: (request, context) => {
      const { kind, ...call } = calls[schedule[next++ % schedule.length]!]!();
      (context as Record<string, unknown>).kind = kind;
      sent[kind] += 1;
      return { ...request, method: 'GET', body: undefined, ...call };
    },
  };

  const timeoutSeconds = 10;
  type Run = CannonRun & { sent: Record<Kind, number>; cpuPerResponse: number };
  const mix = async (conns: number, duration: number): Promise<Run> => {
    sent = { list: 0, detail: 0, login: 0 };
    const cpu0 = await server.cpuMicros();
    const result = await cannon(
      {
        url: server.oursUrl,
        connections: conns,
        duration,
        timeout: timeoutSeconds,
        headers: { authorization: `Bearer ${token}` },
        requests: [mixed],
      },
      (context) => context.kind as Kind,
    );
    return { ...result, sent, cpuPerResponse: ((await server.cpuMicros()) - cpu0) / result.responses };
  };

  let baseline: Run;
  let load: Run;
  try {
    await mix(baselineConnections, warmupSeconds);
    baseline = await mix(baselineConnections, baselineSeconds);
    console.log(`  baseline, ${baselineConnections} connections: ${baseline.rps.toFixed(0)} req/s`);
    load = await mix(connections, seconds);
    console.log(`  load, ${connections} connections: ${load.rps.toFixed(0)} req/s`);
  } finally {
    await server.stop();
    await demo.dispose();
  }

  const statusText = (statuses: Record<string, number>) =>
    Object.entries(statuses)
      .map(([code, k]) => `${code}×${k}`)
      .join(' ');
  const non2xxOf = (r: Responses) =>
    Object.entries(r.statuses).reduce((k, [code, c]) => k + (code.startsWith('2') ? 0 : c), 0);
  // A request that timed out has no latency of its own: it counts as the timeout (a lower bound), so
  // that timeouts are not left out of the percentiles.
  const describe = (r: Responses, secs: number, timeouts: number) => {
    const latencies = [...r.latencies, ...Array<number>(timeouts).fill(timeoutSeconds * 1000)];
    return {
      requests: r.latencies.length,
      rps: r.latencies.length / secs,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      non2xx: non2xxOf(r),
      statuses: statusText(r.statuses),
    };
  };

  const table: Record<string, Record<string, string>> = {};
  const figures: Record<string, unknown> = {};
  for (const kind of ['all', 'list', 'detail', 'login'] as const) {
    const empty: Responses = { latencies: [], statuses: {} };
    const at200 = describe(
      kind === 'all' ? load : (load.byKind[kind] ?? empty),
      load.seconds,
      kind === 'all' ? load.timeouts : 0,
    );
    const at10 = describe(
      kind === 'all' ? baseline : (baseline.byKind[kind] ?? empty),
      baseline.seconds,
      kind === 'all' ? baseline.timeouts : 0,
    );
    const sentAt200 = kind === 'all' ? load.sent.list + load.sent.detail + load.sent.login : load.sent[kind];
    const clean = at200.non2xx === 0 && (kind !== 'all' || load.errors === 0);
    table[kind] = {
      'sent / answered': `${count(sentAt200)} / ${count(at200.requests)}`,
      'req/s': at200.rps.toFixed(0),
      p50: ms(at200.p50),
      p99: ms(at200.p99),
      'non-2xx': String(at200.non2xx),
      'errors / timeouts': kind === 'all' ? `${load.errors} / ${load.timeouts}` : '',
      [`req/s, p99 at ${baselineConnections}`]: `${at10.rps.toFixed(0)}, ${ms(at10.p99)}`,
      'req/s ratio': ratio(at200.rps / at10.rps),
      'p99 ratio': ratio(at200.p99 / at10.p99),
      'goal: 0 errors': verdict(clean),
    };
    figures[kind] = {
      sent: sentAt200,
      requests: at200.requests,
      rps: round(at200.rps, 0),
      p50Ms: round(at200.p50, 1),
      p99Ms: round(at200.p99, 1),
      non2xx: at200.non2xx,
      statuses: at200.statuses,
      ...(kind === 'all'
        ? {
            errors: load.errors,
            timeouts: load.timeouts,
            serverCpuMicrosPerResponse: round(load.cpuPerResponse, 0),
          }
        : {}),
      baseline: {
        connections: baselineConnections,
        requests: at10.requests,
        rps: round(at10.rps, 0),
        p50Ms: round(at10.p50, 1),
        p99Ms: round(at10.p99, 1),
        non2xx: at10.non2xx,
      },
      rpsRatio: round(at200.rps / at10.rps, 2),
      p99Ratio: round(at200.p99 / at10.p99, 2),
      met: clean,
    };
  }
  console.log(
    `\nLoad (database: ${benchDriver}; ${count(users)} users): ${connections} connections × ${load.seconds} s ` +
      `vs the same mix at ${baselineConnections} connections × ${baseline.seconds} s (baseline)`,
  );
  console.table(table);
  if (load.errors || baseline.errors) {
    console.log(
      `  connection errors: ${load.errors} at ${connections} connections (${load.timeouts} timeouts, > ${timeoutSeconds} s), ` +
        `${baseline.errors} at ${baselineConnections} (${baseline.timeouts} timeouts); p50/p99 count a timeout as ${timeoutSeconds} s`,
    );
  }
  console.log(
    `  server CPU per response: ${load.cpuPerResponse.toFixed(0)} µs at ${connections} connections, ` +
      `${baseline.cpuPerResponse.toFixed(0)} µs at ${baselineConnections}; "sent" minus "answered": timed out, or in flight at the end`,
  );
  const all = figures.all as {
    requests: number;
    rps: number;
    p99Ms: number;
    non2xx: number;
    baseline: { rps: number; p99Ms: number };
  };
  const failures = all.non2xx + load.errors;
  const db = benchDriver === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const summaryRows: SummaryRow[] = [
    {
      figure: `load, ${db}: ${connections} connections × ${load.seconds.toFixed(0)} s (list, detail, login), errors + non-2xx`,
      value: `${count(failures)} of ${count(all.requests + load.errors)} (${count(load.timeouts)} timeouts)`,
      baseline: '—',
      ratio: '—',
      goal: '0',
      met: failures === 0,
    },
    {
      figure: `load, ${db}: p99 at ${connections} connections`,
      value: ms(all.p99Ms),
      baseline: `${ms(all.baseline.p99Ms)} at ${baselineConnections} connections`,
      ratio: ratio(all.p99Ms / all.baseline.p99Ms),
      goal: '—',
      met: null,
    },
    {
      figure: `load, ${db}: req/s at ${connections} connections`,
      value: count(all.rps),
      baseline: `${count(all.baseline.rps)} at ${baselineConnections} connections`,
      ratio: ratio(all.rps / all.baseline.rps),
      goal: '—',
      met: null,
    },
  ];
  return {
    data: {
      database: benchDriver,
      users,
      connections,
      seconds: load.seconds,
      logLevel: server.logLevel,
      mix: 'per 50 requests: 20 list (8 users filtered, 6 users, 6 gift cards), 29 detail (15 user, 14 gift card), 1 login',
      baseline: `the same mix at ${baselineConnections} connections for ${baseline.seconds} s, same run`,
      goal: 'no errors, no non-2xx',
      ...figures,
    },
    summary: summaryRows,
  };
}

// The parent: each database in a child process of its own (this file again, BENCH_LOAD_OUT set),
// PGlite first, then PostgreSQL if DATABASE_URL is set; one record with both.
const out = process.env.BENCH_LOAD_OUT;
if (out) {
  await writeFile(out, JSON.stringify(await measure()));
} else {
  const dir = await mkdtemp(path.join(tmpdir(), 'strideadmin-bench-load-'));
  const results: Partial<Record<'pglite' | 'postgres', DriverResult>> = {};
  try {
    for (const driver of process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
      const env: NodeJS.ProcessEnv = { ...process.env, BENCH_LOAD_OUT: path.join(dir, `${driver}.json`) };
      if (driver === 'pglite') delete env.DATABASE_URL;
      const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
        stdio: 'inherit',
        env,
      });
      if (run.status !== 0) throw new Error(`load on ${driver} exited with ${run.status ?? run.signal}`);
      results[driver] = JSON.parse(await readFile(env.BENCH_LOAD_OUT!, 'utf8')) as DriverResult;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await recordSection(
    'load',
    {
      databases: Object.keys(results),
      ...Object.fromEntries(Object.entries(results).map(([driver, r]) => [driver, r.data])),
    },
    [...(results.pglite?.summary ?? []), ...(results.postgres?.summary ?? [])],
  );
}
