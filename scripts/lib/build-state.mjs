// What a build was made from: a hash of the sources' contents, kept beside its output. `npm start`
// compares it with the sources present (contents, not file times: a copied or freshly checked-out
// tree keeps its build) and rebuilds only what changed. Reading only: safe on a read-only tree.
// The stamp also keeps the sources' sizes and modification times as the build saw them: when not
// one of them moved, the sources are the build's without reading them (docs/decisions/0020-start-up.md);
// when any did, their contents decide, as ever.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const shared = ['packages/contract/src', 'packages/contract/package.json', 'package-lock.json'];

/** The two things `npm run build` makes, what each is made from (its own source folder first), and where its stamp lives. */
export const targets = {
  web: {
    label: 'portal',
    output: 'apps/web/dist',
    stamp: 'apps/web/dist/.build-stamp',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/build',
      'apps/web/package.json',
      ...shared,
    ],
  },
  api: {
    label: 'API server',
    output: 'apps/api/dist',
    stamp: 'apps/api/dist/.build-stamp',
    sources: ['apps/api/src', 'apps/api/package.json', 'apps/api/tsconfig.json', 'scripts/build.mjs', ...shared],
  },
};

function files(rel, base = root) {
  const abs = path.join(base, rel);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return [rel];
  return readdirSync(abs, { withFileTypes: true })
    .flatMap((e) => files(path.join(rel, e.name), base))
    .sort();
}

/** A digest of every source file's path, size and modification time (no contents read). */
export function sourceStats(target, base = root) {
  const h = createHash('sha256');
  for (const f of target.sources.flatMap((rel) => files(rel, base))) {
    const st = statSync(path.join(base, f));
    h.update(`${f.split(path.sep).join('/')}\0${st.size}\0${st.mtimeMs}\0`);
  }
  return `stat:${h.digest('hex')}`;
}

/** The stamp of a build made from the sources present now: their hash, then their sizes and times. */
export function stampOf(target, base = root) {
  return `${sourceHash(target, base)}\n${sourceStats(target, base)}\n`;
}

/**
 * sha256 over every source file's path and bytes; null when the target's own source folder (the
 * first of its sources) is absent: a production install ships package.json files and the
 * lockfile but no sources, and those alone say nothing about the build beside them.
 */
export function sourceHash(target, base = root) {
  if (!existsSync(path.join(base, target.sources[0]))) return null;
  const list = target.sources.flatMap((rel) => files(rel, base));
  if (list.length === 0) return null;
  const h = createHash('sha256');
  for (const f of list) {
    h.update(f.split(path.sep).join('/') + '\0');
    h.update(readFileSync(path.join(base, f)));
    h.update('\0');
  }
  return h.digest('hex');
}

/** 'fresh', 'missing' (never built) or 'stale' (built from other sources). */
export function buildState(target, base = root) {
  const stampFile = path.join(base, target.stamp);
  if (!existsSync(stampFile)) return 'missing';
  const [hash, stats] = readFileSync(stampFile, 'utf8').trim().split('\n');
  // A tree that ships only its build (no sources to compare with) runs what it has.
  if (!existsSync(path.join(base, target.sources[0]))) return 'fresh';
  if (stats !== undefined && stats === sourceStats(target, base)) return 'fresh';
  const current = sourceHash(target, base);
  if (current === null) return 'fresh';
  return hash === current ? 'fresh' : 'stale';
}
