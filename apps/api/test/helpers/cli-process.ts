import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root: `npm run backup` runs `node scripts/api.mjs cli/backup` from there. */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `node scripts/api.mjs <entry> ...args` as `npm run backup` / `npm run restore` run it, in the
 * repository root, with only PATH and `env` in its environment.
 */
export function runCli(entry: string, args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/api.mjs', entry, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
