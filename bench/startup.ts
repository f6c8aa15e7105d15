// `npx tsx bench/startup.ts` — start-up: from spawning `node scripts/start.mjs`
// (what `npm start` runs; the portal is built once beforehand, not timed) to the first 200 from
// GET /api/health, polled every 20 ms:
//   cold: a new empty DATA_DIR (PGlite: initdb, migrations, first administrator, JWT secret) or,
//         with DATABASE_URL, a new empty PostgreSQL database (migrations, first administrator);
//   warm: the same DATA_DIR / database again.
// Baselines in the same run, measured the same way: a bare node:http server under `node` (what
// Node itself costs) and under `node --import tsx` (what loading TypeScript through tsx costs).
// Median of 3 each, the kinds interleaved; SIGTERM and the exit awaited between runs. Then one
// cold and one warm start under --cpu-prof, summarised: where the start-up's CPU time goes.
// Never fails: it prints.
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { spawnSync } from 'node:child_process';
import { ensurePortalBuilt, freePort, portalWasBuilt, root, serverEnv, startServer } from './lib/child.js';
import { summariseProfile, type ProfileSummary } from './lib/cpuprofile.js';
import { benchDriver, recordSection } from './lib/results.js';
import { median, ms, ratio, round } from './lib/stats.js';

const RUNS = 3;
const serverUrl = process.env.DATABASE_URL;
const work = await mkdtemp(path.join(tmpdir(), 'strideadmin-bench-startup-'));
const databases: string[] = [];

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new empty place for the server's data: a DATA_DIR, and on PostgreSQL a new database. */
async function freshPlace(label: string): Promise<Record<string, string | undefined>> {
  const dataDir = await mkdtemp(path.join(work, `${label}-`));
  if (!serverUrl) return { DATA_DIR: dataDir };
  const name = `strideadmin_bench_startup_${process.pid}_${databases.length}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  databases.push(name);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return { DATA_DIR: dataDir, DATABASE_URL: u.toString() };
}

const bareJs = path.join(work, 'bare.mjs');
const bareTs = path.join(work, 'bare.ts');
const bareSource = (ts: boolean) =>
  `import http from 'node:http';\n` +
  `http.createServer((_req${ts ? ': http.IncomingMessage' : ''}, res${ts ? ': http.ServerResponse' : ''}) => res.end('{"status":"ok"}'))` +
  `.listen(Number(process.env.PORT), process.env.HOST);\n` +
  `process.on('SIGTERM', () => process.exit(0));\n`;
await writeFile(bareJs, bareSource(false));
await writeFile(bareTs, bareSource(true));

/**
 * One start to the first 200 and its stop. A run during which start.mjs rebuilt the portal
 * (another person's edit landed in apps/web meanwhile) is not a start-up figure: built and redone.
 */
async function timeStart(opts: { env: Record<string, string | undefined>; script?: string; nodeArgs?: string[] }) {
  for (let attempt = 0; ; attempt++) {
    ensurePortalBuilt();
    const server = await startServer(opts);
    const t = server.readyAt - server.spawnedAt;
    const stopping = performance.now();
    await server.stop();
    const stopMs = performance.now() - stopping;
    if (!portalWasBuilt(server.output()) || attempt >= 3) return { t, stopMs };
    console.log('  (the portal was rebuilt during a start: run again)');
  }
}

console.log(
  `\nStart-up: node scripts/start.mjs → first 200 from /api/health (database: ${benchDriver === 'postgres' ? 'PostgreSQL, a new database per cold start' : 'PGlite in a new DATA_DIR per cold start'}; median of ${RUNS})`,
);
ensurePortalBuilt();
const t = { node: [] as number[], tsx: [] as number[], cold: [] as number[], warm: [] as number[] };
const stops: number[] = [];
const coldNoCache: number[] = [];
let profiles: { cold: ProfileSummary; warm: ProfileSummary } | undefined;
let phases: { cold: Record<string, number>; warm: Record<string, number> } | undefined;
try {
  // A first start of each kind, not counted: the OS file cache and tsx's transform cache warm up.
  await timeStart({ env: {}, script: bareJs });
  await timeStart({ env: {}, script: bareTs, nodeArgs: ['--import', 'tsx'] });
  await timeStart({ env: await freshPlace('warmup') });

  for (let run = 0; run < RUNS; run++) {
    t.node.push((await timeStart({ env: {}, script: bareJs })).t);
    t.tsx.push((await timeStart({ env: {}, script: bareTs, nodeArgs: ['--import', 'tsx'] })).t);
    const place = await freshPlace(`run${run}`);
    t.cold.push((await timeStart({ env: place })).t);
    const warm = await timeStart({ env: place });
    t.warm.push(warm.t);
    stops.push(warm.stopMs);
    // A first `npm start` after install also has tsx's transform cache empty.
    coldNoCache.push((await timeStart({ env: { ...(await freshPlace(`nocache${run}`)), TSX_DISABLE_CACHE: '1' } })).t);
  }

  // Where the time goes, 1: the steps of server.ts timed one by one (bench/lib/startup-phases.ts).
  const phasesOf = async (env: Record<string, string | undefined>) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/lib/startup-phases.ts')], {
      cwd: root,
      env: serverEnv(await freePort(), env),
      encoding: 'utf8',
    });
    const line = r.stdout.trim().split('\n').at(-1) ?? '';
    if (r.status !== 0 || !line.startsWith('{')) throw new Error(`startup-phases failed:\n${r.stderr}`);
    return JSON.parse(line) as Record<string, number>;
  };
  const phasePlace = await freshPlace('phases');
  phases = { cold: await phasesOf(phasePlace), warm: await phasesOf(phasePlace) };

  // Where the time goes, 2: one cold and one warm start under the V8 CPU profiler (main thread,
  // up to the first 200), self time by package.
  const profileOf = async (label: string, place: () => Promise<Record<string, string | undefined>>) => {
    for (let attempt = 0; ; attempt++) {
      ensurePortalBuilt();
      const dir = path.join(work, `profile-${label}-${attempt}`);
      const server = await startServer({
        env: await place(),
        nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=250'],
      });
      const until = server.readyAt - server.spawnedAt;
      await server.stop();
      if (portalWasBuilt(server.output()) && attempt < 3) continue;
      const files = await readdir(dir);
      const sizes = await Promise.all(files.map(async (f) => ({ f, size: (await stat(path.join(dir, f))).size })));
      const main = sizes.sort((a, b) => b.size - a.size)[0]!.f; // the main thread's profile
      return summariseProfile(path.join(dir, main), until, 10);
    }
  };
  let profilePlace: Record<string, string | undefined> = {};
  const cold = await profileOf('cold', async () => (profilePlace = await freshPlace('profile')));
  profiles = { cold, warm: await profileOf('warm', () => Promise.resolve(profilePlace)) };
} finally {
  for (const name of databases) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  await rm(work, { recursive: true, force: true });
}

const m = { node: median(t.node), tsx: median(t.tsx), cold: median(t.cold), warm: median(t.warm) };
const noCache = median(coldNoCache);
console.table({
  'cold (new data)': {
    time: ms(m.cold),
    'vs node': ratio(m.cold / m.node),
    'vs node --import tsx': ratio(m.cold / m.tsx),
  },
  'warm (same data again)': {
    time: ms(m.warm),
    'vs node': ratio(m.warm / m.node),
    'vs node --import tsx': ratio(m.warm / m.tsx),
  },
  'cold, tsx cache empty too': {
    time: ms(noCache),
    'vs node': ratio(noCache / m.node),
    'vs node --import tsx': ratio(noCache / m.tsx),
  },
  'baseline: bare node:http': { time: ms(m.node), 'vs node': '1.00×', 'vs node --import tsx': '' },
  'baseline: same under node --import tsx': {
    time: ms(m.tsx),
    'vs node': ratio(m.tsx / m.node),
    'vs node --import tsx': '1.00×',
  },
});
console.log(`  SIGTERM → exit after a warm start: ${ms(median(stops))}.`);
if (phases) {
  const { cold, warm } = phases;
  console.log('  The steps of server.ts one by one (bench/lib/startup-phases.ts; one cold, one warm start):');
  console.table(
    Object.fromEntries(Object.keys(cold).map((k) => [k, { cold: ms(cold[k]!), warm: ms(warm[k] ?? NaN) }])),
  );
}
if (profiles) {
  const { cold, warm } = profiles;
  console.log(
    `  CPU profile to the first 200, self time by package (main thread: cold ${ms(cold.totalMs)}, warm ${ms(warm.totalMs)} of CPU):`,
  );
  const rows: Record<string, { cold: string; warm: string }> = {};
  for (const b of [...cold.buckets, ...warm.buckets]) {
    rows[b.where] ??= {
      cold: ms(cold.buckets.find((x) => x.where === b.where)?.ms ?? 0),
      warm: ms(warm.buckets.find((x) => x.where === b.where)?.ms ?? 0),
    };
  }
  console.table(rows);
}
await recordSection(
  'startup',
  {
    runs: RUNS,
    pollEveryMs: 20,
    coldMs: round(m.cold),
    warmMs: round(m.warm),
    coldTsxCacheEmptyMs: round(noCache),
    bareNodeMs: round(m.node),
    bareNodeTsxMs: round(m.tsx),
    coldRatioToNode: round(m.cold / m.node, 2),
    warmRatioToNode: round(m.warm / m.node, 2),
    coldRatioToTsx: round(m.cold / m.tsx, 2),
    warmRatioToTsx: round(m.warm / m.tsx, 2),
    stopMs: round(median(stops)),
    samples: { ...t, coldNoCache },
    phases: phases && {
      cold: Object.fromEntries(Object.entries(phases.cold).map(([k, v]) => [k, round(v)])),
      warm: Object.fromEntries(Object.entries(phases.warm).map(([k, v]) => [k, round(v)])),
    },
    profile: profiles && {
      cold: {
        cpuMs: round(profiles.cold.totalMs),
        buckets: profiles.cold.buckets.map((b) => ({ ...b, ms: round(b.ms) })),
      },
      warm: {
        cpuMs: round(profiles.warm.totalMs),
        buckets: profiles.warm.buckets.map((b) => ({ ...b, ms: round(b.ms) })),
      },
    },
  },
  [
    {
      figure: 'npm start → first 200 from /api/health, cold (new data)',
      value: ms(m.cold),
      baseline: `bare node:http: ${ms(m.node)}; under node --import tsx: ${ms(m.tsx)}`,
      ratio: `${ratio(m.cold / m.node)} / ${ratio(m.cold / m.tsx)}`,
      goal: '—',
      met: null,
    },
    {
      figure: 'npm start → first 200 from /api/health, warm (same data)',
      value: ms(m.warm),
      baseline: `bare node:http: ${ms(m.node)}; under node --import tsx: ${ms(m.tsx)}`,
      ratio: `${ratio(m.warm / m.node)} / ${ratio(m.warm / m.tsx)}`,
      goal: '—',
      met: null,
    },
  ],
);
