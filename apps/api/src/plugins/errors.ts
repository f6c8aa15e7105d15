import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages } from '@strideadmin/contract';

/** An error a handler throws on purpose: its status and message reach the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: string[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A rule said no: the route answers `status` with `message`. */
export interface Refusal {
  ok: false;
  status: 400 | 403 | 404 | 409;
  message: string;
}
export const refuse = (status: Refusal['status'], message: string): Refusal => ({ ok: false, status, message });

/**
 * A service's outcome: `{ ok: true, ... }`, or a refusal (Refusal, or a module's own with other
 * statuses). A refusal that carries a `body` (an edit conflict) is not one of these: the route
 * answers it itself, before calling throwIfRefused.
 */
type Outcome = { ok: true } | { ok: false; status: number; message: string; body?: never };

/** A refusal becomes the HttpError its route answers; past this call, `result` is the success. */
export function throwIfRefused<T extends Outcome>(result: T): asserts result is Extract<T, { ok: true }> {
  if (!result.ok) throw new HttpError(result.status, result.message);
}

const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
  '53300', // too_many_connections
]);

// Values the database cannot store (a NUL character, a key too long to index, a number or date out
// of range): the request's fault, answered 400, never a 500.
const unstorableCodes = new Set(['22021', '22P05', '54000', '22001', '22003', '22007', '22008']);

function isUnstorableValue(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (typeof code === 'string' && unstorableCodes.has(code)) return true;
    // A lone UTF-16 surrogate ("\ud800") in a value sent as a JSON parameter (the bulk import's):
    // jsonb refuses its escape as invalid_text_representation.
    if (code === '22P02' && typeof detail === 'string' && /surrogate/i.test(detail)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

// What pg says without a code: the connection was lost ('Connection terminated unexpectedly', '...
// due to connection timeout'), the pool had none to give in time, or the connection is unusable
// since it was lost (a transaction's ROLLBACK after its connection dropped: that error replaces the
// first one in Drizzle's transaction).
const unavailableMessage = /Connection terminated|timeout exceeded when trying to connect|is not queryable/i;

function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && unavailableCodes.has(code)) return true;
    const msg = (e as { message?: unknown }).message;
    if (typeof msg === 'string' && unavailableMessage.test(msg)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The client went away before its request was read (Node's request stream fails with `aborted`,
 * ECONNRESET, which would otherwise read as a database connection reset): nobody is left to answer,
 * and nothing is wrong with the server.
 */
function isClientAbort(err: unknown, request: FastifyRequest): boolean {
  const code = (err as { code?: unknown }).code;
  if (code !== 'ECONNRESET' && code !== 'EPIPE' && code !== 'ERR_STREAM_PREMATURE_CLOSE') return false;
  return request.raw.readableAborted || request.raw.socket.destroyed;
}

/** Fastify's own 4xx errors, reworded for people. */
function clientErrorMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return messages.payloadTooLarge;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return messages.invalidJson;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return messages.unsupportedMediaType;
    default:
      return err.message || messages.validationFailed;
  }
}

/**
 * Fastify's answers from before any route is found (the `frameworkErrors` server option): a path
 * that is not valid percent-encoding (FST_ERR_BAD_URL, 400), a path parameter past
 * maxParamLength (FST_ERR_MAX_PARAM_LENGTH, 414). The envelope too, never the path echoed back.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err }, 'unhandled error');
    void reply.status(500).send({ message: messages.internalError });
    return;
  }
  request.log.info({ err: { code: err.code } }, 'client error');
  const api = /^\/api(?:[/?]|$)/.test(request.raw.url ?? '');
  void reply.status(status).send({ message: api ? messages.routeNotFound : messages.notFound });
}

// What zod-messages.ts says of a whole value that is missing or not an object: for a body, said as such.
const wholeValueMessages = new Set([messages.fieldRequired('The value'), messages.fieldNotObject('The value')]);

/** An issue's message; a body that is missing or no JSON object is said to be the request body's fault. */
function validationMessage(issue: { instancePath: string; message?: string }, context: string | undefined): string {
  const message = issue.message ?? messages.validationFailed;
  if (context === 'body' && issue.instancePath === '/' && wholeValueMessages.has(message))
    return messages.requestBodyNotObject;
  return message;
}

/** docs/behaviour.md §10: every failure is `{ message, errors? }`; a 5xx never shows internals. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (err instanceof HttpError) {
        if (err.headers) void reply.headers(err.headers);
        return reply
          .status(err.statusCode)
          .send(err.errors ? { message: err.message, errors: err.errors } : { message: err.message });
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        // Each issue's message was chosen by the contract (its schema's own, else zod-messages.ts):
        // readable, naming the field, never zod's default text (docs/behaviour.md §5 "Wrong types").
        const errors = [...new Set(err.validation.map((v) => validationMessage(v, err.validationContext)))];
        return reply.status(400).send({ message: errors.length === 1 ? errors[0] : messages.validationFailed, errors });
      }
      if (isUnstorableValue(err)) {
        request.log.info({ err: { code: (err as { code?: string }).code, message: err.message } }, 'unstorable value');
        return reply.status(400).send({ message: messages.valueNotStorable });
      }
      if (isClientAbort(err, request)) {
        request.log.info({ err: { code: err.code, message: err.message } }, 'client closed the connection');
        return reply.status(400).send({ message: messages.badRequest });
      }
      if (isDatabaseUnavailable(err)) {
        request.log.error({ err }, 'database unavailable');
        return reply.status(503).header('retry-after', '5').send({ message: messages.serviceUnavailable });
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500 && !isResponseSerializationError(err)) {
        request.log.info({ err: { code: err.code, message: err.message } }, 'client error');
        return reply.status(status).send({ message: clientErrorMessage(err) });
      }
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ message: messages.internalError });
    });
  },
  { name: 'errors' },
);
