// How the server process ends. Each case runs the compiled server as a
// supervisor starts it (node apps/api/dist/server.js, or `npm start`) on the embedded database.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAdminEmail, testAdminPassword } from '../helpers/build-test-app.js';
import {
  alive,
  compiledServer,
  repoRoot,
  serverEnv,
  spawnServer,
  waitGone,
  waitReady,
} from '../helpers/compiled-server.js';
import { freePort } from '../helpers/server-process.js';

const onPglite = (process.env.TEST_DB ?? 'pglite') === 'pglite';

/** A raw HTTP/1.1 client socket: what it received, and how it ended (an error code, or 'end'). */
function rawSocket(port: number) {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  let ended: string | undefined;
  socket.on('data', (d) => (received += d.toString()));
  socket.on('error', (err: NodeJS.ErrnoException) => (ended ??= err.code ?? 'error'));
  socket.on('close', () => (ended ??= 'end'));
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, connected, received: () => received, ended: () => ended };
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function refused(port: number): Promise<string> {
  return new Promise((resolve) => {
    const s: Socket = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve('connected');
    });
    s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
  });
}

/** The pid pino writes on each line of the server's log. */
function serverPid(output: string): number {
  const m = output.match(/"pid":(\d+)/);
  if (!m) throw new Error(`no pid in:\n${output}`);
  return Number(m[1]);
}

describe.runIf(onPglite)('stopping the server process', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'strideadmin-signals-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('SIGTERM: stops accepting, finishes the request in flight with Connection: close, closes idle kept-alive connections cleanly, logs a last line and exits 0', async () => {
    const s = await spawnServer({ dataDir });
    try {
      await waitReady(s);

      // A: a sign-in whose body is still arriving when the signal comes (in flight).
      const a = rawSocket(s.port);
      await a.connected;
      const body = JSON.stringify({ email: testAdminEmail, password: testAdminPassword, adminPortal: true });
      a.socket.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n` +
          body.slice(0, 10),
      );
      // B: a kept-alive connection that already had its answer and sits idle.
      const b = rawSocket(s.port);
      await b.connected;
      b.socket.write('GET /api/health/live HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
      await until(() => b.received().includes('\r\n\r\n{'));
      expect(b.received()).toMatch(/^HTTP\/1\.1 200/);

      await new Promise((r) => setTimeout(r, 200)); // A's first bytes are read
      const signalledAt = Date.now();
      s.child.kill('SIGTERM');

      // No new connections; the idle one is closed by the server, without a reset.
      await until(() => b.ended() !== undefined);
      expect(b.ended()).toBe('end');
      // No new connections once the listener is closed (a moment after the signal).
      let answer = '';
      await until(() => answer === 'ECONNREFUSED' || Date.now() - signalledAt > 3000);
      for (let i = 0; i < 60 && answer !== 'ECONNREFUSED'; i++) {
        answer = await refused(s.port);
        if (answer !== 'ECONNREFUSED') await new Promise((r) => setTimeout(r, 50));
      }
      expect(answer).toBe('ECONNREFUSED');

      // The request in flight is finished and answered, and its connection closed after it.
      a.socket.write(body.slice(10));
      await until(() => a.ended() !== undefined);
      expect(a.ended()).toBe('end');
      expect(a.received()).toMatch(/^HTTP\/1\.1 200 /);
      expect(a.received().toLowerCase()).toContain('\r\nconnection: close\r\n');
      expect(a.received()).toContain('"token"');

      const { code, at } = await s.exited;
      expect(code).toBe(0);
      expect(at - signalledAt).toBeLessThan(10_000);
      const lines = s.output().trim().split('\n');
      expect(JSON.parse(lines.at(-1)!)).toMatchObject({ msg: 'stopped', reason: 'SIGTERM' });
    } finally {
      s.child.kill('SIGKILL');
    }
  }, 90_000);

  it('SIGINT (Ctrl-C in a terminal): the same clean stop, and the data opens again', async () => {
    const s = await spawnServer({ dataDir });
    await waitReady(s);
    s.child.kill('SIGINT');
    const { code } = await s.exited;
    expect(code).toBe(0);
    expect(s.output()).toContain('"reason":"SIGINT","msg":"stopped"');

    // The embedded database was closed properly: a new server opens it, and says once that
    // ADMIN_PASSWORD no longer applies (the administrator exists).
    const again = await spawnServer({ dataDir });
    try {
      await waitReady(again);
      expect(again.output().match(/ADMIN_PASSWORD is ignored/g)).toHaveLength(1);
    } finally {
      again.child.kill('SIGTERM');
      expect((await again.exited).code).toBe(0);
    }
  }, 90_000);

  it('SIGTERM to `npm start` (what a supervisor sends it): npm stops, and the server it started stops too', async () => {
    const npm = await spawnServer({ dataDir, command: 'npm', args: ['start', '--silent'], detached: true });
    try {
      await waitReady(npm);
      const pid = serverPid(npm.output());
      expect(pid).not.toBe(npm.child.pid);

      npm.child.kill('SIGTERM'); // npm alone, not its process group
      const took = await waitGone(pid, 12_000);
      expect(took).toBeLessThan(10_000);
      expect(npm.output()).toContain('"reason":"parent process exited","msg":"stopped"');
      expect(await refused(npm.port)).toBe('ECONNREFUSED');
    } finally {
      try {
        process.kill(-npm.child.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    }
  }, 90_000);

  it("SIGINT to `npm start`'s process group (Ctrl-C): every process of it ends, the server cleanly", async () => {
    const npm = await spawnServer({ dataDir, command: 'npm', args: ['start', '--silent'], detached: true });
    try {
      await waitReady(npm);
      const pid = serverPid(npm.output());

      process.kill(-npm.child.pid!, 'SIGINT');
      expect(await waitGone(pid, 12_000)).toBeLessThan(10_000);
      await npm.exited;
      expect(npm.output()).toContain('"reason":"SIGINT","msg":"stopped"');
    } finally {
      try {
        process.kill(-npm.child.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    }
  }, 90_000);

  it('a parent that dies (SIGKILL: it can tell nobody) takes the server down with it', async () => {
    const port = await freePort();
    // A stand-in supervisor that starts the server and prints its pid.
    const parent = spawn(
      process.execPath,
      [
        '-e',
        `const c = require('node:child_process').spawn(process.execPath, [${JSON.stringify(compiledServer)}], { stdio: 'ignore' });
         console.log(c.pid); setInterval(() => {}, 1000);`,
      ],
      { cwd: repoRoot, env: serverEnv(dataDir, port), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let printed = '';
    parent.stdout.on('data', (d: Buffer) => (printed += d.toString()));
    await until(() => /\d+\n/.test(printed));
    const pid = Number(printed.trim());
    try {
      await waitReady({
        child: parent,
        port,
        origin: `http://127.0.0.1:${port}`,
        output: () => '',
        exited: new Promise(() => {}),
      });
      parent.kill('SIGKILL');
      expect(await waitGone(pid, 12_000)).toBeLessThan(10_000);
    } finally {
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  }, 90_000);

  it('a log reader that stops reading (a full pipe) neither freezes the server nor stops it from exiting', async () => {
    const s = await spawnServer({ dataDir, read: false });
    try {
      await waitReady(s);
      // ~500 B of log per request: a 64 KiB pipe is full after ~130 requests.
      for (let i = 0; i < 600; i++) {
        const res = await fetch(`${s.origin}/api/health/live`, { signal: AbortSignal.timeout(5000) });
        expect(res.status).toBe(200);
      }
      const signalledAt = Date.now();
      s.child.kill('SIGTERM');
      const { code, at } = await s.exited;
      expect(at - signalledAt).toBeLessThan(10_000);
      expect(code).toBe(0);
    } finally {
      s.child.kill('SIGKILL');
    }
  }, 90_000);

  it('a log reader that goes away (a broken pipe) changes nothing: it serves on, and exits 0 on SIGTERM', async () => {
    const s = await spawnServer({ dataDir });
    try {
      await waitReady(s);
      s.child.stdout!.destroy();
      s.child.stderr!.destroy();
      for (let i = 0; i < 200; i++) {
        const res = await fetch(`${s.origin}/api/health/live`, { signal: AbortSignal.timeout(5000) });
        expect(res.status).toBe(200);
      }
      const signalledAt = Date.now();
      s.child.kill('SIGTERM');
      const { code, at } = await s.exited;
      expect(code).toBe(0);
      expect(at - signalledAt).toBeLessThan(10_000);
    } finally {
      s.child.kill('SIGKILL');
    }
  }, 90_000);
});
