import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type { Database, Db } from './client.js';
import * as schema from './schema.js';
import {
  errorFrom,
  type QueryData,
  type Request,
  type WorkerData,
  type WorkerMessage,
} from './pglite-worker-protocol.js';

// The server's PGlite, in a worker thread of its own (docs/decisions/0021-embedded-database-under-load.md).
// PGlite runs each query synchronously; on the event loop, a request's queries ran to their end
// before the next socket was read. Here the event loop only sends each statement to the worker and
// reads every socket meanwhile; the worker runs the statements one at a time, under PGlite's own
// locks, with the statement cache (db/pglite-statements.ts) beside the engine.

type Parser = (value: string, type: number) => unknown;
/** A request as sent, without its id. */
type WithoutId<R> = R extends unknown ? Omit<R, 'id'> : never;
type Call = WithoutId<Request>;

/**
 * The worker's file: `pglite-worker.js` beside the built server (the build writes every entry flat
 * into apps/api/dist), or the TypeScript source, run through tsx's loader (tests, `npm run dev`).
 */
function startWorker(data: WorkerData): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: data });
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  // tsx's ES module API (`tsx/esm/api`, its `import` export), which registers its loader in the thread.
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(code, { eval: true, workerData: data });
}

/**
 * PGlite persisted in `dataDir`, run in a worker thread: the same Database as openPglite's (the
 * same rows, values, errors, transactions and notifications), its queries off the event loop.
 * `onFailure`: the worker stopped while the database was open (by default thrown, ending the
 * process). `onWorker`: the thread, once started (tests stop it).
 */
export async function openPgliteWorker(opts: {
  dataDir: string;
  onFailure?: (err: Error) => void;
  onWorker?: (worker: Worker) => void;
}): Promise<Database> {
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const worker = startWorker({ dataDir: opts.dataDir });
  opts.onWorker?.(worker);
  /** A query's statement, parameters and options as its caller gave them, for its error. */
  type Asked = { text: string; params: unknown[]; options?: QueryOptions };
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void; asked?: Asked }>();
  const listeners = new Map<number, (payload: string) => void>();
  let nextId = 0;
  let nextListener = 0;
  /** Set once the worker is gone: every call from then on fails with it. */
  let stopped: Error | undefined;
  let closing: Promise<void> | undefined;
  let opened = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  // The thread keeps the process alive only while an answer is awaited, as a query in progress
  // does: an idle database (listeners included) does not, as PGlite in this thread did not.
  const call = <T>(request: Call, asked?: Asked): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = ++nextId;
    return new Promise<T>((resolve, reject) => {
      worker.postMessage({ ...request, id });
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, asked });
      if (pending.size === 1) worker.ref();
    });
  };

  let ready!: () => void;
  let failed!: (err: Error) => void;
  const started = new Promise<void>((resolve, reject) => ((ready = resolve), (failed = reject)));

  const stop = (err: Error) => {
    if (stopped) return;
    stopped = err;
    for (const { reject } of pending.values()) reject(err);
    pending.clear();
    failed(err);
    if (opened && !closing) (opts.onFailure ?? throwUncaught)(err);
  };

  worker.on('message', (message: WorkerMessage) => {
    switch (message.op) {
      case 'ready':
        return ready();
      case 'failed':
        stop(errorFrom(message.error));
        void worker.terminate();
        return;
      case 'notify':
        return listeners.get(message.listener)?.(message.payload);
      case 'reply': {
        const waiting = pending.get(message.id);
        if (!waiting) return;
        pending.delete(message.id);
        if (pending.size === 0) worker.unref();
        if (message.ok) return waiting.resolve(message.value);
        const err = errorFrom(message.error);
        // As PGlite's own query: a database's error names its statement and parameters.
        if (waiting.asked && message.error.kind !== 'other') {
          const { text, params, options } = waiting.asked;
          Object.assign(err, { query: text, params, queryOptions: options });
        }
        return waiting.reject(err);
      }
    }
  });
  worker.on('error', (err) => stop(err));
  worker.on('exit', (code) =>
    stop(new Error(`The embedded database's worker thread ${closing ? 'was closed' : `stopped (exit code ${code})`}`)),
  );

  try {
    await started;
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  opened = true;
  worker.unref();

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions, tx?: number) {
    const { rowMode, parsers, paramTypes, ...rest } = options ?? {};
    const unsupported = Object.entries(rest).find(([, value]) => value !== undefined);
    if (unsupported) throw new TypeError(`The query option ${unsupported[0]} is not available with PGlite in a worker`);
    const data: QueryData = { text, params, rowMode, paramTypes, tx };
    if (parsers) data.rawTypes = Object.keys(parsers).map(Number);
    const result = await call<Results<T>>({ op: 'query', ...data }, { text, params, options });
    if (parsers) parseRows(result, parsers, rowMode);
    return result;
  }

  /** The PGlite-like client Drizzle is given: its `query` and `transaction`, run in the worker. */
  const client = {
    query,
    exec: (text: string) => call<Results[]>({ op: 'exec', text }),
    transaction: async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
      const id = await call<number>({ op: 'begin' });
      let closed = false;
      const whileOpen = <R>(run: () => Promise<R>) =>
        closed ? Promise.reject(new Error('Transaction is closed')) : run();
      const tx = {
        query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
          whileOpen(() => query<R>(text, params, options, id)),
        exec: (text: string) => whileOpen(() => call<Results[]>({ op: 'exec', text, tx: id })),
        rollback: () =>
          whileOpen(async () => {
            await call({ op: 'rollback', tx: id });
            closed = true;
          }),
        get closed() {
          return closed;
        },
      } as unknown as Transaction;
      let result: T;
      try {
        result = await callback(tx);
      } catch (err) {
        closed = true;
        await call({ op: 'end', tx: id, commit: false });
        throw err;
      }
      closed = true;
      await call({ op: 'end', tx: id, commit: true });
      return result;
    },
    get closed() {
      return stopped !== undefined;
    },
  };

  return {
    db: drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db,
    driver: 'pglite',
    migrate: () => call({ op: 'migrate' }),
    ping: () => call({ op: 'ping' }),
    query: async <R>(text: string, params: unknown[] = []) => ({
      rows: await call<R[]>({ op: 'rows', text, params }, { text, params }),
    }),
    // One session: NOTIFY reaches its own LISTEN when the notifying statement's transaction commits.
    listen: async (channel, onMessage, onState) => {
      const listener = ++nextListener;
      listeners.set(listener, onMessage);
      try {
        await call({ op: 'listen', channel, listener });
      } catch (err) {
        listeners.delete(listener);
        throw err;
      }
      onState?.(true);
      return async () => {
        listeners.delete(listener);
        if (!stopped) await call({ op: 'unlisten', listener });
      };
    },
    poolStats: () => undefined,
    close: () => {
      closing ??= (async () => {
        worker.ref();
        try {
          if (!stopped) await call({ op: 'close' });
        } finally {
          // PGlite is closed: the thread ends by itself; one that does not is ended.
          const late = setTimeout(() => void worker.terminate(), 5_000);
          await exited;
          clearTimeout(late);
        }
      })();
      return closing;
    },
  };
}

/** The default for a worker lost while open: an uncaught error, which ends the process. */
function throwUncaught(err: Error): void {
  process.nextTick(() => {
    throw err;
  });
}

/** The caller's parsers, on the values the worker left as text (null stays null, as in PGlite). */
function parseRows(result: Results<unknown>, parsers: Record<number, Parser>, rowMode: QueryOptions['rowMode']) {
  const fields = result.fields.map((f, i) => ({ ...f, i })).filter((f) => parsers[f.dataTypeID]);
  if (fields.length === 0) return;
  if (rowMode === 'array') {
    for (const row of result.rows as unknown[][])
      for (const f of fields)
        if (row[f.i] !== null) row[f.i] = parsers[f.dataTypeID]!(row[f.i] as string, f.dataTypeID);
    return;
  }
  // By name, as PGlite builds an object row: the last field of a name is the one kept.
  const last = new Map(result.fields.map((f, i) => [f.name, i]));
  for (const row of result.rows as Record<string, unknown>[])
    for (const f of fields)
      if (last.get(f.name) === f.i && row[f.name] !== null)
        row[f.name] = parsers[f.dataTypeID]!(row[f.name] as string, f.dataTypeID);
}
