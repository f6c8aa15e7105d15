// `npm run bench`: every bench section in its own process, one after the other (each measures
// against a baseline taken in the same run on the same machine), then one closing table of the
// figures, their baselines, ratios and goals from bench/results/latest.json. Benchmarks never fail:
// a missed goal is printed (✗), and the exit code is 0 unless a section crashed.
//
//   npm run bench                       all sections
//   npm run bench -- throughput load    only these (in this order)
//
// PostgreSQL when DATABASE_URL is set (the sections create and drop databases of their own beside
// it), else PGlite.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDriver, readResults, type SummaryRow } from './lib/results.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const sections = [
  'bulk-import',
  'lists',
  'export',
  'audit',
  'throughput',
  'load',
  'portal',
  'lighthouse',
  'startup',
] as const;
const keys: Record<(typeof sections)[number], string[]> = {
  'bulk-import': ['bulkImport'],
  lists: ['seed', 'largeLists'],
  export: ['export'],
  audit: ['audit'],
  throughput: ['throughput'],
  load: ['load'],
  portal: ['portal'],
  lighthouse: ['lighthouse'],
  startup: ['startup'],
};

const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = asked.filter((a) => !(sections as readonly string[]).includes(a));
if (unknown.length) {
  console.error(`Unknown section(s): ${unknown.join(', ')}. Sections: ${sections.join(', ')}`);
  process.exit(2);
}
const chosen = asked.length ? (asked as (typeof sections)[number][]) : [...sections];

console.log(
  `npm run bench — ${chosen.join(', ')} on ${benchDriver === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}`,
);
const started = Date.now();
const failed: string[] = [];
for (const section of chosen) {
  console.log(`\n━━━ ${section} ━━━`);
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, `${section}.ts`)], {
    stdio: 'inherit',
    env: process.env,
  });
  if (r.status !== 0) failed.push(section);
  console.log(
    `(${section}: ${((Date.now() - t0) / 1000).toFixed(0)} s${r.status !== 0 ? `, exited ${r.status}` : ''})`,
  );
}

const results = await readResults();
const rows: Record<string, Omit<SummaryRow, 'figure' | 'met'> & { met: string }> = {};
for (const section of chosen)
  for (const key of keys[section]) {
    const entry = results[key] as { summary?: SummaryRow[]; date?: string } | undefined;
    for (const row of entry?.summary ?? [])
      rows[row.figure] = {
        value: row.value,
        baseline: row.baseline,
        ratio: row.ratio,
        goal: row.goal,
        met: row.met === null ? '' : row.met ? '✓' : '✗',
      };
  }
console.log(`\n━━━ Summary (${benchDriver}; ${((Date.now() - started) / 60000).toFixed(1)} min) ━━━`);
console.table(rows);
console.log('Figures: bench/results/latest.json');
if (failed.length) {
  console.error(`Section(s) that did not finish: ${failed.join(', ')}`);
  process.exitCode = 1;
}
