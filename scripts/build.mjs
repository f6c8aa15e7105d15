#!/usr/bin/env node
// `npm run build`: the portal (Vite; precompressed assets) and the API server (TypeScript and the
// contract compiled into plain JavaScript under apps/api/dist), each stamped with a hash of its
// sources. `node scripts/build.mjs api` (or `web`) builds one; `--if-stale` skips what is fresh.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { buildState, root, stampOf, targets } from './lib/build-state.mjs';

/** The API's entry points, each compiled to apps/api/dist/<name>.js (flat: see src/paths.ts). */
export const apiEntries = {
  server: 'apps/api/src/server.ts',
  backup: 'apps/api/src/cli/backup.ts',
  restore: 'apps/api/src/cli/restore.ts',
  'audit-verify': 'apps/api/src/cli/audit-verify.ts',
  'pglite-template': 'apps/api/src/cli/pglite-template.ts',
};

/**
 * Worker threads' entries, compiled flat beside the others (apps/api/dist/<name>.js, where the code
 * that starts them looks). Not commands: scripts/api.mjs offers apiEntries only.
 */
export const apiWorkerEntries = {
  'pglite-worker': 'apps/api/src/db/pglite-worker.ts',
};

/**
 * npm packages left in node_modules rather than compiled into the server (everything else it
 * imports is bundled, so that a start does not resolve, read and link hundreds of files one by one:
 * docs/decisions/0020-start-up.md). Native code (argon2's prebuilt binaries, pg-native), PGlite
 * (its WebAssembly and data files sit beside its modules), and the drivers and tools loaded only
 * when the configuration or a first use asks for them (S3, SMTP, Redis, JWTs, pretty logs, tar).
 */
export const externalPackages = [
  '@node-rs/argon2',
  'pg-native',
  '@electric-sql/pglite',
  '@electric-sql/pglite-tools',
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  'nodemailer',
  'ioredis',
  'jose',
  'pino-pretty',
  'tar',
];

/**
 * Edits made to npm packages as they are compiled into the server, each one line of a package's
 * source found verbatim (a build fails when a package's new version no longer has it, rather than
 * compiling it in unedited). Each keeps the package's behaviour on Node and spares what a start
 * and every first answer would otherwise pay: on Node 20, reading the global `Response` loads
 * Node's whole fetch implementation (undici), about 20–40 ms of the main thread
 * (docs/decisions/0020-start-up.md, sixth pass).
 */
export const bundlePatches = [
  {
    file: 'pg/lib/stream.js',
    // pg asks whether it runs on Cloudflare Workers by making a Response with a `cf` option when
    // `navigator` is missing (Node < 21): the server runs on Node only.
    find: "if (typeof Response === 'function') {",
    replace: "if (typeof process !== 'object' && typeof Response === 'function') {",
  },
  {
    file: '@fastify/compress/lib/utils.js',
    // Asked of every payload before compressing it. A Response has arrayBuffer(); a string, a
    // Buffer or a stream, all the server sends, do not, so `Response` is read only for one.
    find: 'return obj instanceof Response',
    replace: "return typeof obj?.arrayBuffer === 'function' && obj instanceof Response",
  },
];

/**
 * A package file's source with its bundlePatches applied (each recorded in `applied`); throws when
 * one's text is missing.
 */
export function patchPackageSource(file, source, applied = new Set()) {
  const rel = file.split(path.sep).join('/');
  let out = source;
  for (const patch of bundlePatches) {
    if (!rel.endsWith(`/node_modules/${patch.file}`)) continue;
    if (!out.includes(patch.find)) {
      throw new Error(`${patch.file} no longer contains \`${patch.find}\` (scripts/build.mjs, bundlePatches)`);
    }
    out = out.replace(patch.find, patch.replace);
    applied.add(patch);
  }
  return out;
}

/** The package an import specifier names: `@scope/name` or `name`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Bundles the npm packages the server imports, except externalPackages. Our own sources may import
 * only the API's runtime dependencies (apps/api/package.json), as a production install has no
 * other: a dev dependency is a build error, not code silently compiled in. Inside a bundled
 * CommonJS module, `require` of a Node built-in or of an external package goes through the
 * `require` each output file defines (the banner below), and `__dirname` / `__filename` (a package
 * reading its own files: @fastify/swagger-ui's page and logo, @fastify/swagger's package.json)
 * stay the module's place in node_modules: the same path from apps/api/dist as at build time, the
 * lockfile placing every package (`npm ci --omit=dev` keeps its layout).
 */
function bundleDependencies(out, appliedPatches) {
  const api = JSON.parse(readFileSync(path.join(root, 'apps/api/package.json'), 'utf8'));
  const runtime = new Set(Object.keys(api.dependencies ?? {}));
  const external = new Set(externalPackages);
  const nodeModules = `${path.sep}node_modules${path.sep}`;
  // One copy of each package version: npm leaves the same version nested under several packages
  // (ajv 8 under fast-json-stringify, ajv-formats and @fastify/ajv-compiler) when the top-level
  // place is taken; compiled in once, the first of its places in the lockfile.
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const places = new Map();
  for (const [place, entry] of Object.entries(lock.packages ?? {})) {
    const at = place.lastIndexOf('node_modules/');
    if (at < 0) continue;
    const key = `${place.slice(at + 'node_modules/'.length)}@${entry.version}`;
    places.set(key, [...(places.get(key) ?? []), place].sort());
  }
  const versionAt = new Map(Object.entries(lock.packages ?? {}).map(([place, entry]) => [place, entry.version]));
  /** The lockfile place of the package holding `file`, and the canonical place of that version. */
  const canonicalOf = (file) => {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const at = rel.lastIndexOf('node_modules/');
    if (at < 0) return undefined;
    const name = packageOf(rel.slice(at + 'node_modules/'.length));
    const place = rel.slice(0, at + 'node_modules/'.length + name.length);
    const first = places.get(`${name}@${versionAt.get(place)}`)?.[0];
    return first && first !== place ? path.join(root, first, rel.slice(place.length)) : undefined;
  };
  return {
    name: 'bundle-dependencies',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === 'deduplicating') return undefined;
        if (args.path.startsWith('node:') || args.path.startsWith('@strideadmin/')) return undefined;
        const pkg = packageOf(args.path);
        if (!args.importer.includes(nodeModules) && !runtime.has(pkg) && !isBuiltin(args.path)) {
          return { errors: [{ text: `${pkg} is imported by the server but is not in apps/api's dependencies` }] };
        }
        if (external.has(pkg) || isBuiltin(args.path)) return { external: true };
        const { importer, resolveDir, kind } = args;
        const resolved = await b.resolve(args.path, { importer, resolveDir, kind, pluginData: 'deduplicating' });
        if (resolved.errors.length || resolved.external) return resolved;
        const canonical = canonicalOf(resolved.path);
        return canonical ? { ...resolved, path: canonical } : resolved;
      });
      b.onLoad({ filter: /[\\/]node_modules[\\/].*\.c?js$/ }, (args) => {
        const original = readFileSync(args.path, 'utf8');
        const source = patchPackageSource(args.path, original, appliedPatches);
        if (!/\b__(?:dirname|filename)\b/.test(source)) {
          return source === original
            ? undefined
            : { contents: source, loader: 'js', resolveDir: path.dirname(args.path) };
        }
        const fromDist = path.relative(out, args.path).split(path.sep).join('/');
        const prelude =
          `var __filename = require('node:url').fileURLToPath(new URL(${JSON.stringify(fromDist)}, __bundleUrl));` +
          ` var __dirname = require('node:path').dirname(__filename);\n`;
        return { contents: prelude + source, loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

async function buildApi() {
  const { build } = await import('esbuild');
  const out = path.join(root, targets.api.output);
  const tmp = `${out}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const appliedPatches = new Set();
  const entryPoints = Object.fromEntries(
    Object.entries({ ...apiEntries, ...apiWorkerEntries })
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
    // Stack traces need the mappings, not the sources' text: without it the maps weigh 6 MB less,
    // the largest 5.3 → 1.8 MB, for whoever reads them (scripts/lib/stack-source-maps.mjs when
    // `npm start` writes a trace, Node with --enable-source-maps; docs/decisions/0020-start-up.md).
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    tsconfig: path.join(root, 'apps/api/tsconfig.json'),
    // CommonJS modules compiled into these ES modules call require() (Node's built-ins, the
    // external packages): each output file has one, resolving from apps/api/dist, and its URL
    // (__bundleUrl) for a bundled module's __dirname (bundleDependencies).
    banner: {
      js:
        "import { createRequire as __createRequire } from 'node:module'; " +
        'const __bundleUrl = import.meta.url, require = __createRequire(__bundleUrl);',
    },
    plugins: [bundleDependencies(out, appliedPatches)],
  });
  const unapplied = bundlePatches.filter((patch) => !appliedPatches.has(patch));
  if (unapplied.length) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`no longer compiled in, so not edited: ${unapplied.map((p) => p.file).join(', ')} (bundlePatches)`);
  }
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
    writeFileSync(path.join(root, target.stamp), stampOf(target));
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
