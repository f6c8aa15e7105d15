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
 */

export interface AppRateLimitOptions {
  limits: Config['appLimits'];
  redis: Config['redis'];
  /** The routes counted as messages (method and full URL). */
  messageRoutes?: ReadonlyArray<{ method: string; url: string }>;
}

const minute = 60_000;

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
    await app.register(rateLimit, {
      global: false,
      skipOnError: true,
      cache: 100_000,
      ...(redis ? { redis, nameSpace: `${opts.redis!.keyPrefix}app-calls:` } : {}),
    });

    const userOf = (request: FastifyRequest) => request.authUser?.id ?? request.ip;
    const counters = [
      { name: 'calls', max: opts.limits.callsPerMinute, all: true },
      { name: 'messages', max: opts.limits.messagesPerMinute, all: false },
    ].map(({ name, max, all }) => ({
      all,
      count: app.createRateLimit({ max, timeWindow: minute, keyGenerator: (r) => `${name}:${userOf(r)}` }),
    }));

    const limit = (route: RouteOptions) => {
      const isMessage = messageRoutes.some((m) => [route.method].flat().includes(m.method) && m.url === route.url);
      const applicable = counters.filter((c) => c.all || isMessage);
      return async (request: FastifyRequest) => {
        for (const { count } of applicable) {
          const result = await count(request);
          if (!result.isAllowed && result.isExceeded) {
            const retryAfter = String(Math.max(1, result.ttlInSeconds));
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
