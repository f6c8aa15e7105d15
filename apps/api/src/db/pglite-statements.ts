import { type PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * Prepared statements for PGlite (docs/decisions/0021-embedded-database-under-load.md).
 *
 * PGlite's `query(text, params)` runs every call as five round trips into its engine (parse,
 * describe the statement, bind, describe the portal, execute) before the sync: the statement is
 * parsed, analysed and described again on every call. The engine is one single-threaded
 * PostgreSQL inside this process, so that work is paid on the thread that runs it (the server's:
 * a worker thread, db/pglite-thread.ts), call after call. Here a statement is parsed and described
 * once, under a name of its own, and each call after that is one round trip: bind, describe the
 * portal, execute, sync. Rows, errors and parsing of the values are PGlite's own (`parseResults`,
 * its serializers and parsers), so a caller sees what `query` gives.
 *
 * The same texts recur (Drizzle writes the same SQL for the same builder, values are parameters):
 * the `max` most recently used statements are kept, the least recently used one closed past that.
 * A statement whose tables changed since it was prepared is prepared again once (PostgreSQL
 * re-plans it by itself; only a changed result row type needs a new statement).
 *
 * The locks are PGlite's: outside a transaction the call holds its transaction lock and its query
 * lock, as `query` does; inside one (the transaction lock is held already) only the query lock.
 */

/** `query` as PGlite's. */
type Runner = <T>(text: string, params: unknown[] | undefined, options?: QueryOptions) => Promise<Results<T>>;

/** PostgreSQL's codes for a statement that must be prepared again. */
const preparedAgain = new Set(['0A000', '26000']);

export interface StatementCache {
  /** `query` of PGlite through the cache, outside any transaction. */
  query: Runner;
  /** The same inside a transaction (its lock is held by the caller already). */
  queryInTransaction: Runner;
  /** Whether a call with these options goes through the cache (else: PGlite's own `query`). */
  handles(options?: QueryOptions): boolean;
  /** Statements prepared so far (tests). */
  prepared(): number;
}

export function statementCache(client: PGlite, max = 256): StatementCache {
  const { serialize } = protocol;
  /** text → statement name, least recently used first. */
  const statements = new Map<string, { name: string; paramTypes: number[] }>();
  let next = 0;
  let preparedCount = 0;

  const concat = (parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };
  const exec = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  async function statementFor(text: string) {
    const known = statements.get(text);
    if (known) {
      // Most recently used last.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    if (statements.size >= max) {
      const [oldText, old] = statements.entries().next().value!;
      statements.delete(oldText);
      await exec(concat([serialize.close({ type: 'S', name: old.name }), serialize.sync()]));
    }
    const name = `strideadmin_s${++next}`;
    const described = await exec(
      concat([serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    statements.set(text, statement);
    preparedCount += 1;
    return statement;
  }

  async function run<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    let statement: { name: string; paramTypes: number[] } | undefined;
    try {
      for (let attempt = 0; ; attempt++) {
        statement = await statementFor(text);
        const types = statement.paramTypes;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = options?.serializers?.[types[i]!] ?? client.serializers[types[i]!];
          // As PGlite's own query: a type it has no serializer for is sent as the value's text.
          return serializer ? serializer(value) : (value as { toString(): string }).toString();
        });
        try {
          const messages = await exec(
            concat([
              serialize.bind({ statement: statement.name, values }),
              serialize.describe({ type: 'P' }),
              serialize.execute({}),
              serialize.sync(),
            ]),
          );
          return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
        } catch (err) {
          const code = (err as { code?: string }).code;
          if (attempt > 0 || !code || !preparedAgain.has(code)) throw err;
          statements.delete(text);
        }
      }
    } catch (err) {
      // As PGlite's own query: the error names its statement and parameters.
      if (err && typeof err === 'object' && 'severity' in err)
        Object.assign(err, { query: text, params, queryOptions: options });
      throw err;
    }
  }

  /** Calls left to PGlite's own `query`: files (COPY), given parameter types, notices. */
  const handles = (options?: QueryOptions) =>
    options?.blob === undefined && options?.paramTypes === undefined && options?.onNotice === undefined;

  return {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      !handles(options)
        ? client.query<T>(text, params, options)
        : client._runExclusiveTransaction(() =>
            client._runExclusiveQuery(async () => {
              const result = await run<T>(text, params, options);
              await client.syncToFs();
              return result;
            }),
          ),
    queryInTransaction: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      client._runExclusiveQuery(() => run<T>(text, params, options)),
    handles,
    prepared: () => preparedCount,
  };
}

/**
 * The client Drizzle is given: PGlite's own for everything but `query`, which goes through the
 * statement cache, in and out of transactions.
 */
export function cachedClient(client: PGlite, cache: StatementCache): PGlite {
  const inTransaction = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, key, receiver) {
        if (key === 'query')
          return <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> =>
            // A closed transaction, or a call the cache leaves alone: PGlite's own answer.
            target.closed || !cache.handles(options)
              ? target.query<T>(text, params, options)
              : cache.queryInTransaction<T>(text, params, options);
        const value = Reflect.get(target, key, receiver) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return cache.query;
      if (key === 'transaction')
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) => callback(inTransaction(tx)));
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
