import { type ClientContext, Redis, type Result } from 'ioredis';
import { type FailureStore, MemoryFailureStore } from './login-limiter.js';

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
  }
}
