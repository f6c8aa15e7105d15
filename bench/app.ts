// `npx tsx bench/app.ts` — the mobile app's hot calls under 50 concurrent app users, on the
// 1,000,000-user demo data:
//   POST /api/app/steps                  the same user re-syncs today's growing step count, again and again
//   GET  /api/app/notifications          the caller's inbox, first page
//   POST /api/app/giftcard/{id}/redeem   distinct users redeeming from a stock of cards
// each through our app (built as in production) versus a bare Fastify route calling the same
// service function on the same Drizzle handle and pool (bench/lib/app-server.ts): req/s, p50, p99,
// errors, the ratio ours / bare in req/s (goal ≥ 0.85) and the server process's CPU time per
// response. After the run, the database is checked for double spending.
//
// Method: the server (both apps) runs in a child process, autocannon in this one. 50 connections,
// one per bench user (active, tracking, verified demo users of the User role, signed in through
// the real POST /api/auth/login with an app-audience token: the bench gives them a password
// first). Each call: a warm-up of each server, then rounds alternating ours/bare (order flipped
// every round); req/s is the median of the rounds, p50 and p99 are over every response of the
// rounds.
//   - steps: each connection's user posts { date: today, steps: n } with n one more than its
//     previous post (over ours and bare alike), as a phone re-syncing its day.
//   - redeem: a stock of cards made for the run (price 1 coin); request i takes card
//     floor(i × 0.9) of the stock, so about one request in ten asks for the card its predecessor
//     asked for at the same moment and loses the race (409 "not available"); 2 of the 50 users
//     start with 2 coins and soon run out (409 "insufficient coins"). Those refusals are answers
//     of the contract, counted apart; errors are connection errors, timeouts, 5xx and any other
//     non-2xx.
//   - the no-double-spend check (database, after the run): no stock card has more than one
//     'redeem' entry, each redeemed card's entry is its owner's; every bench user's balance equals
//     the sum of their ledger entries and never went below 0 over the run's entries; the number of
//     200 answers to redeem (ours + bare, warm-up included) equals the stock cards redeemed.
//
// Environment: BENCH_APP_USERS (1000000; smaller for a quick run), BENCH_SECONDS (10),
// BENCH_ROUNDS (3), BENCH_WARMUP (3), BENCH_APP_CARDS (the stock; 100000 on PostgreSQL, 20000 on
// PGlite), BENCH_LOG_LEVEL (info, production's default), BENCH_CPU_PROF=<dir> (profile the child),
// BENCH_REUSE=1 (keep the demo data; the run then leaves its redeemed cards, ledger entries and
// step logs in it, and removes the stock it did not use). Database: PostgreSQL when DATABASE_URL
// is set, else PGlite. Never fails: it prints.
import type autocannon from 'autocannon';
import { todayIso } from '@strideadmin/contract';
import { hashPassword } from '../apps/api/src/plugins/auth/index.js';
import { setCoins } from '../apps/api/src/modules/ledger/index.js';
import { type CannonRun, cannon } from './lib/bench-server.js';
import { startAppServer } from './lib/app-server.js';
import { demoDatabase } from './lib/demo.js';
import { benchDriver, recordSection, type SummaryRow } from './lib/results.js';
import { count, median, ms, percentile, ratio, round, verdict } from './lib/stats.js';

const users = Number(process.env.BENCH_APP_USERS ?? '1000000');
const seconds = Number(process.env.BENCH_SECONDS ?? '10');
const rounds = Number(process.env.BENCH_ROUNDS ?? '3');
const warmup = Number(process.env.BENCH_WARMUP ?? '3');
const stockSize = Number(process.env.BENCH_APP_CARDS ?? (benchDriver === 'postgres' ? '100000' : '20000'));
const connections = 50;
const poorUsers = 2;
const GOAL = 0.85;
const password = 'bench-app-password';
const inboxQuery = 'page=1&limit=20';

console.log(
  `\nThe app's hot calls, ours vs bare Fastify + the same service functions on the same pool ` +
    `(database: ${benchDriver}; ${count(users)} demo users; ${connections} app users, ${rounds} × ${seconds} s ` +
    `after ${warmup} s warm-up)`,
);
const demo = await demoDatabase(users);

interface BenchUser {
  id: number;
  email: string;
  token?: string;
  /** The last step count posted for today. */
  steps: number;
}
let benchUsers: BenchUser[];
let stock: number[];
let ledgerBefore: number;
const today = todayIso();
const tag = Date.now().toString(36);
{
  const database = await demo.open();
  try {
    // 50 app users from the middle of the data: active, tracking, verified, of the User role.
    const rows = (
      await database.query<{ id: number; email: string; steps: number | null; inbox: number }>(
        `select u.id, u.email, s.steps,
           (select count(*)::int from inbox_notifications i where i.user_id = u.id) as inbox
         from users u join roles r on r.id = u.role_id and r.name = 'User'
         left join step_logs s on s.user_id = u.id and s.day = $2::date
         where u.id > (select max(id) / 2 from users) and u.is_active and u.is_tracking
           and u.email_verified_at is not null
         order by u.id limit $1`,
        [connections, today],
      )
    ).rows;
    if (rows.length < connections) throw new Error(`only ${rows.length} app users found`);
    benchUsers = rows.map((r) => ({ id: r.id, email: r.email, steps: r.steps ?? 0 }));
    const inbox = rows.map((r) => r.inbox);
    console.log(
      `  bench users: ids ${rows[0]!.id}…${rows.at(-1)!.id}; inbox entries per user: median ${median(inbox)}, ` +
        `max ${Math.max(...inbox)}`,
    );
    const ids = benchUsers.map((u) => u.id);
    await database.query('update users set password_hash = $1 where id = any($2::int[])', [
      await hashPassword(password),
      ids,
    ]);
    // Coins through the ledger (an adjustment entry each), as an administrator's edit would.
    await database.db.transaction(async (tx) => {
      for (const [i, user] of benchUsers.entries())
        await setCoins(tx, { userId: user.id, totalCoins: i < poorUsers ? 2 : 10_000_000, adminId: null });
    });
    // The stock: cards of price 1, valid a year, for this run only.
    const t0 = performance.now();
    stock = (
      await database.query<{ id: number }>(
        `insert into gift_cards (serial_number, control_code, amount, currency, store_name, store_address,
           valid_till, expiry_duration, price)
         select 'BENCH-APP-' || $1 || '-' || g, 'BENCH-APP-CODE-' || $1 || '-' || g, 100, 'SEK', 'Bench Store',
           'Benchgatan 1, Stockholm', current_date + 365, 43200, 1
         from generate_series(1, $2::int) g
         returning id`,
        [tag, stockSize],
      )
    ).rows
      .map((r) => r.id)
      .sort((a, b) => a - b);
    console.log(
      `  stock: ${count(stock.length)} gift cards (price 1) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const [last] = (await database.query<{ id: string | null }>('select max(id) as id from coin_ledger')).rows;
    ledgerBefore = Number(last?.id ?? 0);
  } finally {
    await database.close(); // PGlite: one process at a time
  }
}

const server = await startAppServer(demo, { logLevel: process.env.BENCH_LOG_LEVEL });
console.log(`  server: ours on :${server.ours} (log level ${server.logLevel}), bare on :${server.bare}`);

/** A run, the server process's CPU time per response over it (µs), and redeem's refusals by message. */
type Run = CannonRun & { cpuPerResponse: number; refusals: Record<string, number> };
type Side = 'ours' | 'bare';
interface Call {
  key: 'steps' | 'notifications' | 'redeem';
  name: string;
  /** The statuses that are answers of the contract, not errors (besides 200). */
  expected: number[];
  request(side: Side): autocannon.Request;
  ours: Run[];
  bare: Run[];
}

let nextUser = 0;
/** Each connection is one bench user, for as long as it lives. */
function userOf(context: Record<string, unknown>): BenchUser {
  context.user ??= benchUsers[nextUser++ % benchUsers.length];
  return context.user as BenchUser;
}
function authHeaders(side: Side, user: BenchUser): Record<string, string> {
  return side === 'ours' ? { authorization: `Bearer ${user.token!}` } : { 'x-bench-user': String(user.id) };
}
let redeemRequests = 0;
let stockExhausted = 0;
let redeemOk = 0;
let refusals: Record<string, number> = {};

const calls: Call[] = [
  {
    key: 'steps',
    name: 'POST /api/app/steps',
    expected: [],
    request: (side) => ({
      method: 'POST',
      path: '/api/app/steps',
      setupRequest: (req, context) => {
        const user = userOf(context as Record<string, unknown>);
        user.steps = Math.min(user.steps + 1, 100_000);
        return {
          ...req,
          headers: { ...authHeaders(side, user), 'content-type': 'application/json' },
          body: JSON.stringify({ date: today, steps: user.steps }),
        };
      },
    }),
    ours: [],
    bare: [],
  },
  {
    key: 'notifications',
    name: 'GET /api/app/notifications',
    expected: [],
    request: (side) => ({
      method: 'GET',
      path: `/api/app/notifications?${inboxQuery}`,
      setupRequest: (req, context) => ({
        ...req,
        headers: authHeaders(side, userOf(context as Record<string, unknown>)),
      }),
    }),
    ours: [],
    bare: [],
  },
  {
    key: 'redeem',
    name: 'POST /api/app/giftcard/{id}/redeem',
    expected: [409],
    request: (side) => ({
      method: 'POST',
      setupRequest: (req, context) => {
        const user = userOf(context as Record<string, unknown>);
        let i = Math.floor(redeemRequests++ * 0.9);
        if (i >= stock.length) {
          stockExhausted++;
          i %= stock.length;
        }
        return { ...req, path: `/api/app/giftcard/${stock[i]!}/redeem`, headers: authHeaders(side, user) };
      },
      onResponse: (status, body) => {
        if (status === 200) redeemOk++;
        else {
          let message = `${status}`;
          try {
            message = `${status} ${(JSON.parse(body) as { message: string }).message}`;
          } catch {
            // not JSON: the status says it
          }
          refusals[message] = (refusals[message] ?? 0) + 1;
        }
      },
    }),
    ours: [],
    bare: [],
  },
];

try {
  // Every bench user signs in as the app does: an app-audience token.
  for (const user of benchUsers) {
    const res = await fetch(`${server.oursUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password }),
    });
    if (res.status !== 200) throw new Error(`sign-in of ${user.email} answered ${res.status}`);
    user.token = ((await res.json()) as { body: { token: string } }).body.token;
  }
  console.log(`  ${benchUsers.length} app users signed in (app-audience tokens)`);

  // A run lasts `duration` seconds, or (redeem) until `amount` requests are answered: a run cut at
  // its end would leave redeems committed whose answers nobody counted.
  const run = async (side: Side, call: Call, length: { duration: number } | { amount: number }): Promise<Run> => {
    nextUser = 0;
    refusals = {};
    const cpu0 = await server.cpuMicros();
    const result = await cannon({
      url: side === 'ours' ? server.oursUrl : server.bareUrl,
      connections,
      ...length,
      requests: [call.request(side)],
    });
    return { ...result, cpuPerResponse: ((await server.cpuMicros()) - cpu0) / result.responses, refusals };
  };
  for (const call of calls) {
    let length: { duration: number } | { amount: number } = { duration: seconds };
    if (call.key === 'redeem') {
      // Warm-up of a fixed count, then rounds of the count both sides answered in `seconds` at the
      // warm-up's pace (the same for both: the same work per round).
      const pace = [];
      for (const side of ['ours', 'bare'] as const) {
        const w = await run(side, call, { amount: connections * 20 });
        pace.push(w.rps);
        if (w.rps * warmup > connections * 20) await run(side, call, { amount: Math.round(w.rps * warmup) });
      }
      length = { amount: Math.max(connections * 20, Math.round(median(pace) * seconds)) };
    } else {
      await run('ours', call, { duration: warmup });
      await run('bare', call, { duration: warmup });
    }
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const);
      for (const side of order) {
        const result = await run(side, call, length);
        call[side].push(result);
        const unexpected = errorsOf(call, result);
        console.log(
          `  ${call.name} ${side} round ${r + 1}: ${result.rps.toFixed(0)} req/s, ` +
            `server CPU ${result.cpuPerResponse.toFixed(0)} µs/response` +
            (Object.keys(result.refusals).length ? `; refusals ${JSON.stringify(result.refusals)}` : '') +
            (unexpected ? ` (ERRORS: ${unexpected}; statuses ${JSON.stringify(result.statuses)})` : ''),
        );
      }
    }
  }
} finally {
  await server.stop();
}

/** Errors of a run: connection errors and timeouts, and every non-2xx answer that is not an expected refusal. */
function errorsOf(call: Call, r: CannonRun): number {
  let n = r.errors;
  for (const [status, k] of Object.entries(r.statuses))
    if (!(Number(status) >= 200 && Number(status) < 300) && !call.expected.includes(Number(status))) n += k;
  return n;
}

// ---- No double spend: read back from the database.
interface SpendCheck {
  cardsRedeemed: number;
  redeemEntries: number;
  cardsRedeemedTwice: number;
  ownerMismatches: number;
  balanceMismatches: number;
  negativeBalances: number;
  lowestRunningBalance: number;
  successfulAnswers: number;
  stockExhausted: number;
  ok: boolean;
}
let check: SpendCheck;
{
  const database = await demo.open();
  try {
    const ids = benchUsers.map((u) => u.id);
    const [cards] = (
      await database.query<{ redeemed: number; entries: number; twice: number; mismatched: number }>(
        `with e as (
           select ref_id, count(*) as n, min(user_id) as user_id from coin_ledger
           where kind = 'redeem' and ref_id = any($1::int[]) group by ref_id)
         select (select count(*)::int from gift_cards where id = any($1::int[]) and redeemed_at is not null) as redeemed,
           (select coalesce(sum(n), 0)::int from e) as entries,
           (select count(*)::int from e where n > 1) as twice,
           (select count(*)::int from gift_cards g left join e on e.ref_id = g.id
             where g.id = any($1::int[]) and g.redeemed_at is not null
               and (e.user_id is distinct from g.user_id)) as mismatched`,
        [stock],
      )
    ).rows;
    const [balances] = (
      await database.query<{ mismatched: number; negative: number; lowest: number | null }>(
        `with l as (
           select u.id, u.total_coins, coalesce((select sum(amount) from coin_ledger c where c.user_id = u.id), 0) as total,
             coalesce((select sum(amount) from coin_ledger c where c.user_id = u.id and c.id <= $2), 0) as opening
           from users u where u.id = any($1::int[])),
         running as (
           select l.opening + sum(c.amount) over (partition by c.user_id order by c.id) as balance
           from coin_ledger c join l on l.id = c.user_id where c.id > $2)
         select (select count(*)::int from l where total_coins <> total) as mismatched,
           (select count(*)::int from l where total_coins < 0) as negative,
           (select min(balance)::int from running) as lowest`,
        [ids, ledgerBefore],
      )
    ).rows;
    check = {
      cardsRedeemed: cards!.redeemed,
      redeemEntries: cards!.entries,
      cardsRedeemedTwice: cards!.twice,
      ownerMismatches: cards!.mismatched,
      balanceMismatches: balances!.mismatched,
      negativeBalances: balances!.negative,
      lowestRunningBalance: balances!.lowest ?? 0,
      successfulAnswers: redeemOk,
      stockExhausted,
      ok: false,
    };
    check.ok =
      check.cardsRedeemedTwice === 0 &&
      check.ownerMismatches === 0 &&
      check.redeemEntries === check.cardsRedeemed &&
      check.balanceMismatches === 0 &&
      check.negativeBalances === 0 &&
      check.lowestRunningBalance >= 0 &&
      check.successfulAnswers === check.cardsRedeemed;
    // The stock nobody took leaves with the run.
    await database.query(
      'delete from gift_cards where id = any($1::int[]) and user_id is null and redeemed_at is null',
      [stock],
    );
  } finally {
    await database.close();
  }
  await demo.dispose();
}

function summary(call: Call, runs: Run[]) {
  const latencies = runs.flatMap((r) => r.latencies);
  const statuses: Record<string, number> = {};
  const refused: Record<string, number> = {};
  for (const r of runs) {
    for (const [code, n] of Object.entries(r.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
    for (const [m, n] of Object.entries(r.refusals)) refused[m] = (refused[m] ?? 0) + n;
  }
  const expected = Object.entries(statuses)
    .filter(([s]) => call.expected.includes(Number(s)))
    .reduce((n, [, k]) => n + k, 0);
  return {
    rps: median(runs.map((r) => r.rps)),
    roundsRps: runs.map((r) => round(r.rps, 0)),
    cpuPerResponse: median(runs.map((r) => r.cpuPerResponse)),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    responses: latencies.length,
    statuses,
    refused,
    expectedRefusals: expected,
    errors: runs.reduce((n, r) => n + errorsOf(call, r), 0),
    connectionErrors: runs.reduce((n, r) => n + r.errors, 0),
    timeouts: runs.reduce((n, r) => n + r.timeouts, 0),
  };
}

const table: Record<string, Record<string, string>> = {};
const figures: Record<string, unknown> = {};
const summaryRows: SummaryRow[] = [];
let totalErrors = 0;
for (const call of calls) {
  const ours = summary(call, call.ours);
  const bare = summary(call, call.bare);
  totalErrors += ours.errors + bare.errors;
  const r = ours.rps / bare.rps;
  const clean = ours.errors + bare.errors === 0;
  for (const [side, s] of [
    ['ours', ours],
    ['bare', bare],
  ] as const) {
    table[`${call.name} — ${side}`] = {
      'req/s': s.rps.toFixed(0),
      p50: ms(s.p50),
      p99: ms(s.p99),
      'server CPU / response': `${s.cpuPerResponse.toFixed(0)} µs`,
      errors: String(s.errors),
      'refusals (4xx of the contract)': call.expected.length ? `${s.expectedRefusals} of ${count(s.responses)}` : '',
      'ours / bare': side === 'ours' ? (r < GOAL && r >= GOAL - 0.005 ? `${r.toFixed(3)}×` : ratio(r)) : '',
      goal: side === 'ours' ? `≥ ${GOAL}×` : '',
      verdict: side === 'ours' ? verdict(r >= GOAL) : '',
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
    refusals: s.refused,
    errors: s.errors,
    connectionErrors: s.connectionErrors,
    timeouts: s.timeouts,
  });
  const refusalNote = call.expected.length
    ? `, ${((100 * ours.expectedRefusals) / Math.max(1, ours.responses)).toFixed(1)} % refused (409)`
    : '';
  summaryRows.push({
    figure: `app: ${call.name} (${count(users)} users, ${connections} app users)`,
    value:
      `${ours.rps.toFixed(0)} req/s, p50 ${ms(ours.p50)}, p99 ${ms(ours.p99)}, ` +
      `${ours.cpuPerResponse.toFixed(0)} µs CPU/response${refusalNote}${clean ? '' : ' WITH ERRORS'}`,
    baseline: `bare Fastify + same service: ${bare.rps.toFixed(0)} req/s, ${bare.cpuPerResponse.toFixed(0)} µs CPU/response`,
    ratio: ratio(r),
    goal: `≥ ${GOAL}×`,
    met: r >= GOAL,
  });
  figures[call.key] = {
    call: call.name,
    ours: fig(ours),
    bare: fig(bare),
    ratio: round(r, 2),
    goal: GOAL,
    met: r >= GOAL,
  };
}
summaryRows.push({
  figure: `app: errors (connection errors, timeouts, 5xx, unexpected 4xx) over the three calls`,
  value: String(totalErrors),
  baseline: '',
  ratio: '',
  goal: '0',
  met: totalErrors === 0,
});
summaryRows.push({
  figure: 'app: no double spend after the redeem run (database check)',
  value:
    `${count(check.successfulAnswers)} redeem 200s = ${count(check.cardsRedeemed)} cards redeemed; ` +
    `${check.cardsRedeemedTwice} redeemed twice; ${check.balanceMismatches} balances ≠ ledger sum; ` +
    `lowest balance ${check.lowestRunningBalance}`,
  baseline: '',
  ratio: '',
  goal: 'no double spend',
  met: check.ok,
});

console.log(
  `\nThe app's hot calls (database: ${benchDriver}; ${count(users)} users; ${connections} app users; ` +
    `req/s: median of ${rounds} × ${seconds} s; p50/p99 over every response)`,
);
console.table(table);
console.log(
  `  redeem: ${count(check.successfulAnswers)} successful answers, ${count(check.cardsRedeemed)} stock cards redeemed, ` +
    `${check.redeemEntries} redeem entries, ${check.cardsRedeemedTwice} cards redeemed twice, ${check.ownerMismatches} ` +
    `owners ≠ entry, ${check.balanceMismatches} balances ≠ ledger sum, ${check.negativeBalances} negative, lowest ` +
    `running balance ${check.lowestRunningBalance}${check.stockExhausted ? `; STOCK RAN OUT for ${check.stockExhausted} requests` : ''}` +
    ` — no double spend ${verdict(check.ok)}`,
);
console.log(`  errors over the three calls: ${totalErrors} ${verdict(totalErrors === 0)}`);
await recordSection(
  'app',
  {
    users,
    connections,
    rounds,
    roundSeconds: seconds,
    warmupSeconds: warmup,
    logLevel: server.logLevel,
    stockSize,
    poorUsers,
    inboxQuery,
    baseline:
      'bare fastify() routes calling the same service functions (recordSteps, listInbox, redeemGiftCard) on the same Drizzle handle and pg pool / PGlite; no auth, schemas, logger or rate limit',
    rateLimit: 'ours: APP_RATE_LIMIT_PER_MINUTE 100000 (counted on every call, never reached)',
    ...figures,
    doubleSpend: check,
  },
  summaryRows,
);
