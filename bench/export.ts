// `npx tsx bench/export.ts [--users N] [--runs R]` — the User list's CSV export (docs/behaviour.md
// §12 Export) of every user of the demo data (default 1,000,000) over real HTTP, read to the end
// by curl (no compression asked, as a browser's download would not be re-encoded by a proxy):
//   - time, beside a baseline taken in the same process on the same pool in the same run: a bare
//     `COPY (SELECT <the same columns> FROM users JOIN roles ... ORDER BY ...) TO STDOUT` read to
//     its end (goal: the export at most 2× the baseline);
//   - the server process's peak RSS growth while exporting, sampled every 10 ms (goal: flat, under
//     64 MB however many users).
// Best of R runs each (default 3), baseline and export interleaved. Database: PostgreSQL when
// DATABASE_URL is set (the goals are set for it), else PGlite (export in batches; no COPY
// baseline). BENCH_REUSE=1 keeps the seeded demo data between runs (bench/lib/demo.ts).
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import type { Database } from '../apps/api/src/db/client.js';
import { demoDatabase, serveDemo } from './lib/demo.js';
import { benchDriver, recordSection, type SummaryRow } from './lib/results.js';
import { count, ms, ratio, round, verdict } from './lib/stats.js';

const { values } = parseArgs({ options: { users: { type: 'string' }, runs: { type: 'string' } } });
const USERS = Number((values.users ?? '1000000').replace(/[_,]/g, ''));
const RUNS = Number(values.runs ?? '3');
const TIME_GOAL = 2;
const RSS_GOAL_MB = 64;

const mb = (bytes: number) => bytes / (1024 * 1024);

/** Runs `work` while sampling this process's RSS every 10 ms: its time, and the peak growth over the RSS at the start. */
async function sampled<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; rssGrowth: number }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  const t0 = performance.now();
  try {
    const value = await work();
    const elapsed = performance.now() - t0;
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, ms: elapsed, rssGrowth: peak - start };
  } finally {
    clearInterval(timer);
  }
}

/** The baseline: a bare COPY of the same columns and order, read to its end on the same pool. */
async function copyBaseline(database: Database): Promise<number> {
  let bytes = 0;
  const stream = database.copyOut!(
    `select u.id, u.name, u.email, r.name, u.total_coins, u.is_active, u.created_at
     from users u inner join roles r on r.id = u.role_id order by u.created_at desc, u.id desc`,
    [],
  );
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  return bytes;
}

/** GET /api/users/export read to its end by curl, in a process of its own: the bytes received. */
function curlExport(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('curl', [
      '-sS',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code} %{size_download}',
      '-H',
      `authorization: Bearer ${token}`,
      url,
    ]);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => process.stderr.write(d));
    child.on('error', reject);
    child.on('close', () => {
      const [status, size] = out.trim().split(' ');
      if (status !== '200') reject(new Error(`export answered ${status}`));
      else resolve(Number(size));
    });
  });
}

console.log(`\nCSV export of ${count(USERS)} users on ${benchDriver}`);
const demo = await demoDatabase(USERS);
const database = await demo.open();
const server = await serveDemo(database, 'export');
try {
  const { base, token } = server;
  const url = `${base}/api/users/export`;

  const copies: Array<{ ms: number; rssGrowth: number; bytes: number }> = [];
  const exports: Array<{ ms: number; rssGrowth: number; bytes: number }> = [];
  for (let run = 0; run < RUNS; run++) {
    if (database.copyOut) {
      const c = await sampled(() => copyBaseline(database));
      copies.push({ ms: c.ms, rssGrowth: c.rssGrowth, bytes: c.value });
    }
    const e = await sampled(() => curlExport(url, token));
    exports.push({ ms: e.ms, rssGrowth: e.rssGrowth, bytes: e.value });
    const copy = copies[run];
    console.log(
      `  run ${run + 1}: export ${ms(e.ms)} (${(mb(e.value) | 0).toLocaleString('en-US')} MB, RSS +${mb(e.rssGrowth).toFixed(1)} MB)` +
        (copy ? `, COPY baseline ${ms(copy.ms)} (${(mb(copy.bytes) | 0).toLocaleString('en-US')} MB)` : ''),
    );
  }
  const best = (xs: typeof exports) => xs.reduce((a, b) => (b.ms < a.ms ? b : a));
  const exportBest = best(exports);
  const copyBest = copies.length ? best(copies) : undefined;
  const peakGrowth = Math.max(...exports.map((e) => e.rssGrowth));
  const timeRatio = copyBest ? exportBest.ms / copyBest.ms : NaN;

  const summary: SummaryRow[] = [
    {
      figure: `export ${count(USERS)} users as CSV over HTTP`,
      value: ms(exportBest.ms),
      baseline: copyBest ? `${ms(copyBest.ms)} bare COPY` : '—',
      ratio: copyBest ? ratio(timeRatio) : '—',
      goal: copyBest ? `≤ ${TIME_GOAL}×` : '—',
      met: copyBest ? timeRatio <= TIME_GOAL : null,
    },
    {
      figure: `export ${count(USERS)} users: peak RSS growth of the server`,
      value: `${mb(peakGrowth).toFixed(1)} MB`,
      baseline: copyBest ? `${mb(Math.max(...copies.map((c) => c.rssGrowth))).toFixed(1)} MB bare COPY` : '—',
      ratio: '—',
      goal: `< ${RSS_GOAL_MB} MB`,
      met: mb(peakGrowth) < RSS_GOAL_MB,
    },
  ];
  console.table(
    Object.fromEntries(
      summary.map((r) => [
        r.figure,
        {
          value: r.value,
          baseline: r.baseline,
          ratio: r.ratio,
          goal: r.goal,
          met: r.met === null ? '' : verdict(r.met),
        },
      ]),
    ),
  );
  await recordSection(
    'export',
    {
      users: USERS,
      runs: RUNS,
      exportMs: exports.map((e) => round(e.ms)),
      copyBaselineMs: copies.map((c) => round(c.ms)),
      exportBytes: exportBest.bytes,
      copyBytes: copyBest?.bytes,
      peakRssGrowthMb: round(mb(peakGrowth)),
      goals: { timeRatio: TIME_GOAL, rssGrowthMb: RSS_GOAL_MB },
    },
    summary,
  );
} finally {
  await server.close();
  await database.close();
  await demo.dispose();
}
