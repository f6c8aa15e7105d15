import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import type { Database } from './client.js';
import { createPglite, wrapPglite } from './pglite.js';
import { cachedClient, statementCache } from './pglite-statements.js';
import {
  errorData,
  type QueryData,
  type Request,
  type WorkerData,
  type WorkerMessage,
} from './pglite-worker-protocol.js';

// The worker thread that runs the server's PGlite (db/pglite-thread.ts starts it): the engine, its
// statement cache and its locks all live here, so that its queries never run on the event loop
// that reads the server's sockets. Requests are answered in the order PGlite's own locks give.

const port = parentPort!;
const { dataDir } = workerData as WorkerData;
const post = (message: WorkerMessage) => port.postMessage(message);

/** The parsers for the types the caller parses itself: the text as it came. */
const raw = (value: string) => value;

/** Open transactions, by id: PGlite's own, held open until the caller ends it. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; finished: Promise<unknown> }>();
let nextTransaction = 0;
/** The rejection that makes PGlite roll a transaction back (never seen outside this file). */
const rolledBack = new Error('rolled back by its caller');
const listeners = new Map<number, () => Promise<void>>();

let client: PGlite;
let cached: PGlite;
let database: Database;
try {
  client = await createPglite({ dataDir });
  const statements = statementCache(client);
  cached = cachedClient(client, statements);
  database = await wrapPglite(client, statements);
  port.on('message', (request: Request) => {
    handle(request).then(
      (value) => {
        try {
          post({ op: 'reply', id: request.id, ok: true, value });
        } catch (err) {
          post({ op: 'reply', id: request.id, ok: false, error: errorData(err) }); // a value that cannot be cloned
        }
      },
      (err: unknown) => post({ op: 'reply', id: request.id, ok: false, error: errorData(err) }),
    );
  });
  post({ op: 'ready' });
} catch (err) {
  post({ op: 'failed', error: errorData(err) });
  port.close();
}

function openTransaction(id: number | undefined): Transaction {
  const open = id === undefined ? undefined : transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

function optionsOf(q: QueryData): QueryOptions | undefined {
  if (!q.rowMode && !q.rawTypes && !q.paramTypes) return undefined;
  return {
    rowMode: q.rowMode,
    paramTypes: q.paramTypes,
    parsers: q.rawTypes && Object.fromEntries(q.rawTypes.map((type) => [type, raw])),
  };
}

async function handle(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? cached : openTransaction(request.tx);
      return await target.query(request.text, request.params, optionsOf(request));
    }
    case 'exec':
      return await (request.tx === undefined ? cached : openTransaction(request.tx)).exec(request.text);
    case 'begin':
      return await begin();
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('Transaction is closed');
      transactions.delete(request.tx);
      open.end(request.commit);
      await open.finished.catch((err: unknown) => {
        if (err !== rolledBack) throw err;
      });
      return undefined;
    }
    case 'rollback':
      return await openTransaction(request.tx).rollback();
    case 'rows':
      return (await database.query(request.text, request.params)).rows;
    case 'migrate':
      return await database.migrate();
    case 'ping':
      return await database.ping();
    case 'listen': {
      const { listener } = request;
      listeners.set(
        listener,
        await database.listen(request.channel, (payload) => post({ op: 'notify', listener, payload })),
      );
      return undefined;
    }
    case 'unlisten': {
      const stop = listeners.get(request.listener);
      listeners.delete(request.listener);
      return await stop?.();
    }
    case 'close':
      await database.close();
      // Nothing is left to run here: the thread ends once this reply is sent.
      setImmediate(() => port.close());
      return undefined;
  }
}

/**
 * Opens a transaction (PGlite's transaction lock taken, BEGIN sent) and keeps it open until an
 * `end` commits or rolls it back; answers its id once BEGIN has run.
 */
function begin(): Promise<number> {
  const id = ++nextTransaction;
  return new Promise<number>((started, failed) => {
    const finished = cached.transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          transactions.set(id, { tx, end: (commit) => (commit ? resolve() : reject(rolledBack)), finished });
          started(id);
        }),
    );
    // Before it started (BEGIN failed, the database closed): the begin's error. After: `end`'s.
    finished.catch(failed);
  });
}
