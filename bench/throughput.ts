// `npx tsx bench/throughput.ts` — API throughput: with autocannon against the
// running server, on the 100,000-user demo data,
//   GET /api/users?page=1&limit=20&name=<common fragment>   and   GET /api/giftcard/{id}
// through our app (built as in production) versus a bare Fastify route running the same SQL on
// the same pool (bench/lib/bench-server.ts): req/s, p50, p99, server CPU per response and the
// ratio ours / bare in req/s (goal ≥ 0.85).
//
// What the baseline includes: Fastify's routing, its request log at the same level into the same
// stream as ours (the "incoming request" and "request completed" lines), the same statement(s) on
// the same pool, the rows as JSON. What it leaves out, and ours pays: authentication (the bearer
// token, its session and account, from memory when checked lately: docs/decisions/0003-tokens.md),
// validation of the path and query, the envelope `{ body }` and its serialisation from the
// contract's schema, the security headers, X-Request-Id, the compression check, the body
// deadline. docs/decisions/0018-request-path.md says what each of those costs.
//
// Method: the server (both apps) runs in a child process, autocannon in this one (2 cores: one
// each, PostgreSQL shares them). 10 connections, the size of the app's pg pool: every connection
// has a database connection to run on, so the pool is kept busy without requests queueing for it,
// and more connections on 2 cores would only add waiting to the latency, not throughput; the same
// for both. Each call: 3 s warm-up of each server, then rounds of 10 s alternating ours/bare
// (order flipped every round, so drift favours neither); req/s is the median of the rounds, p50
// and p99 are over every response of the rounds. Every response's status is counted: a run with
// non-2xx answers or connection errors is reported as such. Beside req/s, the server process's CPU
// time per response (process.cpuUsage over the round / responses): req/s moves with whatever else
// the machine runs, CPU per response much less, so it says where a change helps even on a busy box.
//
// Environment: BENCH_USERS (100000), BENCH_SECONDS (10), BENCH_ROUNDS (3), BENCH_WARMUP (3),
// BENCH_CONNECTIONS (10), BENCH_LOG_LEVEL (info, production's default: the request log is part of
// what our server does), BENCH_CPU_PROF=<dir> (profile the child), BENCH_REUSE=1 (keep the demo
// data). Database: PostgreSQL when DATABASE_URL is set, else PGlite. Never fails: it prints.
import { type CannonRun, cannon, startBenchServer } from './lib/bench-server.js';
import { benchAdmin, demoDatabase } from './lib/demo.js';
import { benchDriver, recordSection, type SummaryRow } from './lib/results.js';
import { count, median, ms, percentile, ratio, round, verdict } from './lib/stats.js';

const users = Number(process.env.BENCH_USERS ?? '100000');
const seconds = Number(process.env.BENCH_SECONDS ?? '10');
const rounds = Number(process.env.BENCH_ROUNDS ?? '3');
const warmup = Number(process.env.BENCH_WARMUP ?? '3');
const connections = Number(process.env.BENCH_CONNECTIONS ?? '10');
const GOAL = 0.85;
// A fragment of the seed's surnames (apps/api/src/seed/catalogue.ts): Andersson, Johansson,
// Karlsson, Nilsson... about a third of them end in -sson, so it matches a large share of users.
const fragment = 'sson';
const listQuery = `page=1&limit=20&name=${fragment}`;

console.log(
  `\nAPI throughput, ours vs bare Fastify + the same SQL on the same pool (database: ${benchDriver}; ` +
    `${count(users)} demo users; ${connections} connections, ${rounds} × ${seconds} s after ${warmup} s warm-up)`,
);
const demo = await demoDatabase(users);
let cardId: number;
let share: { matching: number; total: number };
{
  const database = await demo.open();
  try {
    const [card] = (
      await database.query<{ id: number }>(
        'select id from gift_cards order by id offset (select count(*) / 2 from gift_cards) limit 1',
      )
    ).rows;
    if (!card) throw new Error('the demo data has no gift card');
    cardId = card.id;
    const [row] = (
      await database.query<{ matching: number; total: number }>(
        `select count(*) filter (where name ilike $1)::int as matching, count(*)::int as total from users`,
        [`%${fragment}%`],
      )
    ).rows;
    share = row!;
  } finally {
    await database.close(); // PGlite: one process at a time
  }
}
console.log(
  `  name fragment "${fragment}" matches ${count(share.matching)} of ${count(share.total)} users ` +
    `(${((100 * share.matching) / share.total).toFixed(0)} %); gift card id ${cardId}`,
);

const server = await startBenchServer(demo, { listQuery, logLevel: process.env.BENCH_LOG_LEVEL });
console.log(`  server: ours on :${server.ours} (log level ${server.logLevel}), bare on :${server.bare}`);

interface Call {
  name: string;
  path: string;
  ours: Run[];
  bare: Run[];
}
/** A run, and the server process's CPU time per response over it (µs). */
type Run = CannonRun & { cpuPerResponse: number };
const calls: Call[] = [
  { name: `GET /api/users?${listQuery}`, path: `/api/users?${listQuery}`, ours: [], bare: [] },
  { name: 'GET /api/giftcard/{id}', path: `/api/giftcard/${cardId}`, ours: [], bare: [] },
];

try {
  const login = await fetch(`${server.oursUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: benchAdmin.email, password: benchAdmin.password, adminPortal: true }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const token = ((await login.json()) as { body: { token: string } }).body.token;
  const headers = { authorization: `Bearer ${token}` };

  // Both answer, with the same rows.
  for (const call of calls) {
    const [ours, bare] = await Promise.all(
      [server.oursUrl, server.bareUrl].map(async (base) => {
        const res = await fetch(base + call.path, { headers });
        return { status: res.status, text: await res.text() };
      }),
    );
    if (ours!.status !== 200 || bare!.status !== 200) {
      throw new Error(`${call.name}: ours answered ${ours!.status}, bare ${bare!.status}`);
    }
    // ours: { body: [card] } or { body: { rows, count } }; bare: [card] or [[rows of each statement]].
    const o = JSON.parse(ours!.text) as { body: { rows: unknown[]; count: number } | unknown[] };
    const b = JSON.parse(bare!.text) as unknown[];
    const oursRows = Array.isArray(o.body) ? o.body.length : o.body.rows.length;
    const bareRows = Array.isArray(o.body) ? [b.length] : (b as unknown[][]).map((rows) => rows.length);
    if (!bareRows.includes(oursRows))
      throw new Error(`${call.name}: ours has ${oursRows} rows, bare ${bareRows.join(' / ')}`);
    console.log(
      `  ${call.name}: ${oursRows} rows` +
        (Array.isArray(o.body) ? '' : ` (count ${JSON.stringify(o.body.count)})`) +
        `; answer ${count(ours!.text.length)} B (ours), ${count(bare!.text.length)} B (bare)`,
    );
  }

  const run = async (base: string, path: string, duration: number): Promise<Run> => {
    const cpu0 = await server.cpuMicros();
    const result = await cannon({ url: base + path, connections, duration, headers });
    return { ...result, cpuPerResponse: ((await server.cpuMicros()) - cpu0) / result.responses };
  };
  for (const call of calls) {
    await run(server.oursUrl, call.path, warmup);
    await run(server.bareUrl, call.path, warmup);
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const);
      for (const side of order) {
        const result = await run(side === 'ours' ? server.oursUrl : server.bareUrl, call.path, seconds);
        call[side].push(result);
        console.log(
          `  ${call.name} ${side} round ${r + 1}: ${result.rps.toFixed(0)} req/s, ` +
            `server CPU ${result.cpuPerResponse.toFixed(0)} µs/response` +
            (result.non2xx || result.errors ? ` (${result.non2xx} non-2xx, ${result.errors} errors)` : ''),
        );
      }
    }
  }
} finally {
  await server.stop();
  await demo.dispose();
}

function summary(runs: Run[]) {
  const latencies = runs.flatMap((r) => r.latencies);
  const statuses: Record<string, number> = {};
  for (const r of runs) for (const [code, n] of Object.entries(r.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  return {
    rps: median(runs.map((r) => r.rps)),
    roundsRps: runs.map((r) => round(r.rps, 0)),
    cpuPerResponse: median(runs.map((r) => r.cpuPerResponse)),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    responses: latencies.length,
    statuses,
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    timeouts: runs.reduce((n, r) => n + r.timeouts, 0),
  };
}

const table: Record<string, Record<string, string>> = {};
const figures: Record<string, unknown> = {};
const summaryRows: SummaryRow[] = [];
for (const call of calls) {
  const ours = summary(call.ours);
  const bare = summary(call.bare);
  const r = ours.rps / bare.rps;
  const clean = ours.non2xx + ours.errors + bare.non2xx + bare.errors === 0;
  const problems = clean
    ? ''
    : ` (ERRORS: ours ${ours.non2xx} non-2xx / ${ours.errors} errors, bare ${bare.non2xx} / ${bare.errors})`;
  for (const [side, s] of [
    ['ours', ours],
    ['bare', bare],
  ] as const) {
    table[`${call.name} — ${side}`] = {
      'req/s': s.rps.toFixed(0),
      p50: ms(s.p50),
      p99: ms(s.p99),
      'server CPU / response': `${s.cpuPerResponse.toFixed(0)} µs`,
      'non-2xx / errors': `${s.non2xx} / ${s.errors}`,
      // Two decimals, or three when two would round a miss up to the goal.
      'ours / bare': side === 'ours' ? (r < GOAL && r >= GOAL - 0.005 ? `${r.toFixed(3)}×` : ratio(r)) : '',
      goal: side === 'ours' ? `≥ ${GOAL}×` : '',
      verdict: side === 'ours' ? verdict(r >= GOAL && clean) + problems : '',
    };
  }
  const fig = (s: typeof ours) => ({
    rps: round(s.rps, 0),
    roundsRps: s.roundsRps,
    serverCpuMicrosPerResponse: round(s.cpuPerResponse, 0),
    p50Ms: round(s.p50, 2),
    p99Ms: round(s.p99, 2),
    responses: s.responses,
    statuses: s.statuses,
    non2xx: s.non2xx,
    errors: s.errors,
    timeouts: s.timeouts,
  });
  summaryRows.push({
    figure: `throughput: ${call.name} (${count(users)} users)`,
    value:
      `${ours.rps.toFixed(0)} req/s, p99 ${ms(ours.p99)}, ${ours.cpuPerResponse.toFixed(0)} µs CPU/response` +
      (clean ? '' : ' WITH ERRORS'),
    baseline:
      `bare Fastify (same log level) + same SQL: ${bare.rps.toFixed(0)} req/s, p99 ${ms(bare.p99)}, ` +
      `${bare.cpuPerResponse.toFixed(0)} µs CPU/response`,
    ratio: ratio(r),
    goal: `≥ ${GOAL}×`,
    met: r >= GOAL && clean,
  });
  figures[call.path.startsWith('/api/users') ? 'usersList' : 'giftCard'] = {
    call: call.name,
    ours: fig(ours),
    bare: fig(bare),
    ratio: round(r, 2),
    goal: GOAL,
    met: r >= GOAL && clean,
  };
}
console.log(
  `\nAPI throughput (database: ${benchDriver}; ${count(users)} users; ${connections} connections; ` +
    `req/s: median of ${rounds} × ${seconds} s; p50/p99 over every response)`,
);
console.table(table);
await recordSection(
  'throughput',
  {
    users,
    connections,
    rounds,
    roundSeconds: seconds,
    warmupSeconds: warmup,
    logLevel: server.logLevel,
    nameFragment: fragment,
    nameFragmentShare: round(share.matching / share.total, 3),
    giftCardId: cardId,
    sql: server.sql,
    baseline:
      "bare fastify() route with Fastify's logger at the same level and stream, running the same SQL (captured from the services) on the same pg pool / PGlite",
    ...figures,
  },
  summaryRows,
);
