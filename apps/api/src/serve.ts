import { mkdir } from 'node:fs/promises';
import type { buildApp } from './app.js';
import { type Config, loadConfig } from './config.js';
import { claimDataDir, secureDataDir } from './data-dir.js';
import type { Database } from './db/client.js';
import { openDatabase } from './db/open.js';
import { Lifecycle } from './plugins/lifecycle.js';
import { ProcessOutput } from './process/output.js';
import { installShutdown } from './process/shutdown.js';
import { databaseTarget, describeStartupError, waitForDatabase } from './process/startup.js';

// The server process: read the configuration, open and migrate the database, listen; stop cleanly
// on a signal or when the parent that started it goes away (process/shutdown.ts).
// The app's modules (app.js, bootstrap.js: Fastify, its plugins, every route) are imported after
// the database has begun to open, so that opening it (PGlite: reading and compiling its
// WebAssembly; PostgreSQL: connecting) overlaps loading them (docs/decisions/0020-start-up.md).
const stdout = new ProcessOutput(1);
const stderr = new ProcessOutput(2);
const lifecycle = new Lifecycle();
let config: Config | undefined;
let database: Database | undefined;
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
const startedAt = performance.now();

/** Start-up failed: one clear line for what an operator can fix, the whole error otherwise. */
async function fail(err: unknown): Promise<never> {
  const lines = describeStartupError(err, config);
  if (lines) for (const line of lines) stderr.writeNow(line + '\n');
  else stderr.writeNow(`Start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  await app?.close().catch(() => {});
  await database?.close().catch(() => {});
  await stderr.drain(1000);
  process.exit(1);
}

const { shutdown } = installShutdown({
  stop: async (reason) => {
    lifecycle.startDraining();
    app?.log.info({ reason }, 'shutting down: finishing requests in flight');
    // In-flight requests get 8 s; then the connections still open are cut so the rest can close.
    const cut = setTimeout(() => app?.server.closeAllConnections(), 8_000);
    cut.unref();
    try {
      await app?.close();
    } finally {
      clearTimeout(cut);
      await database?.close();
    }
  },
  finish: async (reason, ok) => {
    const line = ok ? 'stopped' : 'stopped, with errors while closing';
    if (app) app.log.info({ reason }, line);
    else stdout.writeNow(`${line} (${reason})\n`);
    await stdout.drain(1000);
  },
});

try {
  config = loadConfig();
  await secureDataDir(config.dataDir); // umask 077, DATA_DIR 0700, anything open to others tightened (warned)
  await mkdir(config.dataDir, { recursive: true });
  await claimDataDir(config.dataDir); // DATA_DIR/server.pid: npm run backup/restore know the server runs
  const { databaseUrl, dataDir, databaseConnectTimeoutMs } = config;
  let firstAttempt: () => void = () => {};
  const attempted = new Promise<void>((resolve) => (firstAttempt = resolve));
  const opening = (async () => {
    database = await openDatabase({ databaseUrl, dataDir });
    if (databaseUrl) {
      const waiting = waitForDatabase(database, {
        timeoutMs: databaseConnectTimeoutMs,
        target: databaseTarget(databaseUrl),
        log: (line) => stderr.writeNow(line + '\n'),
      });
      firstAttempt();
      await waiting;
    }
    return database;
  })();
  // PGlite: the app's modules load while it opens. PostgreSQL: once pg is loaded and the first
  // connection attempt is under way (a server that is not up yet is said so as soon as before).
  const loadApp = () => Promise.all([import('./app.js'), import('./bootstrap.js')]);
  const loading = databaseUrl ? attempted.then(loadApp) : loadApp();
  // Whichever fails first is the start-up's error; the other's rejection is not left unhandled.
  opening.catch(() => {});
  loading.catch(() => {});
  const [[{ buildApp }, { ensureFirstAdmin, ensureJwtSecret }], opened] = await Promise.all([loading, opening]);
  await opened.migrate();
  const jwtSecret = await ensureJwtSecret(config);
  app = await buildApp({ config, database: opened, jwtSecret, lifecycle, logStream: stdout });
  const firstAdmin = await ensureFirstAdmin(opened.db, config, app.log);
  if (firstAdmin.created && firstAdmin.generated) {
    // Printed once, on purpose, outside the structured log: a person reads it off the console.
    const line = '='.repeat(72);
    stdout.writeNow(
      `\n${line}\n  First administrator created\n  e-mail:   ${firstAdmin.email}\n  password: ${firstAdmin.password}\n` +
        `  (also written to ${firstAdmin.passwordFile}; change it after signing in)\n${line}\n\n`,
    );
  }
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    {
      url: config.publicUrl,
      database: opened.driver,
      dataDir: config.dataDir,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `StrideAdmin is running at ${config.publicUrl}`,
  );
} catch (err) {
  // A signal during start-up has its own way out.
  if (!lifecycle.draining) await fail(err);
  else await shutdown('start-up interrupted');
}
