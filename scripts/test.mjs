#!/usr/bin/env node
// `npm test`: every suite, in order, with one summary at the end.
//   1. unit + integration (Vitest): contract, web, api on PGlite (and on PostgreSQL when
//      TEST_DATABASE_URL is set); with TEST_NODE_LTS=24 the api on PGlite again under Node 24;
//   2. end-to-end (Playwright) in Chromium against the real server, built as `npm start` builds it.
// Without a Chromium the e2e suite is skipped LOUDLY; with CI=true a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const ci = process.env.CI === 'true' || process.env.CI === '1';
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// 1. Vitest
const vitestJson = path.join(tmp, 'vitest.json');
rmSync(vitestJson, { force: true });
const vitestCode = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const v = readJson(vitestJson);
if (v) {
  const skipped = (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  totals.passed += v.numPassedTests;
  totals.failed += v.numFailedTests + (vitestCode !== 0 && v.numFailedTests === 0 ? 1 : 0);
  totals.skipped += skipped;
  lines.push(`unit + integration (vitest): ${v.numPassedTests} passed, ${v.numFailedTests} failed, ${skipped} skipped`);
} else {
  totals.failed += 1;
  lines.push('unit + integration (vitest): did not report (crashed?)');
}
if (!process.env.TEST_DATABASE_URL) {
  lines.push('  note: API suite ran on PGlite only; set TEST_DATABASE_URL=postgres://... to run it on PostgreSQL too');
}

// 1b. The API suite again on the current Node LTS (TEST_NODE_LTS=24, say): the product supports
//     Node 20.19+ (engines) and the image runs the LTS. `npx -y node@24` brings that Node from the
//     npm registry; the tests' child processes (process.execPath) run on it too.
const lts = process.env.TEST_NODE_LTS?.trim();
if (lts) {
  const ltsJson = path.join(tmp, 'vitest-node-lts.json');
  rmSync(ltsJson, { force: true });
  const node = ['-y', `node@${lts}`];
  const version = spawnSync('npx', [...node, '--version'], { cwd: root, encoding: 'utf8' }).stdout?.trim() || null;
  const label = `api on Node ${version ? version.replace(/^v/, '') : lts}`;
  if (!version) {
    totals.failed += 1;
    lines.push(`${label}: FAILED, could not get Node ${lts} (npx -y node@${lts})`);
  } else {
    console.log(`\n${label}: vitest --project api:pglite`);
    const code = run('npx', [
      ...node,
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      'api:pglite',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${ltsJson}`,
    ]);
    const l = readJson(ltsJson);
    if (l) {
      const skipped = (l.numPendingTests ?? 0) + (l.numTodoTests ?? 0);
      totals.passed += l.numPassedTests;
      totals.failed += l.numFailedTests + (code !== 0 && l.numFailedTests === 0 ? 1 : 0);
      totals.skipped += skipped;
      lines.push(`${label}: ${l.numPassedTests} passed, ${l.numFailedTests} failed, ${skipped} skipped`);
    } else {
      totals.failed += 1;
      lines.push(`${label}: did not report (crashed?)`);
    }
  }
}

// 2. Playwright in Chromium
function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  const system = candidates.find((p) => existsSync(p));
  if (system) return system;
  // A browser from `npx playwright install chromium`, where that is possible.
  const r = spawnSync(
    process.execPath,
    ['-e', "process.stdout.write(require('playwright-core').chromium.executablePath())"],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return r.status === 0 && r.stdout && existsSync(r.stdout) ? r.stdout : null;
}

const chromium = findChromium();
if (!chromium) {
  const banner = [
    '',
    '#'.repeat(78),
    '#  BROWSER SUITE SKIPPED: no Chromium found.',
    '#  The end-to-end tests did NOT run. To enable them, install a Chromium:',
    '#    Debian/Ubuntu:  sudo apt-get install -y chromium      (or set CHROMIUM_PATH)',
    '#    elsewhere:      npx playwright install chromium',
    '#'.repeat(78),
    '',
  ].join('\n');
  console.error(banner);
  if (ci) {
    totals.failed += 1;
    lines.push('end-to-end (playwright): FAILED, no Chromium on CI');
  } else {
    lines.push('end-to-end (playwright): SKIPPED, no Chromium (see the banner above)');
  }
} else {
  // The portal and the compiled server, as `npm start` runs them (only what is stale is rebuilt).
  const build = run(process.execPath, ['scripts/build.mjs', '--if-stale']);
  if (build !== 0) {
    totals.failed += 1;
    lines.push('end-to-end (playwright): the build failed');
  } else {
    const pwJson = path.join(tmp, 'playwright.json');
    rmSync(pwJson, { force: true });
    const code = run('npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium });
    const p = readJson(pwJson);
    if (p?.stats) {
      const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = p.stats;
      totals.passed += expected + flaky;
      totals.failed += unexpected + (code !== 0 && unexpected === 0 ? 1 : 0);
      totals.skipped += skipped;
      lines.push(
        `end-to-end (playwright, ${chromium}): ${expected + flaky} passed, ${unexpected} failed, ${skipped} skipped` +
          (flaky ? ` (${flaky} passed on retry)` : ''),
      );
    } else {
      totals.failed += 1;
      lines.push('end-to-end (playwright): did not report (crashed?)');
    }
  }
}

console.log('\n' + '='.repeat(78));
for (const l of lines) console.log(l);
console.log('='.repeat(78));
// The closing line, in the plain form CI reads.
console.log(`total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
