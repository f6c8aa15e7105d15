// `npx tsx bench/audit.ts [--small N] [--entries N]` — the Activity screen's list (GET /api/audit,
// docs/operations/audit-log.md "Reading the log") on a small and a large audit log:
//   the log filled with `--small` entries (default 100,000), then grown to `--entries` (default
//   10,000,000), each by `insert … select … from generate_series` (filler hashes: this measures
//   the list, not the chain, and the append-only trigger refuses only UPDATE, DELETE, TRUNCATE);
//   p50 / p95 over real HTTP of the first page unfiltered, by admin, by record, and by action in
//   a day's window; the figure: p95 at the large size as a ratio to the small (goal: at most 2×).
// The entries: 50 admins, the contract's actions and record types in turn, 5,000 record ids per type,
// one every 3 seconds from 2025-01-01 (10 M entries span 347 days). The window is the last day of
// filler, so it holds as many entries at either size.
// Database: PostgreSQL when DATABASE_URL is set, else PGlite; a throw-away demo database of 1,000
// users (bench/lib/demo.ts; BENCH_REUSE=1 keeps it, and its entries, between runs).
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { auditActions, auditEntities } from '@strideadmin/contract';
import type { Database } from '../apps/api/src/db/client.js';
import { demoDatabase, type ListFigures, roundRobin, serveDemo } from './lib/demo.js';
import { benchDriver, recordSection, type SummaryRow } from './lib/results.js';
import { count, ms, ratio, round, verdict } from './lib/stats.js';

const { values } = parseArgs({ options: { small: { type: 'string' }, entries: { type: 'string' } } });
const size = (v: string | undefined, fallback: number) => Number((v ?? String(fallback)).replace(/[_,]/g, ''));
const SMALL = size(values.small, 100_000);
const LARGE = size(values.entries, 10_000_000);
const WARMUP = 20;
const SAMPLES = 200;
const GOAL = 2;
const CHUNK = 1_000_000;
const base = Date.parse('2025-01-01T00:00:00Z');
const stepMs = 3_000;

// The filler cycles through the contract's own lists (what the Activity screen filters by).
const actions = [...auditActions];
const entities = [...auditEntities];
const list = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

/** Filler entries `from`..`to` (1-based positions in the log). */
function fill(from: number, to: number) {
  return sql.raw(`
    insert into audit_entries (at, actor_id, actor_name, actor_email, action, entity, entity_id, changes,
      client_ip, user_agent, request_id, prev_hash, hash)
    select timestamptz '2025-01-01 00:00:00+00' + i * interval '3 seconds',
      1 + (i * 7) % 50, 'Admin ' || (1 + (i * 7) % 50), 'admin' || (1 + (i * 7) % 50) || '@bench.test',
      (${list(actions)})[1 + i % ${actions.length}], (${list(entities)})[1 + i % ${entities.length}], ((i / ${entities.length}) % 5000)::text,
      jsonb_build_object('name', jsonb_build_object('before', 'Old ' || i, 'after', 'New ' || i)),
      '203.0.113.' || (i % 250), 'bench-audit', 'bench-' || i, md5((i - 1)::text), md5(i::text)
    from generate_series(${from}, ${to}) as i`);
}

async function grow(database: Database, target: number) {
  const result = await database.query<{ n: number }>(
    "select count(*)::int as n from audit_entries where user_agent = 'bench-audit'",
    [],
  );
  const row = result.rows[0];
  let have = row?.n ?? 0;
  if (have > target)
    // Entries cannot be removed (append-only): a baseline measured here would be at `have`, not `target`.
    throw new Error(
      `The kept bench log holds ${count(have)} entries, more than the ${count(target)} asked for: run without BENCH_REUSE=1 (a fresh log).`,
    );
  if (have === target) {
    console.log(`  ${count(have)} filler entries already there (BENCH_REUSE=1)`);
    return;
  }
  const t0 = performance.now();
  while (have < target) {
    const to = Math.min(target, have + CHUNK);
    await database.db.execute(fill(have + 1, to));
    have = to;
    process.stdout.write(`\r  ${count(have)} entries (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await database.db.execute(sql`vacuum analyze audit_entries`);
  console.log(
    `\n  filled to ${count(target)} in ${((performance.now() - t0) / 1000).toFixed(1)} s (with vacuum analyze)`,
  );
}

/** The last day of `n` filler entries, as the portal sends it. */
function lastDay(n: number) {
  const to = new Date(base + n * stepMs);
  const from = new Date(to.getTime() - 86_400_000);
  return `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
}

const calls = (n: number) =>
  [
    { key: 'list', label: 'GET /audit?page=1&limit=20', query: 'page=1&limit=20' },
    { key: 'actor', label: '… &actorId=7', query: 'page=1&limit=20&actorId=7' },
    { key: 'record', label: '… &entity=user&entityId=42', query: 'page=1&limit=20&entity=user&entityId=42' },
    {
      key: 'actionDay',
      label: '… &action=update&from=…&to=… (a day)',
      query: `page=1&limit=20&action=update&${lastDay(n)}`,
    },
  ] as const;
type Key = ReturnType<typeof calls>[number]['key'];
type Figures = Record<Key, ListFigures>;

async function measure(database: Database, n: number): Promise<Figures> {
  const server = await serveDemo(database, 'audit');
  try {
    const figures = await roundRobin(
      server,
      calls(n).map((c) => ({ key: c.key, path: `/api/audit?${c.query}` })),
      WARMUP,
      SAMPLES,
    );
    for (const call of calls(n)) if (figures[call.key].rows === 0) console.warn(`  ${call.label}: no rows`);
    return figures;
  } finally {
    await server.close();
  }
}

console.log(`\nThe audit log's list on ${benchDriver}: ${count(SMALL)} vs ${count(LARGE)} entries`);
const demo = await demoDatabase(1_000);
const database = await demo.open();
let small: Figures;
let large: Figures;
let fillSeconds = 0;
try {
  await grow(database, SMALL);
  small = await measure(database, SMALL);
  const t0 = performance.now();
  await grow(database, LARGE);
  fillSeconds = (performance.now() - t0) / 1000;
  large = await measure(database, LARGE);
} finally {
  await database.close();
  await demo.dispose();
}

const shown = (f: Figures[Key]) => `${count(f.count)}${f.countCapped ? '+' : ''}`;
const table: Record<string, Record<string, string>> = {};
const summary: SummaryRow[] = [];
for (const call of calls(LARGE)) {
  const s = small[call.key];
  const l = large[call.key];
  const r50 = l.p50 / s.p50;
  const r95 = l.p95 / s.p95;
  table[call.label] = {
    [`p50 ${count(SMALL)}`]: ms(s.p50),
    [`p50 ${count(LARGE)}`]: ms(l.p50),
    [`p95 ${count(SMALL)}`]: ms(s.p95),
    [`p95 ${count(LARGE)}`]: ms(l.p95),
    'ratio p95': ratio(r95),
    count: `${shown(s)} → ${shown(l)}`,
    goal: `≤ ${GOAL}× ${verdict(r95 <= GOAL)}`,
  };
  summary.push({
    figure: `audit ${call.label} at ${count(LARGE)} entries, p50 / p95`,
    value: `${ms(l.p50)} / ${ms(l.p95)}`,
    baseline: `${ms(s.p50)} / ${ms(s.p95)} at ${count(SMALL)}`,
    ratio: `${ratio(r50)} / ${ratio(r95)}`,
    goal: `p95 ≤ ${GOAL}×`,
    met: r95 <= GOAL,
  });
}
console.log(
  `\nGET /api/audit over real HTTP (${SAMPLES} sequential calls each, round-robin, after ${WARMUP} warm-up rounds):`,
);
console.table(table);
await recordSection(
  'audit',
  {
    small: SMALL,
    large: LARGE,
    samples: SAMPLES,
    goalRatio: GOAL,
    fillSeconds: round(fillSeconds),
    smallFigures: small,
    largeFigures: large,
  },
  summary,
);
