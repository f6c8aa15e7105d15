import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { Database, Db } from '../../src/db/client.js';
import { openTestDatabase } from './test-database.js';

/** The signing secret of every test app (48 characters, as ensureJwtSecret would make). */
export const testJwtSecret = 'strideadmin-test-jwt-secret-0123456789abcdefghij';
export const testAdminEmail = 'admin@example.com';
export const testAdminPassword = 'first-admin-password';

export type EnvOverrides = Record<string, string | undefined>;

export interface TestAppOptions {
  /** Environment for loadConfig, over the test defaults; `undefined` unsets a variable. */
  env?: EnvOverrides;
  /** Registers test-only routes (or hooks) before the app is made ready. */
  setup?: (app: FastifyInstance) => void | Promise<void>;
  /** The app's clock for account links (see testClock); the real time when unset. */
  now?: () => Date;
  /**
   * An open database to use instead of a fresh one (two apps on one database, an app restarted on
   * its data): the caller owns it, and close() leaves it open.
   */
  database?: Database;
  /**
   * Run the configured logger (LOG_FORMAT, LOG_LEVEL of `env`) into this stream, to read what an
   * operator would; unset: no logger.
   */
  logStream?: Writable;
}

export interface TestApp {
  app: FastifyInstance;
  /** The Drizzle handle, for factories and for checking what a request changed. */
  db: Db;
  database: Database;
  config: Config;
  /** Closes the app and the database, drops the database (PostgreSQL) and removes DATA_DIR. */
  close(): Promise<void>;
}

/** A configuration as loadConfig makes it, with a fresh DATA_DIR (removed by the caller). */
export async function makeTestConfig(env: EnvOverrides = {}): Promise<Config> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-api-data-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    // No built portal: the answers of non-API paths must not depend on whether apps/web was built.
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    JWT_SECRET: testJwtSecret,
    ADMIN_EMAIL: testAdminEmail,
    ADMIN_PASSWORD: testAdminPassword,
    LOG_LEVEL: 'silent',
    // Tests step the notification worker themselves (app.notificationWorker.runOnce()).
    NOTIFICATION_WORKER: 'false',
    ...env,
  });
}

/**
 * The real app on a fresh database of the run's driver (TEST_DB), fastify/demo style:
 *
 *   let t: TestApp;
 *   beforeAll(async () => { t = await buildTestApp(); });
 *   afterAll(() => t.close());
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = await makeTestConfig(options.env);
  const cleanups: Array<() => Promise<unknown>> = [() => rm(config.dataDir, { recursive: true, force: true })];
  const close = async () => {
    const errors: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((err: unknown) => errors.push(err));
    if (errors.length > 0) throw new AggregateError(errors, 'closing the test app failed');
  };
  try {
    let database = options.database;
    if (!database) {
      const fresh = await openTestDatabase();
      cleanups.push(fresh.dispose);
      database = fresh.database;
    }
    const app = await buildApp({
      config,
      database,
      jwtSecret: config.jwtSecret ?? testJwtSecret,
      ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
      now: options.now,
    });
    cleanups.push(() => app.close());
    await options.setup?.(app);
    await app.ready();
    return { app, db: database.db, database, config, close };
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
}
