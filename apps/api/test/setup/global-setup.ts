import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import { openPostgres, wrapPglite } from '../../src/db/client.js';
import { createDatabase, databaseUrl, dropDatabases } from '../helpers/postgres-admin.js';
import type { TestDatabaseSource } from '../helpers/test-database.js';

/**
 * Migrates one database per run, so that each test file starts from a copy instead of paying
 * initdb + migrations (about 3 s on PGlite):
 * - pglite: an in-memory PGlite, migrated, dumped to a tar file that each file loads;
 * - postgres: a template database on TEST_DATABASE_URL that each file clones (CREATE DATABASE
 *   ... TEMPLATE). Names carry the pid and a random part, so parallel runs never collide.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildCompiledServer();
  const driver = projectEnv(project, 'TEST_DB') ?? 'pglite';
  if (driver === 'pglite') return setupPglite(project);
  if (driver === 'postgres') return setupPostgres(project);
  throw new Error(`TEST_DB must be pglite or postgres, not "${driver}"`);
}

/**
 * The tests that start the server as a supervisor does run the compiled apps/api/dist/server.js:
 * built here once per run when missing or older than its sources (scripts/build.mjs takes a lock,
 * so two projects starting together build it once).
 */
function buildCompiledServer(): void {
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  const r = spawnSync(process.execPath, ['scripts/build.mjs', 'api', '--if-stale'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`building the API failed:\n${r.stdout}${r.stderr}`);
}

/** A variable of the project's `test.env` (the root config sets TEST_DB there), else of the process. */
function projectEnv(project: TestProject, name: string): string | undefined {
  // `config.env` is absent when this config runs on its own, whatever its type says.
  const env: Partial<NodeJS.ProcessEnv> | undefined = project.config.env;
  return env?.[name] ?? process.env[name];
}

async function setupPglite(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-api-test-'));
  // The same extensions as openPglite(): the migrations create pg_trgm.
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await (await wrapPglite(client)).migrate();
    const dump = await client.dumpDataDir('none');
    const dumpFile = path.join(dir, 'migrated.tar');
    await writeFile(dumpFile, new Uint8Array(await dump.arrayBuffer()));
    project.provide('testDatabase', { driver: 'pglite', dumpFile } satisfies TestDatabaseSource);
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  } finally {
    await client.close();
  }
  return () => rm(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject) {
  const adminUrl = projectEnv(project, 'TEST_DATABASE_URL');
  if (!adminUrl)
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test');
  const prefix = `strideadmin_test_${process.pid}_${randomBytes(3).toString('hex')}`;
  const template = `${prefix}_template`;
  const teardown = async () => {
    await dropDatabases(adminUrl, prefix);
  };
  try {
    await createDatabase(adminUrl, template);
    const database = openPostgres(databaseUrl(adminUrl, template), { max: 1 });
    try {
      await database.migrate();
    } finally {
      // No connection may stay on a template, or CREATE DATABASE ... TEMPLATE refuses it.
      await database.close();
    }
  } catch (err) {
    await teardown();
    throw err;
  }
  project.provide('testDatabase', { driver: 'postgres', adminUrl, template, prefix } satisfies TestDatabaseSource);
  // Also drops the copies of a file that crashed before its own cleanup.
  return teardown;
}
