// `npx tsx bench/startup.ts` — start-up of the compiled server, from spawn to the first 200 from
// GET /api/health, polled every 20 ms:
//   server: `node apps/api/dist/server.js`, what the image runs and a supervisor starts
//           (docs/operations/container.md): the goal figures (≤ 1 s cold, ≤ 500 ms warm);
//   npm start: `node scripts/start.mjs`, which first checks that the builds are fresh (a hash of
//           their sources) and then runs the same server in its own process;
//   cold: a new empty DATA_DIR (PGlite: the build's template database, first administrator, JWT
//         secret) or, with DATABASE_URL, a new empty PostgreSQL database (migrations, first
//         administrator); warm: the same DATA_DIR / database again.
// Beside each, the process's CPU time (user + system, all its threads) at that first 200, which
// moves less than wall-clock time on a busy machine. Baseline in the same run, measured the same
// way: a bare node:http server (what Node itself costs). Median of 7 each, the kinds interleaved;
// SIGTERM and the exit awaited between runs. Then one cold and one warm start of the server under
// --cpu-prof, summarised: where the start-up's CPU time goes. The portal is built once beforehand,
// not timed. Never fails: it prints.
// The image runs the server on Node 24 (the Dockerfile's NODE_IMAGE), which has Node's compile cache
// (apps/api/src/server.ts turns it on); when this machine's Node is older, the server's cold and
// warm starts and the bare baseline are also measured on Node 24: BENCH_IMAGE_NODE=<path to a node
// binary>, else the one `npx -y node@24` gives (from the npm registry's cache); skipped, saying so,
// when neither is at hand.
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { spawnSync } from 'node:child_process';
import { ensurePortalBuilt, freePort, portalWasBuilt, root, serverEnv, startServer } from './lib/child.js';
import { summariseProfile, type ProfileSummary } from './lib/cpuprofile.js';
import { benchDriver, recordSection, type SummaryRow } from './lib/results.js';
import { median, ms, ratio, round } from './lib/stats.js';

const RUNS = 7;
/** The image's Node major version, read from the Dockerfile's `ARG NODE_IMAGE=node:<major>-…`. */
const IMAGE_NODE_MAJOR = Number(
  /^ARG NODE_IMAGE=node:(\d+)/m.exec(readFileSync(path.join(root, 'Dockerfile'), 'utf8'))?.[1] ?? NaN,
);

/** The image's Node when this machine's is older: its path and version, or why there is none. */
function findImageNode(): { path: string; version: string } | { missing: string } | undefined {
  if (Number.isNaN(IMAGE_NODE_MAJOR)) return { missing: 'the Dockerfile names no node:<major> image' };
  if (Number(process.versions.node.split('.')[0]) >= IMAGE_NODE_MAJOR) return undefined; // the machine's own
  const probe = (cmd: string, args: string[]) =>
    spawnSync(cmd, args, { cwd: root, encoding: 'utf8', timeout: 180_000 });
  const given = process.env.BENCH_IMAGE_NODE;
  const r = given
    ? probe(given, ['-p', 'process.execPath + " " + process.version'])
    : probe('npx', ['-y', `node@${IMAGE_NODE_MAJOR}`, '-p', 'process.execPath + " " + process.version']);
  const [found, version] = (r.stdout ?? '').trim().split('\n').at(-1)?.split(' ') ?? [];
  if (r.status !== 0 || !found || !version?.startsWith(`v${IMAGE_NODE_MAJOR}.`))
    return {
      missing: given
        ? `BENCH_IMAGE_NODE=${given} is not Node ${IMAGE_NODE_MAJOR}`
        : `npx -y node@${IMAGE_NODE_MAJOR} failed`,
    };
  return { path: found, version };
}
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
await writeFile(
  bareJs,
  `import http from 'node:http';\n` +
    `http.createServer((_req, res) => res.end('{"status":"ok"}')).listen(Number(process.env.PORT), process.env.HOST);\n` +
    `process.on('SIGTERM', () => process.exit(0));\n`,
);
const serverJs = 'apps/api/dist/server.js';
const startMjs = 'scripts/start.mjs';

/** CPU time (user + system, every thread) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in USER_HZ (100)
  } catch {
    return NaN;
  }
}

/**
 * One start to the first 200 and its stop. A run during which start.mjs rebuilt the portal
 * (another person's edit landed in apps/web meanwhile) is not a start-up figure: built and redone.
 */
async function timeStart(opts: {
  env: Record<string, string | undefined>;
  script?: string;
  nodeArgs?: string[];
  node?: string;
}) {
  for (let attempt = 0; ; attempt++) {
    ensurePortalBuilt();
    const server = await startServer(opts);
    const t = server.readyAt - server.spawnedAt;
    const cpu = cpuMsOf(server.child.pid);
    const stopping = performance.now();
    await server.stop();
    const stopMs = performance.now() - stopping;
    if (!portalWasBuilt(server.output()) || attempt >= 3) return { t, cpu, stopMs };
    console.log('  (the portal was rebuilt during a start: run again)');
  }
}

console.log(
  `\nStart-up: spawn → first 200 from /api/health (database: ${benchDriver === 'postgres' ? 'PostgreSQL, a new database per cold start' : 'PGlite in a new DATA_DIR per cold start'}; median of ${RUNS})`,
);
ensurePortalBuilt();
// The server is run as built: a stale build would be rebuilt by start.mjs inside the timing.
const build = spawnSync(process.execPath, ['scripts/build.mjs', 'api', '--if-stale'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) throw new Error('the API build failed');
const found = findImageNode();
const imageNode = found && 'path' in found ? found : undefined;
if (found && 'missing' in found)
  console.log(`  (not measured on the image's Node ${IMAGE_NODE_MAJOR}: ${found.missing})`);
if (imageNode) console.log(`  and on the image's Node ${imageNode.version} (${imageNode.path})`);
const kinds = ['node', 'cold', 'warm', 'npmCold', 'npmWarm', 'imageBare', 'imageCold', 'imageWarm'] as const;
const t = Object.fromEntries(kinds.map((k) => [k, [] as number[]])) as Record<(typeof kinds)[number], number[]>;
const cpu = Object.fromEntries(kinds.map((k) => [k, [] as number[]])) as Record<(typeof kinds)[number], number[]>;
const stops: number[] = [];
let profiles: { cold: ProfileSummary; warm: ProfileSummary } | undefined;
let phases: { cold: Record<string, number>; warm: Record<string, number> } | undefined;
try {
  // A first start of each kind, not counted: the OS file cache warms up.
  await timeStart({ env: {}, script: bareJs });
  await timeStart({ env: await freshPlace('warmup'), script: serverJs });

  const record = (kind: (typeof kinds)[number], r: { t: number; cpu: number }) => {
    t[kind].push(r.t);
    cpu[kind].push(r.cpu);
  };
  for (let run = 0; run < RUNS; run++) {
    record('node', await timeStart({ env: {}, script: bareJs }));
    const place = await freshPlace(`run${run}`);
    record('cold', await timeStart({ env: place, script: serverJs }));
    const warm = await timeStart({ env: place, script: serverJs });
    record('warm', warm);
    stops.push(warm.stopMs);
    const npmPlace = await freshPlace(`npm${run}`);
    record('npmCold', await timeStart({ env: npmPlace, script: startMjs }));
    record('npmWarm', await timeStart({ env: npmPlace, script: startMjs }));
    if (imageNode) {
      const node = imageNode.path;
      if (run === 0) await timeStart({ env: await freshPlace('imageWarmup'), script: serverJs, node }); // not counted
      record('imageBare', await timeStart({ env: {}, script: bareJs, node }));
      const imagePlace = await freshPlace(`image${run}`);
      record('imageCold', await timeStart({ env: imagePlace, script: serverJs, node }));
      record('imageWarm', await timeStart({ env: imagePlace, script: serverJs, node }));
    }
  }

  // Where the time goes, 1: the steps of serve.ts timed one by one (bench/lib/startup-phases.ts).
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
        script: serverJs,
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

const m = Object.fromEntries(kinds.map((k) => [k, median(t[k])])) as Record<(typeof kinds)[number], number>;
const c = Object.fromEntries(kinds.map((k) => [k, median(cpu[k])])) as Record<(typeof kinds)[number], number>;
const goal = { cold: 1000, warm: 500 };
/** A kind's baseline: the bare server on the same Node. */
const bareOf = (k: (typeof kinds)[number]) => (k.startsWith('image') ? 'imageBare' : 'node');
const row = (k: (typeof kinds)[number]) => ({
  time: ms(m[k]),
  'vs node': ratio(m[k] / m[bareOf(k)]),
  'CPU at the 200': ms(c[k]),
  'CPU vs node': ratio(c[k] / c[bareOf(k)]),
});
console.table({
  'server, cold (new data)': row('cold'),
  'server, warm (same data)': row('warm'),
  'npm start, cold': row('npmCold'),
  'npm start, warm': row('npmWarm'),
  'baseline: bare node:http': row('node'),
  ...(imageNode && {
    [`server on Node ${imageNode.version}, cold`]: row('imageCold'),
    [`server on Node ${imageNode.version}, warm`]: row('imageWarm'),
    [`baseline: bare node:http on Node ${imageNode.version}`]: row('imageBare'),
  }),
});
console.log(`  SIGTERM → exit after a warm start: ${ms(median(stops))}.`);
if (phases) {
  const { cold, warm } = phases;
  console.log('  The steps of serve.ts one by one (bench/lib/startup-phases.ts; one cold, one warm start):');
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
const db = benchDriver === 'postgres' ? 'PostgreSQL' : 'PGlite';
const summaryRow = (
  figure: string,
  k: 'cold' | 'warm' | 'npmCold' | 'npmWarm' | 'imageCold' | 'imageWarm',
  limit: number | undefined,
): SummaryRow => ({
  figure: `${figure} → first 200 from /api/health, ${k.toLowerCase().includes('cold') ? 'cold (new data)' : 'warm (same data)'}, ${db}`,
  value: `${ms(m[k])} (CPU ${ms(c[k])})`,
  baseline: `bare node:http: ${ms(m[bareOf(k)])} (CPU ${ms(c[bareOf(k)])})`,
  ratio: `${ratio(m[k] / m[bareOf(k)])} (CPU ${ratio(c[k] / c[bareOf(k)])})`,
  goal: limit === undefined ? '—' : `≤ ${ms(limit)}`,
  met: limit === undefined ? null : m[k] <= limit,
});
await recordSection(
  'startup',
  {
    runs: RUNS,
    pollEveryMs: 20,
    coldMs: round(m.cold),
    warmMs: round(m.warm),
    npmStartColdMs: round(m.npmCold),
    npmStartWarmMs: round(m.npmWarm),
    bareNodeMs: round(m.node),
    imageNode: imageNode && {
      version: imageNode.version,
      coldMs: round(m.imageCold),
      warmMs: round(m.imageWarm),
      bareNodeMs: round(m.imageBare),
    },
    cpuMs: Object.fromEntries(kinds.map((k) => [k, round(c[k])])),
    coldRatioToNode: round(m.cold / m.node, 2),
    warmRatioToNode: round(m.warm / m.node, 2),
    stopMs: round(median(stops)),
    samples: t,
    cpuSamples: cpu,
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
    summaryRow(`node apps/api/dist/server.js on Node ${process.version}`, 'cold', goal.cold),
    summaryRow(`node apps/api/dist/server.js on Node ${process.version}`, 'warm', goal.warm),
    summaryRow('npm start (scripts/start.mjs)', 'npmCold', goal.cold),
    summaryRow('npm start (scripts/start.mjs)', 'npmWarm', goal.warm),
    ...(imageNode
      ? [
          summaryRow(`node apps/api/dist/server.js on Node ${imageNode.version} (the image's)`, 'imageCold', goal.cold),
          summaryRow(`node apps/api/dist/server.js on Node ${imageNode.version} (the image's)`, 'imageWarm', goal.warm),
        ]
      : []),
  ],
);
