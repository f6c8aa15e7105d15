import { mkdir } from 'node:fs/promises';
import { buildApp } from './app.js';
import { ensureFirstAdmin, ensureJwtSecret } from './bootstrap.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';

const config = loadConfig();
await mkdir(config.dataDir, { recursive: true });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  await database.migrate();
  const jwtSecret = await ensureJwtSecret(config);
  app = await buildApp({ config, database, jwtSecret });
  const firstAdmin = await ensureFirstAdmin(database.db, config, app.log);
  if (firstAdmin.created && firstAdmin.generated) {
    // Printed once, on purpose, outside the structured log: a person reads it off the console.
    const line = '='.repeat(72);
    process.stdout.write(
      `\n${line}\n  First administrator created\n  e-mail:   ${firstAdmin.email}\n  password: ${firstAdmin.password}\n` +
        `  (also written to ${firstAdmin.passwordFile}; change it after signing in)\n${line}\n\n`,
    );
  }
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { url: config.publicUrl, database: database.driver, dataDir: config.dataDir },
    `StrideAdmin is running at ${config.publicUrl}`,
  );
} catch (err) {
  console.error(err);
  await app?.close().catch(() => {});
  await database.close().catch(() => {});
  process.exit(1);
}

// Graceful shutdown: stop accepting, finish in-flight requests, then close the database
// (PGlite flushes its files on close, so nothing committed is lost).
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app?.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    await app?.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
