// `npm start` rebuilds a build whose sources changed (scripts/lib/build-state.mjs): by their
// contents, not their file times; the sizes and times in its stamp only spare reading the sources
// when not one of them moved since the build.
import { cpSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

interface Target {
  sources: string[];
  stamp: string;
}
interface BuildStateModule {
  buildState(target: Target, base: string): 'fresh' | 'missing' | 'stale';
  stampOf(target: Target, base: string): string;
  sourceHash(target: Target, base: string): string | null;
}
const moduleUrl = pathToFileURL(path.resolve(import.meta.dirname, '../../../../scripts/lib/build-state.mjs')).href;
const { buildState, stampOf, sourceHash } = (await import(moduleUrl)) as BuildStateModule;

const target: Target = { sources: ['src', 'package.json'], stamp: 'dist/.build-stamp' };
const dirs: string[] = [];

function tree(): string {
  const base = mkdtempSync(path.join(os.tmpdir(), 'strideadmin-build-state-'));
  dirs.push(base);
  mkdirSync(path.join(base, 'src/lib'), { recursive: true });
  mkdirSync(path.join(base, 'dist'));
  writeFileSync(path.join(base, 'src/a.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(base, 'src/lib/b.ts'), 'export const b = 2;\n');
  writeFileSync(path.join(base, 'package.json'), '{}\n');
  return base;
}
const built = (base: string) => writeFileSync(path.join(base, target.stamp), stampOf(target, base));

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('build freshness', () => {
  it('a build is fresh until a source changes, missing without its stamp', () => {
    const base = tree();
    expect(buildState(target, base)).toBe('missing');
    built(base);
    expect(buildState(target, base)).toBe('fresh');
    writeFileSync(path.join(base, 'src/lib/b.ts'), 'export const b = 3;\n');
    expect(buildState(target, base)).toBe('stale');
    writeFileSync(path.join(base, 'src/c.ts'), '');
    built(base);
    expect(buildState(target, base)).toBe('fresh');
  });

  it('a source rewritten to the same size is stale (its time moved, its contents read)', () => {
    const base = tree();
    built(base);
    const file = path.join(base, 'src/a.ts');
    writeFileSync(file, 'export const a = 9;\n');
    expect(buildState(target, base)).toBe('stale');
  });

  it('file times alone do not make a build stale: a touched source or a copied tree keeps its build', () => {
    const base = tree();
    built(base);
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(base, 'src/a.ts'), later, later);
    expect(buildState(target, base)).toBe('fresh');
    const copy = mkdtempSync(path.join(os.tmpdir(), 'strideadmin-build-state-copy-'));
    dirs.push(copy);
    cpSync(base, copy, { recursive: true, preserveTimestamps: false });
    expect(buildState(target, copy)).toBe('fresh');
    writeFileSync(path.join(copy, 'package.json'), '{"x":1}\n');
    expect(buildState(target, copy)).toBe('stale');
  });

  it('a stamp of an earlier release (the hash alone) is still read', () => {
    const base = tree();
    writeFileSync(path.join(base, target.stamp), `${sourceHash(target, base)}\n`);
    expect(buildState(target, base)).toBe('fresh');
    writeFileSync(path.join(base, 'src/a.ts'), 'export const a = 2;\n');
    expect(buildState(target, base)).toBe('stale');
  });

  it('a tree that ships only its build runs it', () => {
    const base = tree();
    built(base);
    rmSync(path.join(base, 'src'), { recursive: true });
    expect(buildState(target, base)).toBe('fresh');
  });
});
