import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAdminEmail } from './helpers/build-test-app.js';
import { linkTo, tokenOf } from './helpers/mail.js';
import { freePort, type ServerProcess, startServer, stopServer } from './helpers/server-process.js';

// The real entry point's stdout, as an operator (or a log collector) reads it. PGlite only: the
// PostgreSQL project covers the same logger through app.inject (plugins/logger.test.ts).
const onPglite = (process.env.TEST_DB ?? 'pglite') === 'pglite';
const querySecret = 'abc123secret';

/** Drives a token in a query string and a forgot-password e-mail; answers the reset link's token. */
async function driveSecrets(server: ServerProcess, dataDir: string): Promise<string> {
  expect((await fetch(`${server.origin}/api/health?token=${querySecret}`)).status).toBe(200);
  const forgot = await fetch(`${server.origin}/api/auth/forgot_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: testAdminEmail }),
  });
  expect(forgot.status).toBe(200);
  // The e-mail is written after the answer: wait for the file mailer's log line.
  const deadline = Date.now() + 15_000;
  while (!server.output().includes('e-mail to ')) {
    if (Date.now() > deadline) throw new Error(`no e-mail logged:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const dir = path.join(dataDir, 'mail');
  const [file] = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
  const mail = await simpleParser(await readFile(path.join(dir, file!)));
  return tokenOf(linkTo(mail, '/reset-password'));
}

describe.runIf(onPglite)('the server process: LOG_FORMAT=json', () => {
  let dataDir: string;
  let server: ServerProcess;
  let metricsPort: number;
  let resetToken: string;
  let lines: string[];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'strideadmin-logs-'));
    metricsPort = await freePort();
    server = await startServer({
      dataDir,
      env: { LOG_FORMAT: 'json', LOG_LEVEL: 'info', METRICS_PORT: String(metricsPort) },
    });
    resetToken = await driveSecrets(server, dataDir);
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('strideadmin_http_requests_total{method="GET",route="/api/health"');
    await stopServer(server);
    lines = server
      .output()
      .split('\n')
      .filter((l) => l.trim() !== '');
  }, 90_000);
  afterAll(async () => {
    if (server) await stopServer(server);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('writes one JSON object a line', () => {
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(typeof JSON.parse(line), line).toBe('object');
    const messages = lines.map((l) => (JSON.parse(l) as { msg?: string }).msg);
    expect(messages).toContain('incoming request');
    expect(messages).toContain('metrics listener ready');
  });

  it('never writes the token of a query string or of a reset link; names the .eml file instead', () => {
    for (const secret of [querySecret, resetToken]) expect(lines.filter((l) => l.includes(secret))).toEqual([]);
    const mailLine = lines.map((l) => JSON.parse(l) as { msg?: string; file?: string }).find((e) => e.file);
    expect(mailLine?.file?.startsWith(path.join(dataDir, 'mail'))).toBe(true);
    expect(server.output()).toContain('/reset-password?token=[redacted]');
  });
});

describe.runIf(onPglite)('the server process: LOG_FORMAT=pretty', () => {
  let dataDir: string;
  let server: ServerProcess;
  let resetToken: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'strideadmin-logs-'));
    server = await startServer({ dataDir, env: { LOG_FORMAT: 'pretty', LOG_LEVEL: 'info' } });
    resetToken = await driveSecrets(server, dataDir);
    await stopServer(server);
  }, 90_000);
  afterAll(async () => {
    if (server) await stopServer(server);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('writes human lines, not JSON, and no secret', () => {
    const out = server.output();
    expect(out).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: incoming request/m);
    expect(out).not.toMatch(/^\{"level"/m);
    expect(out).not.toContain(querySecret);
    expect(out).not.toContain(resetToken);
    expect(out).toContain('/api/health?token=[redacted]');
  });
});

describe.runIf(onPglite)('the server process: an invalid LOG_FORMAT', () => {
  it('refuses to start, naming LOG_FORMAT', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'strideadmin-logs-'));
    try {
      const started = startServer({ dataDir, env: { LOG_FORMAT: 'xml' }, readyWithinMs: 30_000 });
      await expect(started).rejects.toThrow(
        /exited early[\s\S]*Configuration error: LOG_FORMAT must be pretty or json/,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
