// The production server (`node scripts/start.mjs`, what `npm start` runs) as a child process of a
// bench section: the portal built beforehand (not timed), a free port, the first 200 from
// /api/health polled every 20 ms, SIGTERM and the exit awaited at the end.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const web = path.join(root, 'apps/web');

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** The same test as scripts/start.mjs: is apps/web/dist missing or older than its sources? */
export function portalIsStale(): boolean {
  const builtIndex = path.join(web, 'dist/index.html');
  const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((p) => path.join(web, p));
  sources.push(path.join(root, 'packages/contract/src'));
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  return builtAt < Math.max(...sources.map(newestMtime));
}

/** Builds and browser suites share apps/web/dist: they take this lock (flock) around their work. */
export const e2eLock = '/tmp/e2e.lock';

/**
 * Builds the portal when start.mjs would (under `flock /tmp/e2e.lock`, unless `lockHeld`: this
 * process holds it through `holdLock`), so the server start measured afterwards never includes a
 * build.
 */
export function ensurePortalBuilt(opts: { lockHeld?: boolean } = {}): void {
  if (!portalIsStale()) return;
  console.log('  building the portal (not timed)...');
  const build = ['npm', 'run', 'build', '--silent', '-w', '@strideadmin/web'];
  const [cmd, ...args] = opts.lockHeld ? build : ['flock', e2eLock, ...build];
  const r = spawnSync(cmd!, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('the portal build failed');
}

/**
 * Takes `flock <file>` in a helper process and keeps it until `release()` (or this process ends):
 * e.g. /tmp/e2e.lock while a browser measures the portal, so nobody rebuilds apps/web/dist meanwhile.
 */
export async function holdLock(file: string): Promise<{ release: () => Promise<void> }> {
  const holder = spawn('flock', [file, 'sh', '-c', 'echo locked; exec cat >/dev/null'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    holder.stdout.once('data', () => resolve());
    holder.once('exit', (code) => reject(new Error(`flock ${file} exited (${code})`)));
  });
  return {
    release: async () => {
      if (holder.exitCode !== null) return;
      const exited = new Promise<void>((r) => holder.once('exit', () => r()));
      holder.stdin.end();
      await exited;
    },
  };
}

/** A port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** One GET; resolves the status, or 0 when nothing answers (yet). */
export function getStatus(url: string, timeoutMs = 2000): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/**
 * Polls `url` every `everyMs` until it answers 200; resolves performance.now() at that answer.
 * Rejects when the child exits first or after `timeoutMs`.
 */
export async function waitFor200(url: string, child: ChildProcess, everyMs = 20, timeoutMs = 120_000) {
  const deadline = performance.now() + timeoutMs;
  let exited = child.exitCode !== null;
  const onExit = () => (exited = true);
  child.once('exit', onExit);
  try {
    for (;;) {
      const status = await getStatus(url);
      if (status === 200) return performance.now();
      if (exited) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering`);
      if (performance.now() > deadline) throw new Error(`no 200 from ${url} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  } finally {
    child.off('exit', onExit);
  }
}

/** SIGTERM, then waits for the exit (SIGKILL after `graceMs`). */
export async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * The environment of a server child: this process's, minus DATABASE_URL (a bench database is
 * always named explicitly), with HOST 127.0.0.1, PORT and `extra` (undefined removes a variable).
 */
export function serverEnv(port: number, extra: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string | undefined> = { ...process.env, DATABASE_URL: undefined };
  Object.assign(env, { HOST: '127.0.0.1', PORT: String(port) }, extra);
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  return env as Record<string, string>;
}

/** start.mjs said it (re)built the portal: the start included a build. */
export const portalWasBuilt = (output: string) => /Building the portal|rebuilding the portal/i.test(output);

export interface ServerChild {
  url: string;
  child: ChildProcess;
  /** Everything the child wrote (stdout and stderr), for a failure's message. */
  output: () => string;
  /** performance.now() at spawn and at the first 200 from /api/health. */
  spawnedAt: number;
  readyAt: number;
  stop: () => Promise<void>;
}

/**
 * Spawns `node [nodeArgs] <script>` (default scripts/start.mjs, what `npm start` runs; the Node binary
 * is `opts.node`, else this process's) with
 * PORT/HOST and `env` (on top of this process's environment, minus DATABASE_URL unless given; an
 * undefined value removes a variable) and waits for the first 200 from /api/health.
 */
export async function startServer(opts: {
  env: Record<string, string | undefined>;
  script?: string;
  nodeArgs?: string[];
  /** The Node binary (default: this process's). */
  node?: string;
  everyMs?: number;
}): Promise<ServerChild> {
  const port = await freePort();
  const env = serverEnv(port, opts.env);
  let out = '';
  const spawnedAt = performance.now();
  const child = spawn(opts.node ?? process.execPath, [...(opts.nodeArgs ?? []), opts.script ?? 'scripts/start.mjs'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  let readyAt: number;
  try {
    readyAt = await waitFor200(`${url}/api/health`, child, opts.everyMs ?? 20);
  } catch (err) {
    await stopChild(child);
    throw new Error(`${(err as Error).message}\n--- server output ---\n${out.slice(-4000)}`);
  }
  return { url, child, output: () => out, spawnedAt, readyAt, stop: () => stopChild(child) };
}
