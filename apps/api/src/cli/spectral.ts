import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { apiRoot } from '../paths.js';

/** The rules the API's OpenAPI document is held to: Spectral's OpenAPI ruleset and ours beside it. */
export const spectralRuleset = path.resolve(apiRoot, '../../.spectral.yaml');

/** One finding of Spectral on a document (its `--format json`). */
export interface SpectralFinding {
  code: string;
  message: string;
  path: Array<string | number>;
  /** 0 error, 1 warning, 2 information, 3 hint. */
  severity: number;
}

export interface SpectralRun {
  /** 0 when nothing at the severity of `--fail-severity=warn` or above was found. */
  code: number;
  stdout: string;
  stderr: string;
}

const spectralCli = (() => {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('@stoplight/spectral-cli/package.json');
  const { bin } = require(manifest) as { bin: { spectral: string } };
  return path.join(path.dirname(manifest), bin.spectral);
})();

/**
 * `spectral lint --fail-severity=warn` with the repository's ruleset on `document`, written to a
 * file of its own for the time of the run: a warning fails as an error does.
 */
export async function spectralLint(document: unknown, format: 'json' | 'stylish'): Promise<SpectralRun> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-openapi-lint-'));
  try {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document, null, 2));
    const args = [spectralCli, 'lint', file, '--ruleset', spectralRuleset, '--fail-severity=warn', '--format', format];
    // JSON alone on stdout: without --quiet, a run that finds nothing adds a sentence after it.
    if (format === 'json') args.push('--quiet');
    return await new Promise<SpectralRun>((resolve, reject) => {
      execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        const code = error ? error.code : 0;
        if (typeof code !== 'number') reject(error ?? new Error('spectral did not run'));
        else resolve({ code, stdout, stderr });
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What Spectral finds in `document`, errors and warnings alike; none when it passes. */
export async function spectralFindings(document: unknown): Promise<SpectralFinding[]> {
  const run = await spectralLint(document, 'json');
  let findings: SpectralFinding[];
  try {
    findings = JSON.parse(run.stdout) as SpectralFinding[];
  } catch {
    throw new Error(`spectral failed (exit ${run.code}): ${run.stderr || run.stdout}`);
  }
  if (run.code !== 0 && findings.length === 0) throw new Error(`spectral failed (exit ${run.code}): ${run.stderr}`);
  return findings;
}
