import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/index.js';

// A phone losing its signal mid-request is not a database outage: Node's request stream fails with
// `aborted` (ECONNRESET, the code of a database connection reset too). No 'database unavailable'
// error line, no 503, no 5xx in the metrics: one info line that the client went away.
class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
  entries(): Array<{ level: number; msg: string; err?: { code?: string } }> {
    return this.text
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { level: number; msg: string });
  }
}

const metricsToken = 'metrics-token-0123456789';

describe('a client that drops its connection while sending its request', () => {
  let t: TestApp;
  const log = new LogCapture();
  let port: number;

  beforeAll(async () => {
    t = await buildTestApp({
      env: { LOG_FORMAT: 'json', LOG_LEVEL: 'info', METRICS_TOKEN: metricsToken },
      logStream: log,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t?.close());

  it('is logged as a client that went away, not as the database unavailable', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":"a',
    );
    // The server has started reading the body (its request line is logged): now drop the connection.
    const deadline = Date.now() + 30_000;
    while (!log.entries().some((e) => e.msg === 'incoming request')) {
      if (Date.now() > deadline) throw new Error(`request never arrived:\n${log.text}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    socket.destroy();
    while (!log.entries().some((e) => e.msg === 'client closed the connection' || e.level >= 50)) {
      if (Date.now() > deadline) throw new Error(`nothing logged about the aborted request:\n${log.text}`);
      await new Promise((r) => setTimeout(r, 20));
    }

    const entries = log.entries();
    expect(entries.filter((e) => e.level >= 40).map((e) => e.msg)).toEqual([]);
    expect(entries.map((e) => e.msg)).not.toContain('database unavailable');
    const abort = entries.find((e) => e.msg === 'client closed the connection');
    expect(abort?.level).toBe(30);
    expect(abort?.err?.code).toBe('ECONNRESET');

    const metrics = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
    expect(metrics.body).not.toMatch(/^strideadmin_http_errors_total\{[^}]*\} [1-9]/m);
    expect(metrics.body).not.toMatch(/status_code="5\d\d"/);
  });
});
