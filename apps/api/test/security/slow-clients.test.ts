import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { buildTestApp, loginAs, type TestApp } from '../helpers/index.js';
import { images } from '../storage/images.js';
import { requestPath, uploadUrl } from '../modules/uploads/upload-helpers.js';

// Slowloris: a client sending its headers or its body a byte at a time would hold its connection
// (and a slot of the server) for as long as it likes. With 1-second limits here, such a client is
// answered 408 and cut off, while the server keeps answering everyone else. The bounds asserted
// are far above the limits: a slow machine never fails them.

/** A raw connection to the test server: what it received, and when it was closed. */
async function open(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString()));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, closed, received: () => received };
}

/** Writes `text` one byte every `everyMs` until it is written or the socket is closed. */
async function trickle(socket: Socket, text: string, everyMs = 100): Promise<void> {
  for (const ch of text) {
    if (socket.destroyed || !socket.writable) return;
    socket.write(ch);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Resolves within `ms` or rejects: a connection that is never closed fails the test instead of hanging. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_r, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)),
  ]);
}

describe('slow clients (REQUEST_TIMEOUT_SECONDS=1, HEADERS_TIMEOUT_SECONDS=1)', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await buildTestApp({
      env: { REQUEST_TIMEOUT_SECONDS: '1', HEADERS_TIMEOUT_SECONDS: '1', UPLOAD_TIMEOUT_SECONDS: '60' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t?.close());

  const expect408 = (received: string) => {
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))).toEqual({
      message: messages.requestTimeout,
    });
  };

  it('a body trickled byte by byte: 408 and the connection closed, others served meanwhile', async () => {
    const c = await open(port);
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(300) });
    c.socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const sending = trickle(c.socket, body);
    // Meanwhile the server answers others.
    expect((await fetch(`http://127.0.0.1:${port}/api/health/live`)).status).toBe(200);

    await within(c.closed, 20_000, 'the slow connection closed');
    await sending;
    expect408(c.received());
  });

  it('headers trickled byte by byte: 408 and the connection closed', async () => {
    const c = await open(port);
    const sending = trickle(c.socket, `GET /api/health/live HTTP/1.1\r\nHost: x\r\nX-Slow: ${'y'.repeat(300)}\r\n\r\n`);
    await within(c.closed, 20_000, 'the slow connection closed');
    await sending;
    expect408(c.received());
  });

  it('an accepted image upload may take longer than other bodies (UPLOAD_TIMEOUT_SECONDS)', async () => {
    const admin = await loginAs(t, 'Admin');
    const url = await uploadUrl(t, admin, 'image/png');
    const png = images['image/png'];
    const c = await open(port);
    c.socket.write(
      `PUT ${requestPath(url)} HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\nContent-Length: ${png.length}\r\n\r\n`,
    );
    // Two halves, 2.5 s apart: past REQUEST_TIMEOUT_SECONDS, well within UPLOAD_TIMEOUT_SECONDS.
    c.socket.write(png.subarray(0, 8));
    await new Promise((r) => setTimeout(r, 2500));
    c.socket.write(png.subarray(8));
    const answered = new Promise<void>((resolve) => c.socket.on('data', () => c.received().endsWith('}') && resolve()));
    await within(answered, 20_000, 'the upload answered');
    c.socket.destroy();
    expect(c.received()).toMatch(/^HTTP\/1\.1 200 /);
  });
});
