import type { Config } from '../config.js';
import { ConfigError } from '../config.js';
import type { Database } from '../db/client.js';

/**
 * What went wrong at start-up, as the operator should read it: one line naming the setting and
 * what to do, no stack trace. Unknown errors answer undefined (the caller prints them whole).
 */
export function describeStartupError(err: unknown, config?: Config): string[] | undefined {
  if (err instanceof ConfigError) {
    return err.issues.map((i) => `Configuration error: ${i.variable} ${i.message}.`.replace(/\.\.$/, '.'));
  }
  const e = err as NodeJS.ErrnoException & { syscall?: string; address?: string; port?: number; path?: string };
  if (e?.code === 'EADDRINUSE') {
    return [
      `Cannot listen on ${config?.host ?? e.address}:${config?.port ?? e.port}: the port is in use (PORT, HOST).`,
    ];
  }
  if (e?.code === 'EACCES' && e.syscall === 'listen') {
    return [`Cannot listen on port ${config?.port ?? e.port}: permission denied (PORT: use 1024 or above).`];
  }
  if (e?.code === 'EADDRNOTAVAIL') {
    return [`Cannot listen on ${config?.host ?? e.address}: no such address on this machine (HOST).`];
  }
  if ((e?.code === 'EACCES' || e?.code === 'EPERM' || e?.code === 'EROFS') && e.path) {
    return [
      `Cannot write ${e.path}: ${e.code === 'EROFS' ? 'read-only file system' : 'permission denied'} (DATA_DIR).`,
    ];
  }
  if (e?.code === 'ENOSPC') return [`No space left on the disk of DATA_DIR (${e.path ?? config?.dataDir}).`];
  if (err instanceof DatabaseUnavailable) return [err.message];
  return undefined;
}

export class DatabaseUnavailable extends Error {
  override name = 'DatabaseUnavailable';
}

/** PostgreSQL errors that waiting will not cure: wrong password, no such database or role. */
const permanent: Record<string, string> = {
  '28P01': 'the password was refused',
  '28000': 'the role does not exist or may not connect',
  '3D000': 'the database does not exist',
  '42501': 'permission denied',
};

/** The database's host:port or socket, for messages (never the password). */
export function databaseTarget(url: string): string {
  try {
    const u = new URL(url);
    const db = u.pathname.replace(/^\//, '');
    return `${u.hostname || u.searchParams.get('host') || 'localhost'}:${u.port || 5432}${db ? `/${db}` : ''}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Waits for the database to answer: PostgreSQL may still be starting beside us (a compose file, a
 * reboot). Retries with backoff (0.5 s doubling to 5 s) for `timeoutMs`, saying so each time;
 * errors that waiting will not cure stop at once.
 */
export async function waitForDatabase(
  database: Database,
  opts: { timeoutMs: number; target: string; log: (line: string) => void; sleep?: (ms: number) => Promise<void> },
): Promise<void> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const deadline = Date.now() + opts.timeoutMs;
  let delay = 500;
  for (let attempt = 1; ; attempt++) {
    try {
      await database.ping();
      if (attempt > 1) opts.log(`The database at ${opts.target} answers now.`);
      return;
    } catch (err) {
      const code = errorCode(err);
      const reason = (code && permanent[code]) ?? undefined;
      if (reason) throw new DatabaseUnavailable(`Cannot use the database at ${opts.target}: ${reason} (DATABASE_URL).`);
      const left = deadline - Date.now();
      const what = code ?? (err instanceof Error ? err.message : String(err));
      if (left <= 0) {
        throw new DatabaseUnavailable(
          `The database at ${opts.target} did not answer within ${Math.round(opts.timeoutMs / 1000)} s (${what}); ` +
            'check DATABASE_URL, or allow longer with DATABASE_CONNECT_TIMEOUT_SECONDS.',
        );
      }
      const wait = Math.min(delay, left);
      opts.log(
        `Waiting for the database at ${opts.target} (${what}); retrying in ${(wait / 1000).toFixed(1)} s, ` +
          `${Math.ceil(left / 1000)} s left.`,
      );
      await sleep(wait);
      delay = Math.min(delay * 2, 5000);
    }
  }
}

function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e && i < 5; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
