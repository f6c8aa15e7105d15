import type { Server } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyHttpOptions, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@strideadmin/contract';
import type { Config } from '../config.js';

/**
 * Slow clients (docs/decisions/0016-request-limits-and-timeouts.md). A request's headers must
 * arrive within HEADERS_TIMEOUT_SECONDS and its body within REQUEST_TIMEOUT_SECONDS of the
 * request's start; a signed image upload, once its URL is accepted, gets UPLOAD_TIMEOUT_SECONDS.
 * Past that the client gets a 408 envelope and the connection is closed, whatever the client does
 * (a connection trickling one byte a second is as done as a silent one).
 */

type Timeouts = Config['timeouts'];

/** Node checks its headers and request deadlines this often (its own default: every 30 s). */
const checkEveryMs = 1000;

/** The raw answer written on the socket when a request is cut off (as Node does for its own timeouts). */
function rawAnswer(status: number, reason: string, message: string): string {
  const body = JSON.stringify({ message });
  return (
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n\r\n${body}`
  );
}

/** Answers 408 on `socket` if nothing was answered on it yet, then closes it. */
function cutOff(socket: Socket): void {
  if (socket.destroyed) return;
  if (socket.writable && socket.bytesWritten === 0) {
    socket.write(rawAnswer(408, 'Request Timeout', messages.requestTimeout));
  }
  socket.destroy();
}

/**
 * The server options of the timeouts: Node's own headers and request deadlines (the request
 * deadline is the longest a body may take, an upload's: the shorter one of other calls is the
 * plugin's), checked every second, and the answers to a client Node refuses before any route.
 */
export function serverTimeouts(
  timeouts: Timeouts,
): Pick<FastifyHttpOptions<Server>, 'requestTimeout' | 'http' | 'clientErrorHandler'> {
  const requestTimeout = Math.max(timeouts.requestMs, timeouts.uploadMs);
  return {
    requestTimeout,
    http: { headersTimeout: timeouts.headersMs, requestTimeout, connectionsCheckingInterval: checkEveryMs },
    clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return cutOff(socket);
      const [status, reason, message] =
        err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', messages.payloadTooLarge]
          : [400, 'Bad Request', messages.badRequest];
      if (socket.writable && socket.bytesWritten === 0) socket.write(rawAnswer(status, reason, message));
      socket.destroy();
    },
  };
}

const deadlines = new WeakMap<FastifyRequest, NodeJS.Timeout>();

/**
 * Gives the body of `request` until `ms` from now to arrive (replacing an earlier deadline); past
 * it, the request is cut off. A body already received needs no deadline.
 */
export function bodyDeadline(request: FastifyRequest, ms: number): void {
  clearTimeout(deadlines.get(request));
  // Injected requests (tests, app.inject) have no connection to cut.
  if (request.raw.complete || !(request.raw.socket instanceof Socket)) return;
  // No Content-Length nor Transfer-Encoding: the request has no body (HTTP/1.1), nothing to wait
  // for; no timer nor listener for it (most calls are GETs; docs/decisions/0018-request-path.md).
  const { headers } = request.raw;
  if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) return;
  const timer = setTimeout(() => {
    if (request.raw.complete) return;
    request.log.info({ timeoutMs: ms }, 'request body not received in time: connection closed');
    cutOff(request.raw.socket);
  }, ms);
  timer.unref();
  deadlines.set(request, timer);
  request.raw.once('close', () => clearTimeout(timer));
}

/** Every request's body: REQUEST_TIMEOUT_SECONDS (the upload route lengthens its own, bodyDeadline). */
export const timeoutsPlugin = fp(
  async (app: FastifyInstance, opts: { timeouts: Timeouts }) => {
    app.addHook('onRequest', async (request) => bodyDeadline(request, opts.timeouts.requestMs));
  },
  { name: 'timeouts' },
);
