// bench/results/latest.json: one object, one key per bench section. Each section writes its own
// key and keeps the others, so sections can be re-run one at a time (`npx tsx bench/<x>.ts`).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');
export const resultsFile = path.join(resultsDir, 'latest.json');

/** Which database the bench runs on: PostgreSQL when DATABASE_URL is set, else PGlite. */
export const benchDriver: 'postgres' | 'pglite' = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/** The facts every section records beside its figures. */
export function machine() {
  return {
    date: new Date().toISOString(),
    database: benchDriver,
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
  };
}

export async function readResults(): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await readFile(resultsFile, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * One line of the closing table `npm run bench` prints (bench/run.ts): a figure, its baseline
 * measured in the same run, the ratio, the goal and whether it was met (null: no goal).
 */
export interface SummaryRow {
  figure: string;
  value: string;
  baseline: string;
  ratio: string;
  goal: string;
  met: boolean | null;
}

/**
 * Writes `data` under `section` in latest.json, keeping every other section; `summary` rows go
 * to the closing table of `npm run bench`.
 */
export async function recordSection(
  section: string,
  data: Record<string, unknown>,
  summary: SummaryRow[] = [],
): Promise<void> {
  await mkdir(resultsDir, { recursive: true });
  const previous = await readResults();
  const entry = { ...machine(), ...data, summary };
  await writeFile(resultsFile, JSON.stringify({ ...previous, [section]: entry }, null, 2) + '\n');
  console.log(`written: bench/results/latest.json (${section})`);
}
