import { messages, TransactionAbortedError } from '@electric-sql/pglite';

// The messages between the server's thread and the worker thread that runs PGlite
// (db/pglite-thread.ts, db/pglite-worker.ts). Values cross by structured clone, which keeps Dates,
// bigints, Uint8Arrays and plain objects as they are; functions and class instances do not cross,
// so query options travel as data and errors as their fields.

export interface WorkerData {
  dataDir: string;
}

/** A query's options as data: `rawTypes` are the types whose values come back unparsed (their parsers run in the caller's thread). */
export interface QueryData {
  text: string;
  params?: unknown[];
  rowMode?: 'array' | 'object';
  rawTypes?: number[];
  paramTypes?: number[];
  /** The open transaction it runs in. */
  tx?: number;
}

export type Request = { id: number } & (
  | ({ op: 'query' } & QueryData)
  | { op: 'exec'; text: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'rollback'; tx: number }
  | { op: 'rows'; text: string; params?: unknown[] }
  | { op: 'migrate' }
  | { op: 'ping' }
  | { op: 'listen'; channel: string; listener: number }
  | { op: 'unlisten'; listener: number }
  | { op: 'close' }
);

/** From the worker: a start-up result, a reply to a request, or a notification for a listener. */
export type WorkerMessage =
  | { op: 'ready' }
  | { op: 'failed'; error: ErrorData }
  | { op: 'reply'; id: number; ok: true; value: unknown }
  | { op: 'reply'; id: number; ok: false; error: ErrorData }
  | { op: 'notify'; listener: number; payload: string };

export interface ErrorData {
  /** PGlite's DatabaseError, its TransactionAbortedError, or anything else. */
  kind: 'database' | 'aborted' | 'other';
  name: string;
  message: string;
  stack?: string;
  /** A database error's message length (PGlite's `length`). */
  length?: number;
  /** Own fields with plain values (a database error's code, detail, constraint...; a system error's code, path...). */
  fields: Record<string, string | number | boolean | null | undefined>;
}

/** Fields not copied: the statement and its options are put back by the caller, `name`/`length` by the constructor. */
const notCopied = new Set(['query', 'params', 'queryOptions', 'name', 'length', 'message', 'stack']);

export function errorData(err: unknown): ErrorData {
  if (!(err instanceof Error)) return { kind: 'other', name: 'Error', message: String(err), fields: {} };
  const fields: ErrorData['fields'] = {};
  for (const [key, value] of Object.entries(err)) {
    if (notCopied.has(key)) continue;
    if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value))
      fields[key] = value as ErrorData['fields'][string];
  }
  const kind =
    err instanceof TransactionAbortedError ? 'aborted' : err instanceof messages.DatabaseError ? 'database' : 'other';
  const length = (err as { length?: unknown }).length;
  return {
    kind,
    name: err.name,
    message: err.message,
    stack: err.stack,
    length: typeof length === 'number' ? length : undefined,
    fields,
  };
}

const builtIn: Record<string, ErrorConstructor> = { TypeError, RangeError, SyntaxError, ReferenceError };

/** The error again, as an instance of its class (PGlite's DatabaseError for a database's error). */
export function errorFrom(data: ErrorData): Error {
  let err: Error;
  if (data.kind === 'aborted') err = new TransactionAbortedError();
  else if (data.kind === 'database') err = new messages.DatabaseError(data.message, data.length ?? 0, 'error');
  else {
    err = new (builtIn[data.name] ?? Error)(data.message);
    if (err.name !== data.name) err.name = data.name;
  }
  Object.assign(err, data.fields);
  if (data.stack) err.stack = data.stack;
  return err;
}
