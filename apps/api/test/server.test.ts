import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real entry point as `npm start` runs it: first start, graceful SIGTERM, data kept.
// PGlite only: the PostgreSQL project covers the same queries through app.inject.
const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const onPglite = (process.env.TEST_DB ?? 'pglite') === 'pglite';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function start(dataDir: string, port: number): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, output: () => out, exited };
}

async function login(port: number, email: string, password: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, adminPortal: true }),
  });
  return res.status;
}

describe.runIf(onPglite)('the server process (npm start)', () => {
  let dataDir: string;
  let port: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'strideadmin-server-'));
    port = await freePort();
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints the generated admin password once, stops cleanly on SIGTERM, and keeps its data', async () => {
    const first = await start(dataDir, port);
    const password = (await readFile(path.join(dataDir, 'initial-admin-password'), 'utf8')).trim();
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(first.output()).toContain(`password: ${password}`);
    expect(await login(port, 'admin@example.com', password)).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // Same data directory: the administrator is still there, and no new password is made.
    const second = await start(dataDir, port);
    try {
      expect(second.output()).not.toContain('First administrator created');
      expect(await login(port, 'admin@example.com', password)).toBe(200);
      expect((await readFile(path.join(dataDir, 'initial-admin-password'), 'utf8')).trim()).toBe(password);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  }, 120_000);
});
