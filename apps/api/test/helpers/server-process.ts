import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testAdminEmail, testAdminPassword, testJwtSecret } from './build-test-app.js';

/**
 * The real server entry (apps/api/src/server.ts, as `npm run dev` runs it through tsx, or its
 * compiled form apps/api/dist/server.js, as `npm start` runs it) in a child process, for what
 * app.inject cannot show: a process killed, restarted on its data, several behind a balancer.
 */
const serverEntry = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
const compiledEntry = fileURLToPath(new URL('../../dist/server.js', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** What it printed so far (stdout and stderr). */
  output(): string;
  /** Settles when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the server on `dataDir` (and `DATABASE_URL` when given: PostgreSQL, else PGlite in
 * dataDir/db) and resolves once GET /api/health (or `readyPath`) answers 200. The first
 * administrator is the test one (testAdminEmail / testAdminPassword); tokens are signed with
 * testJwtSecret. `compiled`: run apps/api/dist/server.js (built first if stale) instead of the
 * TypeScript source; `port`: listen there (a restart on the same address) instead of a free one.
 */
export async function startServer(opts: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  readyWithinMs?: number;
  compiled?: boolean;
  port?: number;
  readyPath?: string;
  /** Run as this user (the test runner must be root to switch). */
  user?: { uid: number; gid: number };
}): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  // The compiled server is built once per run by the global setup (test/setup/global-setup.ts).
  const args = opts.compiled ? ['--enable-source-maps', compiledEntry] : ['--import', 'tsx', serverEntry];
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATA_DIR: opts.dataDir,
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: path.join(opts.dataDir, 'no-web'),
      JWT_SECRET: testJwtSecret,
      ADMIN_EMAIL: testAdminEmail,
      ADMIN_PASSWORD: testAdminPassword,
      NOTIFICATION_WORKER: 'false',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(opts.user ? { uid: opts.user.uid, gid: opts.user.gid } : {}),
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.readyWithinMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited early:\n${out}`);
    const ok = await fetch(`${origin}${opts.readyPath ?? '/api/health'}`).then(
      (res) => res.ok,
      () => false, // not listening yet
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, origin, output: () => out, exited };
}

/** Sends `signal` and resolves once the process is gone (at once if it already is). */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

/** POST /api/auth/login through the portal; answers the bearer token. */
export async function loginOver(origin: string, email = testAdminEmail, password = testAdminPassword) {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, adminPortal: true }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const { body } = (await res.json()) as { body: { token: string } };
  return { authorization: `Bearer ${body.token}` };
}
