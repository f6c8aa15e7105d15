// `npx tsx bench/lists.ts [--small N] [--large N]` — demo data at scale and large lists (with
// the seed's own timing):
//   1. the seed of the large demo data itself (per phase, users per second);
//   2. the User list's calls on the small (10,000 users) and the large (1,000,000 users) demo
//      data: p50 / p95 over real HTTP, and the large figure as a ratio to the small one (goal:
//      under 2× for the list and a name filter).
// Database: PostgreSQL when DATABASE_URL is set, else PGlite (in this process). Never fails.
import { parseArgs } from 'node:util';
import { type DemoDatabase, demoDatabase, type ListFigures, roundRobin, serveDemo } from './lib/demo.js';
import { benchDriver, recordSection, type SummaryRow } from './lib/results.js';
import { count, ms, ratio, verdict } from './lib/stats.js';

const { values } = parseArgs({ options: { small: { type: 'string' }, large: { type: 'string' } } });
const size = (v: string | undefined, fallback: number) => Number((v ?? String(fallback)).replace(/[_,]/g, ''));
const SMALL = size(values.small, 10_000);
const LARGE = size(values.large, 1_000_000);
const WARMUP = 30;
const SAMPLES = 200;
const GOAL = 2;

/** The calls measured: the list and a name filter carry the goal; the others are context. */
const calls = [
  { key: 'list', label: 'GET /users?page=1&limit=20', query: 'page=1&limit=20', goal: true },
  { key: 'nameCommon', label: '… &name=son (36 % of users)', query: 'page=1&limit=20&name=son', goal: true },
  { key: 'nameRare', label: '… &name=astrid (0.8 %)', query: 'page=1&limit=20&name=astrid', goal: false },
  { key: 'sortName', label: '… &sort=name&order=asc', query: 'page=1&limit=20&sort=name&order=asc', goal: false },
  { key: 'page100', label: '… &page=100', query: 'page=100&limit=20', goal: false },
] as const;
type Key = (typeof calls)[number]['key'];
type Figures = Record<Key, ListFigures>;

async function measure(demo: DemoDatabase): Promise<Figures> {
  const database = await demo.open();
  const server = await serveDemo(database, 'lists');
  try {
    return await roundRobin(
      server,
      calls.map((c) => ({ key: c.key, path: `/api/users?${c.query}` })),
      WARMUP,
      SAMPLES,
    );
  } finally {
    await server.close();
    await database.close();
  }
}

console.log(`\nLarge lists on ${benchDriver}: ${count(SMALL)} vs ${count(LARGE)} users`);
const small = await demoDatabase(SMALL);
const smallFigures = await measure(small).finally(() => small.dispose());
const large = await demoDatabase(LARGE);
const largeFigures = await measure(large).finally(() => large.dispose());

const seed = large.seedSummary;
if (seed) {
  console.log(
    `\nSeed of ${count(LARGE)} demo users on ${benchDriver}: ${(seed.totalMs / 1000).toFixed(1)} s ` +
      `(${count(Math.round(LARGE / (seed.totalMs / 1000)))} users/s)`,
  );
  console.table(Object.fromEntries(seed.phases.map((p) => [p.name, { time: `${(p.ms / 1000).toFixed(1)} s` }])));
}

const shown = (f: Figures[Key]) => `${count(f.count)}${f.countCapped ? '+' : ''}`;
const table: Record<string, Record<string, string>> = {};
const summary: SummaryRow[] = [];
for (const call of calls) {
  const s = smallFigures[call.key];
  const l = largeFigures[call.key];
  const r50 = l.p50 / s.p50;
  const r95 = l.p95 / s.p95;
  table[call.label] = {
    [`p50 ${count(SMALL)}`]: ms(s.p50),
    [`p50 ${count(LARGE)}`]: ms(l.p50),
    'ratio p50': ratio(r50),
    [`p95 ${count(SMALL)}`]: ms(s.p95),
    [`p95 ${count(LARGE)}`]: ms(l.p95),
    'ratio p95': ratio(r95),
    count: `${shown(s)} → ${shown(l)}`,
    goal: call.goal ? `< ${GOAL}× ${verdict(r50 < GOAL && r95 < GOAL)}` : '—',
  };
  summary.push({
    figure: `list ${call.label} at ${count(LARGE)} users, p50 / p95`,
    value: `${ms(l.p50)} / ${ms(l.p95)}`,
    baseline: `${ms(s.p50)} / ${ms(s.p95)} at ${count(SMALL)}`,
    ratio: `${ratio(r50)} / ${ratio(r95)}`,
    goal: call.goal ? `< ${GOAL}×` : '—',
    met: call.goal ? r50 < GOAL && r95 < GOAL : null,
  });
}
console.log(
  `\nThe User list over real HTTP (${SAMPLES} sequential calls each, round-robin, after ${WARMUP} warm-up rounds):`,
);
console.table(table);

if (seed) {
  summary.unshift({
    figure: `seed ${count(LARGE)} demo users`,
    value: `${(seed.totalMs / 1000).toFixed(1)} s`,
    baseline: '—',
    ratio: '—',
    goal: '—',
    met: null,
  });
  await recordSection('seed', {
    users: LARGE,
    totalMs: Math.round(seed.totalMs),
    usersPerSecond: Math.round(LARGE / (seed.totalMs / 1000)),
    phasesMs: Object.fromEntries(seed.phases.map((p) => [p.name, Math.round(p.ms)])),
    rows: seed.rows,
  });
}
await recordSection(
  'largeLists',
  { small: SMALL, large: LARGE, samples: SAMPLES, goalRatio: GOAL, smallFigures, largeFigures },
  summary,
);
