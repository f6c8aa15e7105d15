import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPglite } from '../db/client.js';

/**
 * The API's OpenAPI document as the server publishes it at /api/docs/json, made without a server:
 * the app is built on an empty in-memory database (nothing listens, nothing is sent) and asked for
 * its document. `npm run api:types` turns it into the typed client's types
 * (packages/app-client/src/schema.d.ts).
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-openapi-'));
  const database = await openPglite();
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      JWT_SECRET: 'openapi-document-only-0123456789abcdefghijklmnop',
      LOG_LEVEL: 'silent',
      NOTIFICATION_WORKER: 'false',
    });
    await database.migrate();
    const app = await buildApp({ config, database, jwtSecret: config.jwtSecret!, logger: false });
    try {
      await app.ready();
      return app.swagger() as unknown as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
