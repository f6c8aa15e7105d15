import { type ClientContext, Redis, type Result } from 'ioredis';
import { type Claim, type FailureStore, type Guard, MemoryFailureStore, type Reservation } from './login-limiter.js';

/** The few logger methods the store uses (a pino / Fastify logger fits). */
export interface StoreLogger {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface RedisFailureStoreOptions {
  /** redis:// or rediss:// (REDIS_URL). */
  url: string;
  /** Put before every key (REDIS_KEY_PREFIX), so that several apps or test runs can share a Redis. */
  keyPrefix: string;
  log: StoreLogger;
  /** Longest wait for one Redis answer before the call counts in-process instead. */
  commandTimeoutMs?: number;
  /** Longest wait for a connection (at start: see ready()). */
  connectTimeoutMs?: number;
  /** The clock of the error-log throttle; tests move it. */
  now?: () => number;
}

/** Redis-side fixed window: the first add of a window sets its expiry, later adds never move it. */
const addScript = `
local n = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * FailureStore.reserve in one script, so no other client runs between the reads and the INCRs.
 * KEYS: the claims' keys, then the guard's key when there is one. ARGV: the window (ms), the
 * number of claims, the guard's threshold (-1: no guard), the guard's in-process count, then per
 * claim its limit, its limit under the guard (-1: no limit) and its in-process count (counts made
 * here while Redis was unreachable still apply). Answers the counts after, or -i when claim i refused.
 */
const reserveScript = `
local n = tonumber(ARGV[2])
local atLeast = tonumber(ARGV[3])
local guarded = atLeast >= 0 and math.max(tonumber(redis.call('GET', KEYS[n + 1]) or '0'), tonumber(ARGV[4])) >= atLeast
for i = 1, n do
  local base = 4 + (i - 1) * 3
  local limit = tonumber(ARGV[base + (guarded and 2 or 1)])
  local count = math.max(tonumber(redis.call('GET', KEYS[i]) or '0'), tonumber(ARGV[base + 3]))
  if limit >= 0 and count >= limit then return { -i } end
end
local counts = {}
for i = 1, n do
  counts[i] = redis.call('INCR', KEYS[i])
  if redis.call('PTTL', KEYS[i]) < 0 then redis.call('PEXPIRE', KEYS[i], ARGV[1]) end
end
return counts`;

/** FailureStore.release: one count less on each key that has one (never below 0, never a new key). */
const releaseScript = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 0`;

const errorLogIntervalMs = 60_000;

/**
 * The failure counters in Redis, shared by every instance of the server (REDIS_URL): a fixed
 * window per key, made atomic by a Lua script (INCR, then PEXPIRE when the key has no expiry yet).
 *
 * Failure policy: a sign-in never waits on, nor fails because of, Redis. Commands are never
 * queued while disconnected (enableOfflineQueue false, maxRetriesPerRequest 0) and wait at most
 * `commandTimeoutMs` for an answer; a call Redis cannot answer counts in this process instead
 * (the limits then hold per instance), and the error is logged at most once a minute. Counts made
 * in-process during an outage still apply until their window ends; the client keeps reconnecting
 * in the background and the shared counters take over again as soon as Redis answers.
 */
export class RedisFailureStore implements FailureStore {
  private readonly client: Redis;
  private readonly local = new MemoryFailureStore();
  private readonly log: StoreLogger;
  private readonly now: () => number;
  private readonly connectTimeoutMs: number;
  private lastErrorLog = Number.NEGATIVE_INFINITY;
  private suppressedErrors = 0;
  private failing = false;

  constructor(options: RedisFailureStoreOptions) {
    this.log = options.log;
    this.now = options.now ?? Date.now;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 2000;
    this.client = new Redis(options.url, {
      keyPrefix: options.keyPrefix,
      lazyConnect: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 500,
      connectTimeout: this.connectTimeoutMs,
      // Keep trying, every 5 s at most, for as long as the server runs.
      retryStrategy: (times) => Math.min(times * 200, 5000),
    });
    this.client.defineCommand('addFailure', { numberOfKeys: 1, lua: addScript });
    this.client.defineCommand('reserveClaims', { lua: reserveScript });
    this.client.defineCommand('releaseClaims', { lua: releaseScript });
    this.client.on('error', (err: Error) => this.failed(err));
    this.client.on('ready', () => {
      if (!this.failing) return;
      this.failing = false;
      this.log.info({ store: 'redis' }, 'Redis reachable again: limits are shared across instances');
    });
  }

  /**
   * Resolves once the first connection is made or has failed (bounded by the connect timeout),
   * never rejects: the server starts without Redis and counts in-process until it answers.
   */
  async ready(): Promise<void> {
    if (this.client.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.client.off('ready', done).off('error', done).off('end', done);
        resolve();
      };
      const timer = setTimeout(done, this.connectTimeoutMs);
      this.client.once('ready', done).once('error', done).once('end', done);
    });
  }

  async count(key: string): Promise<number> {
    const local = await this.local.count(key);
    try {
      const shared = await this.client.get(key);
      return Math.max(Number(shared ?? 0), local);
    } catch (err) {
      this.failed(err);
      return local;
    }
  }

  async add(key: string, windowSeconds: number): Promise<number> {
    try {
      const shared = Number(await this.client.addFailure(key, windowSeconds * 1000));
      return Math.max(shared, await this.local.count(key));
    } catch (err) {
      this.failed(err);
      return this.local.add(key, windowSeconds);
    }
  }

  async clear(key: string): Promise<void> {
    await this.local.clear(key);
    try {
      await this.client.del(key);
    } catch (err) {
      this.failed(err);
    }
  }

  async reserve(claims: readonly Claim[], windowSeconds: number, guard?: Guard): Promise<Reservation> {
    const limit = (n: number | undefined) => (n === undefined || n === Infinity ? -1 : n);
    const local = await Promise.all(claims.map((c) => this.local.count(c.key)));
    const keys = [...claims.map((c) => c.key), ...(guard ? [guard.key] : [])];
    const args = [
      windowSeconds * 1000,
      claims.length,
      guard ? guard.atLeast : -1,
      guard ? await this.local.count(guard.key) : 0,
      ...claims.flatMap((c, i) => [limit(c.limit), limit(c.guardedLimit ?? c.limit), local[i] ?? 0]),
    ];
    let answer: number[];
    try {
      answer = (await this.client.reserveClaims(keys.length, ...keys, ...args)).map(Number);
    } catch (err) {
      this.failed(err);
      return this.local.reserve(claims, windowSeconds, guard);
    }
    const first = answer[0] ?? 0;
    if (first < 0) return { ok: false, refusedBy: -first - 1 };
    return { ok: true, counts: answer.map((n, i) => Math.max(n, (local[i] ?? 0) + 1)) };
  }

  async release(keys: readonly string[]): Promise<void> {
    await this.local.release(keys);
    if (keys.length === 0) return;
    try {
      await this.client.releaseClaims(keys.length, ...keys);
    } catch (err) {
      this.failed(err);
    }
  }

  async close(): Promise<void> {
    if (this.client.status === 'ready') {
      try {
        await this.client.quit();
        return;
      } catch {
        // Fall through: drop the connection.
      }
    }
    this.client.disconnect();
  }

  private failed(err: unknown) {
    this.failing = true;
    const now = this.now();
    if (now - this.lastErrorLog < errorLogIntervalMs) {
      this.suppressedErrors += 1;
      return;
    }
    const suppressed = this.suppressedErrors;
    this.lastErrorLog = now;
    this.suppressedErrors = 0;
    this.log.error(
      { err, store: 'redis', suppressedSinceLastLog: suppressed },
      'Redis unreachable: brute-force limits counted in this process only',
    );
  }
}

declare module 'ioredis' {
  interface RedisCommander<Context extends ClientContext> {
    addFailure(key: string, windowMs: number): Result<number, Context>;
    reserveClaims(numberOfKeys: number, ...keysThenArgs: Array<string | number>): Result<number[], Context>;
    releaseClaims(numberOfKeys: number, ...keys: string[]): Result<number, Context>;
  }
}
