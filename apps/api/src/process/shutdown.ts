import { Worker } from 'node:worker_threads';

export interface ShutdownOptions {
  /** Everything is stopped within this (default 10 s), whatever hangs. */
  timeoutMs?: number;
  /** Stops serving: drain, close the app, close the database. */
  stop: (reason: string) => Promise<void>;
  /** The final line and its flush; may be cut short by a stuck log reader. */
  finish: (reason: string, ok: boolean) => Promise<void>;
  /** How often to check that the parent process is still there (0: never). */
  parentCheckMs?: number;
}

/**
 * How this process ends. SIGTERM and SIGINT (from a supervisor, `npm start`'s process group, or a
 * person's Ctrl-C), and the death of the parent that started it (npm, stopped by a supervisor,
 * leaves its child behind otherwise: the child is reparented, which `process.ppid` shows) all run
 * the same graceful stop once. A watchdog thread ends the process with SIGKILL if the stop has
 * not finished in time: it runs even when the main thread is stuck (say, in a write to a full
 * pipe), which no timer on the main thread could.
 */
export function installShutdown(opts: ShutdownOptions): { shutdown: (reason: string) => Promise<void> } {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  let stopping: Promise<void> | undefined;

  const shutdown = (reason: string): Promise<void> => {
    stopping ??= (async () => {
      startWatchdog(timeoutMs);
      let ok = true;
      try {
        await opts.stop(reason);
      } catch {
        ok = false;
      }
      await opts.finish(reason, ok).catch(() => {});
      process.exit(ok ? 0 : 1);
    })();
    return stopping;
  };

  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.on(signal, () => void shutdown(signal));
  }
  const parent = process.ppid;
  const every = opts.parentCheckMs ?? 1000;
  // Started by init (or as PID 1 in a container): there is no parent to lose.
  if (every > 0 && parent > 1) {
    setInterval(() => {
      if (process.ppid !== parent) void shutdown('parent process exited');
    }, every).unref();
  }
  return { shutdown };
}

function startWatchdog(ms: number): void {
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.ms);`,
    // Its own stdio: a worker otherwise pipes into process.stdout, which may be a full pipe.
    { eval: true, workerData: { pid: process.pid, ms }, stdout: true, stderr: true },
  );
  worker.unref();
}
