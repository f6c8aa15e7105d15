import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { errorEnvelopeSchema, messages } from '@strideadmin/contract';
import type { Config } from '../config.js';
import { HttpError } from './errors.js';

/**
 * Limits on the mobile app's calls, per signed-in app user and minute (@fastify/rate-limit): every
 * call guarded by requireAppUser counts against APP_RATE_LIMIT_PER_MINUTE, and sending a complaint
 * message also against APP_MESSAGE_LIMIT_PER_MINUTE. Past a limit: 429 with the envelope and
 * Retry-After. Counted after authentication (a preHandler), keyed by the user's id.
 *
 * Where the counts live: Redis (REDIS_URL, under REDIS_KEY_PREFIX), shared by every instance, or
 * this process. A call never waits on, nor fails because of, Redis: commands are never queued
 * while it is unreachable and wait 500 ms at most; a call Redis cannot count is let through
 * (skipOnError), and the outage is logged once until Redis answers again.
 *
 * In this process the counts are LocalCounts: @fastify/rate-limit's local store's fixed windows,
 * counted synchronously, without the library's promises and per-call objects on every app call
 * (docs/decisions/0018-request-path.md).
 */

export interface AppRateLimitOptions {
  limits: Config['appLimits'];
  redis: Config['redis'];
  /** The routes counted as messages (method and full URL). */
  messageRoutes?: ReadonlyArray<{ method: string; url: string }>;
}

const minute = 60_000;
/** Users (keys) whose windows are remembered per limit, the most recently counted ones. */
const localKeys = 100_000;

/** The outcome of counting one call: refused past the limit, with the seconds left of its window. */
type Count = { exceeded: false } | { exceeded: true; retryAfterSeconds: number };

/**
 * Fixed windows per key, as @fastify/rate-limit's local store counts them: a key's window starts
 * at its first call and lasts `windowMs`; the call after `max` in it is refused until it ends. At
 * most `maxKeys` keys, the least recently counted forgotten first.
 */
export class LocalCounts {
  private readonly windows = new Map<string, { count: number; start: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = localKeys,
  ) {}

  hit(key: string, now = Date.now()): Count {
    let w = this.windows.get(key);
    if (w === undefined) {
      w = { count: 0, start: now };
      if (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
    } else {
      // Most recently counted last (the Map's order).
      this.windows.delete(key);
      if (w.start + this.windowMs <= now) {
        w.count = 0;
        w.start = now;
      }
    }
    w.count++;
    this.windows.set(key, w);
    if (w.count <= this.max) return notExceeded;
    return { exceeded: true, retryAfterSeconds: Math.ceil((this.windowMs - (now - w.start)) / 1000) };
  }
}
const notExceeded: Count = { exceeded: false };

export const mobileAppRateLimitPlugin = fp(
  async (app: FastifyInstance, opts: AppRateLimitOptions) => {
    const messageRoutes = opts.messageRoutes ?? [{ method: 'POST', url: '/api/app/message' }];
    let redis: Redis | undefined;
    if (opts.redis) {
      // Loaded only with REDIS_URL: a start without it does not pay for ioredis (docs/decisions/0020-start-up.md).
      const { Redis } = await import('ioredis');
      redis = new Redis(opts.redis.url, {
        lazyConnect: false,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        commandTimeout: 500,
        connectTimeout: 2000,
        retryStrategy: (times) => Math.min(times * 200, 5000),
      });
      let failing = false;
      redis.on('error', (err: Error) => {
        if (failing) return;
        failing = true;
        app.log.error({ err, store: 'redis' }, 'Redis unreachable: app calls are not limited meanwhile');
      });
      redis.on('ready', () => {
        if (!failing) return;
        failing = false;
        app.log.info({ store: 'redis' }, 'Redis reachable again: app calls are limited again');
      });
      const client = redis;
      app.addHook('onClose', async () => {
        if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
        else client.disconnect();
      });
    }
    const userOf = (request: FastifyRequest) => request.authUser?.id ?? request.ip;
    const limits = [
      { name: 'calls', max: opts.limits.callsPerMinute, all: true },
      { name: 'messages', max: opts.limits.messagesPerMinute, all: false },
    ];
    type Counter = { all: boolean; count: (request: FastifyRequest) => Count | Promise<Count> };
    let counters: Counter[];
    if (redis) {
      await app.register(rateLimit, {
        global: false,
        skipOnError: true,
        redis,
        nameSpace: `${opts.redis!.keyPrefix}app-calls:`,
      });
      counters = limits.map(({ name, max, all }) => {
        const count = app.createRateLimit({ max, timeWindow: minute, keyGenerator: (r) => `${name}:${userOf(r)}` });
        return {
          all,
          count: async (request: FastifyRequest): Promise<Count> => {
            const result = await count(request);
            return !result.isAllowed && result.isExceeded
              ? { exceeded: true, retryAfterSeconds: result.ttlInSeconds }
              : notExceeded;
          },
        };
      });
    } else {
      counters = limits.map(({ max, all }) => {
        const counts = new LocalCounts(max, minute);
        return { all, count: (request: FastifyRequest) => counts.hit(String(userOf(request))) };
      });
    }

    const limit = (route: RouteOptions) => {
      const isMessage = messageRoutes.some((m) => [route.method].flat().includes(m.method) && m.url === route.url);
      const applicable = counters.filter((c) => c.all || isMessage);
      return async (request: FastifyRequest) => {
        for (const { count } of applicable) {
          const counted = count(request);
          const result = counted instanceof Promise ? await counted : counted;
          if (result.exceeded) {
            const retryAfter = String(Math.max(1, result.retryAfterSeconds));
            throw new HttpError(429, messages.tooManyRequests, undefined, { 'retry-after': retryAfter });
          }
        }
      };
    };

    // Every route whose own onRequest is requireAppUser (as the route table reads guards).
    app.addHook('onRoute', (route) => {
      const guards: unknown[] = route.onRequest === undefined ? [] : [route.onRequest].flat();
      if (!app.hasDecorator('requireAppUser') || !guards.includes(app.requireAppUser)) return;
      route.preHandler = [limit(route), ...(route.preHandler === undefined ? [] : [route.preHandler].flat())];
      // The API reference lists the 429 these calls may now answer.
      const response = route.schema?.response as Record<string, unknown> | undefined;
      if (response && !('429' in response))
        route.schema = { ...route.schema, response: { ...response, 429: errorEnvelopeSchema } };
    });
  },
  { name: 'mobile-app-rate-limit', dependencies: ['errors'] },
);
