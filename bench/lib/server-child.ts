// The two halves of a bench server run as a child process (bench/lib/bench-server.ts,
// bench/lib/app-server.ts): the child announces itself with one JSON line on fd BENCH_READY_FD and
// closes cleanly on SIGTERM / SIGINT; the parent spawns it on the demo database, waits for that
// line, reads the child's CPU time and stops it.
import { spawn } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { DemoDatabase } from './demo.js';

/** Child side: prints the ready line, then closes `servers`, `close` and exits on a signal. */
export function serveUntilSignal(
  ready: { ours: number; bare: number },
  servers: { close(): Promise<unknown> }[],
  close: () => Promise<void>,
): void {
  writeSync(Number(process.env.BENCH_READY_FD ?? '1'), JSON.stringify(ready) + '\n');
  let stopping = false;
  async function shutdown() {
    if (stopping) return;
    stopping = true;
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await Promise.all(servers.map((s) => s.close()));
      await close();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

/** Parent side: what a started child server offers. */
export type ChildServer<R> = R & {
  oursUrl: string;
  bareUrl: string;
  /** The child's CPU time so far, in µs (user + system, every thread). */
  cpuMicros(): Promise<number>;
  /** SIGTERM, then waits for the child to close its database and exit. */
  stop(): Promise<void>;
};

/**
 * Starts `entry` in a child process on the demo database (close it in this process first on
 * PGlite) with `env` added, and waits for its ready line. BENCH_CPU_PROF=<dir> runs the child with
 * --cpu-prof (the profile is written there when it stops). The child's stdout (the request log)
 * goes to /dev/null.
 */
export async function startChildServer<R extends { ours: number; bare: number }>(
  name: string,
  entry: string,
  demo: DemoDatabase,
  extraEnv: Record<string, string | undefined> = {},
): Promise<ChildServer<R>> {
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_READY_FD: '3' };
  delete env.DATABASE_URL;
  delete env.PGLITE_DATA_DIR;
  if (demo.url) env.DATABASE_URL = demo.url;
  else env.PGLITE_DATA_DIR = demo.dataDir;
  for (const [key, value] of Object.entries(extraEnv)) if (value) env[key] = value;
  const profDir = process.env.BENCH_CPU_PROF;
  const nodeArgs = ['--import', 'tsx', ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), entry];
  const devNull = openSync('/dev/null', 'w');
  const child = spawn(process.execPath, nodeArgs, { env, stdio: ['ignore', devNull, 'inherit', 'pipe'] });
  closeSync(devNull);
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const lines = createInterface({ input: child.stdio[3] as Readable });
  const ready = await new Promise<R>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name}: not ready after 120 s`)), 120_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as R);
    });
    void exited.then((code) => reject(new Error(`${name} exited (${code}) before it was ready`)));
  });
  lines.close();
  return {
    ...ready,
    oursUrl: `http://127.0.0.1:${ready.ours}`,
    bareUrl: `http://127.0.0.1:${ready.bare}`,
    cpuMicros: async () =>
      ((await (await fetch(`http://127.0.0.1:${ready.bare}/__bench/cpu`)).json()) as { us: number }).us,
    stop: async () => {
      child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0) console.warn(`  ${name} exited with ${code}`);
    },
  };
}
