// `npm start` writes the compiled server's stack traces with the TypeScript sources' places
// (scripts/lib/stack-source-maps.mjs), reading a source map only when a trace is written, not as
// each module loads. Each case runs in a child Node of its own: the hook is process-wide.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const hookUrl = pathToFileURL(path.resolve(import.meta.dirname, '../../../../scripts/lib/stack-source-maps.mjs')).href;
let base: string;

// Line 6, column 9 of the source: where the error is made.
const source = `// a module of the product, compiled
export function parse(text: string): number {
  const n = Number(text);
  if (Number.isNaN(n)) {
    // unreadable
    throw new Error(\`not a number: \${text}\`);
  }
  return n;
}
`;

beforeAll(async () => {
  base = mkdtempSync(path.join(os.tmpdir(), 'strideadmin-stack-maps-'));
  mkdirSync(path.join(base, 'src'));
  writeFileSync(path.join(base, 'src/parse.ts'), source);
  await build({
    entryPoints: [path.join(base, 'src/parse.ts')],
    outdir: path.join(base, 'dist'),
    format: 'esm',
    platform: 'node',
    sourcemap: true,
    sourcesContent: false,
    // A few lines before the module's own, so compiled and source places differ.
    banner: { js: '// compiled\n// by esbuild\n// for this test' },
    logLevel: 'silent',
  });
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Runs `body` (an ES module's text) in a child Node that imports the hook as `mapStackTraces`. */
function run(body: string): { stdout: string; stderr: string; status: number | null } {
  const script = path.join(base, `run-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(script, `import { mapStackTraces } from ${JSON.stringify(hookUrl)};\n${body}`);
  const r = spawnSync(process.execPath, [script], { encoding: 'utf8', cwd: base });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

/** Where the compiled module makes the error: `dist/parse.js:<line>:<column>`. */
function compiledPlace(): string {
  const lines = readFileSync(path.join(base, 'dist/parse.js'), 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes('new Error'));
  return `dist/parse.js:${line + 1}:${lines[line]!.indexOf('new Error') + 1}`;
}
const distUrl = () => JSON.stringify(pathToFileURL(path.join(base, 'dist/parse.js')).href);
const distDir = () => JSON.stringify(path.join(base, 'dist'));

describe('stack traces of the compiled server (npm start)', () => {
  it("name the source's file, line and column; other frames stay as V8 writes them", () => {
    const r = run(`mapStackTraces(${distDir()});
const { parse } = await import(${distUrl()});
try { parse('twelve'); } catch (err) { console.log(err.stack); }
`);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('Error: not a number: twelve');
    expect(lines[1]).toBe(`    at parse (${path.join(base, 'src/parse.ts')}:6:11)`);
    expect(compiledPlace()).not.toBe('dist/parse.js:6:11');
    expect(r.stdout).not.toContain('dist/parse.js');
    // The script's own frame, outside the compiled folder, as V8 writes it.
    expect(lines[2]).toMatch(/^ {4}at .*run-\w+\.mjs:\d+:\d+$/);
  });

  it('read a map when a trace is written, not when its module loads', () => {
    // The module loads with no map beside it; the map appears before the error: it is used.
    const r = run(`import { renameSync } from 'node:fs';
const map = ${JSON.stringify(path.join(base, 'dist/parse.js.map'))};
renameSync(map, map + '.away');
mapStackTraces(${distDir()});
const { parse } = await import(${distUrl()});
renameSync(map + '.away', map);
try { parse('x'); } catch (err) { console.log(err.stack); }
`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(`at parse (${path.join(base, 'src/parse.ts')}:6:11)`);
  });

  it('leave the compiled place where no usable map is found', () => {
    const r = run(`import { readFileSync, writeFileSync } from 'node:fs';
const map = ${JSON.stringify(path.join(base, 'dist/parse.js.map'))};
const kept = readFileSync(map, 'utf8');
writeFileSync(map, '{ not json');
try {
  mapStackTraces(${distDir()});
  const { parse } = await import(${distUrl()});
  try { parse('x'); } catch (err) { console.log(err.stack); }
} finally { writeFileSync(map, kept); }
`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(`at parse (${pathToFileURL(base).href}/${compiledPlace()})`);
  });

  it('leave files outside the compiled folder alone', () => {
    const r = run(`mapStackTraces(${JSON.stringify(path.join(base, 'elsewhere'))});
const { parse } = await import(${distUrl()});
try { parse('x'); } catch (err) { console.log(err.stack); }
`);
    expect(r.stdout).toContain(`at parse (${pathToFileURL(base).href}/${compiledPlace()})`);
  });
});
