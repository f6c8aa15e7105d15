import { type ChildProcess, spawn, type StdioOptions } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testAdminEmail, testAdminPassword, testJwtSecret } from './build-test-app.js';
import { freePort } from './server-process.js';

/** The repository root, and the compiled server as a supervisor starts it (built by the global setup). */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const compiledServer = path.join(repoRoot, 'apps/api/dist/server.js');

export interface Spawned {
  child: ChildProcess;
  port: number;
  origin: string;
  /** What it printed so far, when its output is read (stdio 'pipe' and `read`). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** The environment of a test server on `dataDir` (PGlite unless DATABASE_URL is given). */
export function serverEnv(dataDir: string, port: number, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    JWT_SECRET: testJwtSecret,
    ADMIN_EMAIL: testAdminEmail,
    ADMIN_PASSWORD: testAdminPassword,
    NOTIFICATION_WORKER: 'false',
    ...env,
  };
}

/**
 * Spawns `command args` (default: node on the compiled server) with the test environment. `read`
 * false leaves stdout unread (a pipe that fills up); the caller owns the child.
 */
export async function spawnServer(opts: {
  dataDir: string;
  env?: Record<string, string>;
  command?: string;
  args?: string[];
  stdio?: StdioOptions;
  read?: boolean;
  detached?: boolean;
}): Promise<Spawned> {
  const port = await freePort();
  const child = spawn(opts.command ?? process.execPath, opts.args ?? [compiledServer], {
    cwd: repoRoot,
    env: serverEnv(opts.dataDir, port, opts.env),
    stdio: opts.stdio ?? ['ignore', 'pipe', 'pipe'],
    detached: opts.detached ?? false,
  });
  let out = '';
  if (opts.read !== false) {
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { child, port, origin: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Resolves once GET /api/health/ready answers 200 (throws, with what it printed, after `ms`). */
export async function waitReady(s: Spawned, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (s.child.exitCode !== null || s.child.signalCode !== null) throw new Error(`exited early:\n${s.output()}`);
    const ok = await fetch(`${s.origin}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`not ready after ${ms} ms:\n${s.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Whether a process with this pid still exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls until `pid` is gone; answers how long it took, or throws after `ms`. */
export async function waitGone(pid: number, ms = 15_000): Promise<number> {
  const t0 = Date.now();
  while (alive(pid)) {
    if (Date.now() - t0 > ms) throw new Error(`process ${pid} still running after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - t0;
}
