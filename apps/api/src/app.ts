// The composition root: the server is its plugins, registered in this order (fastify/demo's):
//   1. the route recorder, then what each request meets first: shutdown, slow-client timeouts,
//      zod schemas, its X-Request-Id;
//   2. thin wrappers of third-party plugins (plugins/external/): security headers, compression,
//      the API reference;
//   3. ours (plugins/): the error envelope, metrics, auth, rate limits, e-mail, the notification worker;
//   4. the routes (routes.ts), then the portal and the 404 of every other path (plugins/portal.ts).
// Why this order: onRoute hooks (the recorder, compression, the API reference, the app's rate limit)
// see only the routes declared after them, and each route plugin is encapsulated: it takes the
// root's hooks as they are when it is registered. The plugins before the routes are made with
// fastify-plugin, so their hooks, decorators and error handler are the root's, for every route.
import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createMailer } from './mail/index.js';
import { AccountService } from './modules/account/index.js';
import { startAuditRetention } from './modules/audit/index.js';
import { mapTileOrigin } from './modules/gift-boxes/index.js';
import { createNotificationWorker, outboxBacklog } from './modules/notifications/index.js';
import { authPlugin } from './plugins/auth/index.js';
import { listeningAuthCaches } from './plugins/auth/listen.js';
import { BackgroundTasks } from './plugins/background.js';
import { errorsPlugin } from './plugins/errors.js';
import { apiDocsPlugin } from './plugins/external/api-docs.js';
import { compressionPlugin } from './plugins/external/compression.js';
import { securityHeadersPlugin } from './plugins/external/security-headers.js';
import { Lifecycle, lifecyclePlugin } from './plugins/lifecycle.js';
import { limitersPlugin } from './plugins/limiters.js';
import { metricsPlugin } from './plugins/metrics.js';
import { mobileAppRateLimitPlugin } from './plugins/mobile-app-rate-limit.js';
import { portalPlugin } from './plugins/portal.js';
import { routeRecorderPlugin } from './plugins/route-recorder.js';
import { responseSerializerCompiler } from './plugins/serializer.js';
import { timeoutsPlugin } from './plugins/timeouts.js';
import { routes } from './routes.js';
import { serverOptions } from './server-options.js';
import { createStorage } from './storage/index.js';

export const version = '0.1.0';

export interface AppDeps {
  config: Config;
  database: Database;
  jwtSecret: string;
  /** Fastify logger options; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** The clock of account links (creation, expiry); tests move it instead of sleeping. */
  now?: () => Date;
  /** Where log lines go (the server passes a stdout that never blocks); default: stdout. */
  logStream?: Writable;
  /** Shutting down or not; the server's signal handling owns it. Default: a new one. */
  lifecycle?: Lifecycle;
}

/** Builds the whole server (API under /api, the portal at /). No side effects until called. */
export async function buildApp({
  config,
  database,
  jwtSecret,
  logger,
  now = () => new Date(),
  logStream,
  lifecycle = new Lifecycle(),
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify(await serverOptions(config, { logger, logStream }));

  // 1. First, so that it sees every route (the authorisation matrix test reads app.routeTable).
  await app.register(routeRecorderPlugin);
  await app.register(lifecyclePlugin, { lifecycle });
  await app.register(timeoutsPlugin, { timeouts: config.timeouts });
  app.setValidatorCompiler(validatorCompiler);
  // Answers written by fast-json-stringify from the routes' zod schemas (plugins/serializer.ts).
  app.setSerializerCompiler(responseSerializerCompiler);
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', request.id);
    done(null, payload);
  });

  // Images: local disk with our own signed URLs, or an S3 bucket (whose origin the CSP must allow).
  const storage = await createStorage(config.storage, { publicUrl: config.publicUrl, jwtSecret });
  app.addHook('onClose', async () => storage.close());

  // 2. CSP (images from the storage and the map's tile server), HSTS over TLS, no-store on API answers.
  await app.register(securityHeadersPlugin, {
    publicUrl: config.publicUrl,
    storageOrigins: storage.origins,
    mapOrigin: mapTileOrigin(config.map.tileUrl),
  });
  // API answers of 1 KB and more go compressed (brotli 4 or gzip); the portal's files are
  // precompressed by its build, images never. Before every route: it hooks each one.
  await app.register(compressionPlugin);
  // The API reference: /api/docs (page), /api/docs/json and /api/docs/yaml (OpenAPI document).
  await app.register(apiDocsPlugin, { version, publicUrl: config.publicUrl });

  // 3. The error envelope of every answer that is not a success.
  await app.register(errorsPlugin);
  // Prometheus metrics (METRICS_TOKEN / METRICS_PORT; off by default): before the routes it counts.
  await app.register(metricsPlugin, {
    config: config.metrics,
    database,
    outboxBacklog: () => outboxBacklog(database.db),
  });
  // Accounts and sessions checked lately, forgotten on the database's word (auth/listen.ts).
  const { cache, sessionCache } = await listeningAuthCaches(app, database);
  await app.register(authPlugin, {
    db: database.db,
    secret: jwtSecret,
    ttl: config.jwtTtl,
    idleMs: config.sessionIdleMinutes * 60_000,
    now,
    cache,
    sessionCache,
  });
  // Per app user limits on the mobile app's calls: after auth (it reads requireAppUser), before routes.
  await app.register(mobileAppRateLimitPlugin, { limits: config.appLimits, redis: config.redis });

  // E-mail: .eml files under DATA_DIR/mail (links logged) or SMTP; sent after the answer.
  const mailer = createMailer(config.mail, app.log);
  const background = new BackgroundTasks(app.log);
  app.decorate('background', background);
  app.addHook('onClose', async () => {
    await background.idle();
    await mailer.close();
  });
  const account = new AccountService({
    db: database.db,
    mailer,
    publicUrl: config.publicUrl,
    now,
    background,
    signInWindowSeconds: config.loginLimits.windowSeconds,
  });

  // Push notifications: the outbox worker delivers due deliveries (app inbox, FCM when configured).
  // Its loop runs once the app is ready, if NOTIFICATION_WORKER; close stops it and waits for its step.
  const notificationWorker = await createNotificationWorker({ db: database.db, push: config.push, log: app.log });
  app.decorate('notificationWorker', notificationWorker);
  if (config.push.worker) app.addHook('onReady', async () => notificationWorker.start());
  app.addHook('onClose', async () => notificationWorker.stop());

  // Audit log retention (AUDIT_RETENTION_DAYS; unset: kept forever): once ready, then daily.
  const retentionDays = config.auditRetentionDays;
  if (retentionDays !== undefined) {
    let stopRetention: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stopRetention = startAuditRetention({ db: database.db, days: retentionDays, now, log: app.log });
    });
    app.addHook('onClose', async () => stopRetention?.());
  }

  // Brute-force limits of sign-in, forgot password, registering and changing a password (app.limiters).
  await app.register(limitersPlugin, { config });

  // 4. Each module's routes under /api, then the portal's files and pages, and the 404 of every
  // path no route took, last.
  await app.register(routes, { config, database, storage, account, version });
  await app.register(portalPlugin, { webDistDir: config.webDistDir });

  return app;
}
