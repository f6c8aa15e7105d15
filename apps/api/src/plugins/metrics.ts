import { createHash, timingSafeEqual } from 'node:crypto';
import type { Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Counter, Registry } from 'prom-client';
import { messages } from '@strideadmin/contract';
import type { MetricsConfig } from '../config.js';
import type { Database } from '../db/client.js';

/**
 * Prometheus metrics (docs/operations/metrics.md). Off unless METRICS_TOKEN (GET /metrics on the
 * main port, bearer token) and/or METRICS_PORT (a listener of its own, no token). Off means off:
 * no hooks, no registry, prom-client not even loaded; app.metrics is then a no-op.
 */

/** Why a sign-in failed: a bounded set (a label value of strideadmin_sign_in_failures_total). */
export type SignInFailure = 'bad_credentials' | 'rate_limited' | 'not_admin' | 'inactive';
const signInFailures: readonly SignInFailure[] = ['bad_credentials', 'rate_limited', 'not_admin', 'inactive'];

/** What the modules count (through app.metrics); cheap no-ops when metrics are off. */
export interface AppMetrics {
  readonly enabled: boolean;
  signInFailed(reason: SignInFailure): void;
  /** A bulk import (POST /multiplegiftcard): rows created and rows refused. */
  giftCardRowsImported(created: number, refused: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export const metricsPrefix = 'strideadmin_';
/** Route label of a request no route matched (404s, malformed URLs): raw paths would be unbounded. */
export const unmatchedRoute = 'unmatched';
/** Longest wait for the outbox query of a scrape; past it the outbox gauges read NaN. */
const scrapeQueryTimeoutMs = 2_000;

export interface MetricsPluginOptions {
  config: MetricsConfig;
  database: Database;
  /** The notification outbox backlog, read at scrape time. */
  outboxBacklog: () => Promise<{ pending: number; oldestDueSeconds: number }>;
}

const disabled: AppMetrics = { enabled: false, signInFailed: () => {}, giftCardRowsImported: () => {} };

export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: MetricsPluginOptions) => {
    const { config } = opts;
    if (config.token === undefined && config.port === undefined) {
      app.decorate('metrics', disabled);
      return;
    }
    const { registry, metrics, httpRequests, httpDuration, httpErrors } = await createRegistry(opts, app.log);
    app.decorate('metrics', metrics);

    // Every answer, labelled by its route pattern (never the raw URL).
    app.addHook('onResponse', async (request, reply) => {
      const route = request.is404 ? unmatchedRoute : (request.routeOptions.url ?? unmatchedRoute);
      const method = request.method;
      httpRequests.inc({ method, route, status_code: String(reply.statusCode) });
      httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
      if (reply.statusCode >= 500) httpErrors.inc({ method, route });
    });

    if (config.token !== undefined) {
      const expected = digest(config.token);
      const requireToken = async (request: FastifyRequest, reply: FastifyReply) => {
        const given = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
        // Compared as fixed-length digests: the time taken says nothing about the token.
        if (given === undefined || !timingSafeEqual(digest(given), expected)) {
          return reply
            .status(401)
            .header('www-authenticate', 'Bearer realm="metrics"')
            .send({ message: messages.unauthorized });
        }
      };
      app.get('/metrics', { schema: { hide: true }, onRequest: requireToken }, async (_request, reply) =>
        reply
          .header('cache-control', 'no-store')
          .type(registry.contentType)
          .send(await registry.metrics()),
      );
    }

    if (config.port !== undefined) {
      const server = await metricsServer(registry, app.log);
      const { port, host } = config;
      app.addHook('onReady', async () => {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, host, () => {
            server.off('error', reject);
            resolve();
          });
        });
        app.log.info({ metrics: `http://${host}:${port}/metrics` }, 'metrics listener ready');
      });
      app.addHook('onClose', async () => {
        if (!server.listening) return;
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      });
    }
  },
  { name: 'metrics' },
);

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * METRICS_PORT's listener: GET (or HEAD) /metrics, and a JSON 404 for anything else. node:http is
 * imported here, when the listener is configured: an ES module's import of it makes Node (22 and
 * later) read every one of its exports, WebSocket among them, which loads Node's whole fetch
 * implementation (undici) into every start (docs/decisions/0020-start-up.md, sixth pass).
 */
async function metricsServer(registry: Registry, log: FastifyBaseLogger): Promise<Server> {
  const { createServer } = await import('node:http');
  const json = (res: ServerResponse, status: number, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ message }));
  };
  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      json(res, 404, messages.notFound);
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        log.error({ err }, 'metrics scrape failed');
        json(res, 500, messages.internalError);
      },
    );
  });
}

/** The registry of this app (its own: tests build many apps in one process) and its metrics. */
async function createRegistry(opts: MetricsPluginOptions, log: FastifyBaseLogger) {
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = await import('prom-client');
  const p = metricsPrefix;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: p });
  const registers = [registry];

  const httpRequests = new Counter({
    name: `${p}http_requests_total`,
    help: `HTTP requests answered, by method, route pattern ('${unmatchedRoute}' when none matched) and status code`,
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: `${p}http_request_duration_seconds`,
    help: 'Time from receiving a request to sending its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const httpErrors = new Counter({
    name: `${p}http_server_errors_total`,
    help: 'HTTP answers with a 5xx status, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    registers,
  });
  const signIns: Counter<'reason'> = new Counter({
    name: `${p}sign_in_failures_total`,
    help: `Refused sign-ins (POST /api/auth/login), by reason: ${signInFailures.join(', ')}`,
    labelNames: ['reason'] as const,
    registers,
  });
  const importRows: Counter<'outcome'> = new Counter({
    name: `${p}gift_card_import_rows_total`,
    help: 'Rows of gift-card bulk imports (POST /api/multiplegiftcard), by outcome: created or refused',
    labelNames: ['outcome'] as const,
    registers,
  });
  // Every series from the first scrape on (at 0), so that rate() and alerts see them start.
  for (const reason of signInFailures) signIns.inc({ reason }, 0);
  for (const outcome of ['created', 'refused']) importRows.inc({ outcome }, 0);

  // The PostgreSQL pool, read when scraped (PGlite has no pool: these are left out).
  const { database } = opts;
  if (database.poolStats() !== undefined) {
    const pool = (name: string, help: string, pick: (s: NonNullable<ReturnType<Database['poolStats']>>) => number) =>
      new Gauge({
        name: `${p}db_pool_${name}`,
        help,
        registers,
        collect() {
          const stats = database.poolStats();
          if (stats) this.set(pick(stats));
        },
      });
    pool('connections', 'Connections the PostgreSQL pool has open (in use and idle)', (s) => s.total);
    pool('idle_connections', 'Open connections of the pool that no query is using', (s) => s.idle);
    pool('waiting_queries', 'Queries waiting for a connection of the pool (all in use)', (s) => s.waiting);
    pool('max_connections', 'The largest number of connections the pool opens', (s) => s.max);
  }

  // The notification outbox, read when scraped: one query for both gauges, bounded in time.
  let inflight: Promise<{ pending: number; oldestDueSeconds: number } | undefined> | undefined;
  const backlog = () =>
    (inflight ??= withTimeout(opts.outboxBacklog(), scrapeQueryTimeoutMs)
      .catch((err: unknown) => {
        log.warn({ err }, 'metrics: the notification outbox could not be read');
        return undefined;
      })
      .finally(() => {
        inflight = undefined;
      }));
  new Gauge({
    name: `${p}notification_outbox_pending`,
    help: 'Notification deliveries not yet settled (due or scheduled), counted up to 100000; NaN when unreadable',
    registers,
    async collect() {
      this.set((await backlog())?.pending ?? Number.NaN);
    },
  });
  new Gauge({
    name: `${p}notification_outbox_oldest_due_seconds`,
    help: 'How long the oldest due notification delivery has waited (0 when none); NaN when unreadable',
    registers,
    async collect() {
      this.set((await backlog())?.oldestDueSeconds ?? Number.NaN);
    },
  });

  const metrics: AppMetrics = {
    enabled: true,
    signInFailed: (reason) => signIns.inc({ reason }),
    giftCardRowsImported: (created, refused) => {
      if (created > 0) importRows.inc({ outcome: 'created' }, created);
      if (refused > 0) importRows.inc({ outcome: 'refused' }, refused);
    },
  };
  return { registry, metrics, httpRequests, httpDuration, httpErrors };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
