// What a build was made from: a hash of the sources' contents, kept beside its output. `npm start`
// compares it with the sources present (contents, not file times: a copied or freshly checked-out
// tree keeps its build) and rebuilds only what changed. Reading only: safe on a read-only tree.
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

function files(rel) {
  const abs = path.join(root, rel);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return [rel];
  return readdirSync(abs, { withFileTypes: true })
    .flatMap((e) => files(path.join(rel, e.name)))
    .sort();
}

/**
 * sha256 over every source file's path and bytes; null when the target's own source folder (the
 * first of its sources) is absent: a production install ships package.json files and the
 * lockfile but no sources, and those alone say nothing about the build beside them.
 */
export function sourceHash(target) {
  if (!existsSync(path.join(root, target.sources[0]))) return null;
  const list = target.sources.flatMap(files);
  if (list.length === 0) return null;
  const h = createHash('sha256');
  for (const f of list) {
    h.update(f.split(path.sep).join('/') + '\0');
    h.update(readFileSync(path.join(root, f)));
    h.update('\0');
  }
  return h.digest('hex');
}

/** 'fresh', 'missing' (never built) or 'stale' (built from other sources). */
export function buildState(target) {
  const stampFile = path.join(root, target.stamp);
  if (!existsSync(stampFile)) return 'missing';
  const current = sourceHash(target);
  // A tree that ships only its build (no sources to compare with) runs what it has.
  if (current === null) return 'fresh';
  return readFileSync(stampFile, 'utf8').trim() === current ? 'fresh' : 'stale';
}
