#!/usr/bin/env node
// `npm run build`: the portal (Vite; precompressed assets) and the API server (TypeScript and the
// contract compiled into plain JavaScript under apps/api/dist), each stamped with a hash of its
// sources. `node scripts/build.mjs api` (or `web`) builds one; `--if-stale` skips what is fresh.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildState, root, sourceHash, targets } from './lib/build-state.mjs';

/** The API's entry points, each compiled to apps/api/dist/<name>.js (flat: see src/paths.ts). */
export const apiEntries = {
  server: 'apps/api/src/server.ts',
  backup: 'apps/api/src/cli/backup.ts',
  restore: 'apps/api/src/cli/restore.ts',
  'audit-verify': 'apps/api/src/cli/audit-verify.ts',
  'pglite-template': 'apps/api/src/cli/pglite-template.ts',
};

async function buildApi() {
  const { build } = await import('esbuild');
  const out = path.join(root, targets.api.output);
  const tmp = `${out}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const entryPoints = Object.fromEntries(
    Object.entries(apiEntries)
      .filter(([, file]) => existsSync(path.join(root, file)))
      .map(([name, file]) => [name, path.join(root, file)]),
  );
  await build({
    entryPoints,
    outdir: tmp,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true, // drivers loaded on demand (PGlite or pg, disk or S3) stay separate files
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    tsconfig: path.join(root, 'apps/api/tsconfig.json'),
    plugins: [
      {
        // npm packages stay in node_modules (installed by `npm ci --omit=dev`); our own workspace
        // packages (the contract, shipped as TypeScript) are compiled into the bundle.
        name: 'dependencies-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@strideadmin/') || args.path.startsWith('node:') ? undefined : { external: true },
          );
        },
      },
    ],
  });
  // The embedded database a new DATA_DIR starts from, made by the code just built: initdb and the
  // migrations run here once instead of at every first start (apps/api/src/db/pglite-template.ts).
  if (entryPoints['pglite-template']) {
    const r = spawnSync(process.execPath, [path.join(tmp, 'pglite-template.js'), path.join(tmp, 'pglite-template')], {
      cwd: root,
      stdio: 'inherit',
    });
    if (r.status !== 0) {
      rmSync(tmp, { recursive: true, force: true });
      throw new Error('making the embedded database template failed (see above)');
    }
  }
  // Swapped in whole: a half-written dist/ is never what starts.
  const old = `${out}.old-${process.pid}`;
  if (existsSync(out)) renameSync(out, old);
  renameSync(tmp, out);
  rmSync(old, { recursive: true, force: true });
}

function buildWeb() {
  const r = spawnSync('npm', ['run', 'build', '--silent', '-w', '@strideadmin/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the portal build failed (see above)');
}

/**
 * One build of a target at a time on this tree (two test runs, or `npm start` beside `npm run
 * build`): a lock folder, taken atomically; a lock older than five minutes is a crashed build's.
 */
async function withLock(name, fn) {
  const lock = path.join(root, `.build-lock-${name}`);
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 5 * 60_000) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`another build holds ${lock}`);
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export async function buildTarget(name, { ifStale = false } = {}) {
  const target = targets[name];
  const t0 = performance.now();
  const built = await withLock(name, async () => {
    // Someone else may have built it while we waited for the lock.
    if (ifStale && buildState(target) === 'fresh') return false;
    if (name === 'api') await buildApi();
    else buildWeb();
    writeFileSync(path.join(root, target.stamp), sourceHash(target) + '\n');
    return true;
  });
  if (!built) return;
  const ms = Math.round(performance.now() - t0);
  const size = readdirSync(path.join(root, target.output)).length;
  console.log(`built the ${target.label} in ${ms} ms (${target.output}, ${size} entries)`);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.join(root, 'scripts/build.mjs');
if (isMain) {
  const args = process.argv.slice(2);
  const ifStale = args.includes('--if-stale');
  const names = args.filter((a) => !a.startsWith('--'));
  for (const name of names.length ? names : ['web', 'api']) {
    if (!(name in targets)) {
      console.error(`unknown build target "${name}" (web or api)`);
      process.exit(2);
    }
    if (ifStale && buildState(targets[name]) === 'fresh') continue;
    try {
      await buildTarget(name, { ifStale });
    } catch (err) {
      console.error(`Build failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    }
  }
}
