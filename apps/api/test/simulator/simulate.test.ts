// `npm run simulate`, a short bounded run: the CLI as a person runs it, against the compiled server
// as a supervisor starts it (PGlite in api:pglite, a PostgreSQL database of its own in
// api:postgres). A dozen users play for ten seconds with short pauses; the run must end with every
// check met (no errors, balances equal their histories, no card redeemed twice, the dashboard moved).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testAdminEmail, testAdminPassword } from '../helpers/build-test-app.js';
import { repoRoot, type Spawned, spawnServer, waitReady } from '../helpers/compiled-server.js';
import { createDatabase, databaseUrl, dropDatabase } from '../helpers/postgres-admin.js';

const source = inject('testDatabase');

describe('npm run simulate (short run)', () => {
  let dataDir: string;
  let server: Spawned;
  let dbName: string | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-simulate-'));
    const env: Record<string, string> = { LOG_LEVEL: 'warn', FORGOT_MAX_PER_IP: '1000' };
    if (source.driver === 'postgres') {
      dbName = `strideadmin_simulate_${randomBytes(4).toString('hex')}`;
      await createDatabase(source.adminUrl, dbName);
      env.DATABASE_URL = databaseUrl(source.adminUrl, dbName);
    }
    server = await spawnServer({ dataDir, env });
    await waitReady(server);
  }, 90_000);

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    if (dbName && source.driver === 'postgres') await dropDatabase(source.adminUrl, dbName);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('plays app users and every check holds', async () => {
    const child = spawn(
      process.execPath,
      [
        path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
        'apps/simulator/src/cli.ts',
        '--url',
        server.origin,
        '--users',
        '12',
        '--minutes',
        '0.17',
        '--pause',
        '100-600',
        '--data-dir',
        dataDir,
        '--admin-email',
        testAdminEmail,
        '--admin-password',
        testAdminPassword,
        '--seed',
        '7',
      ],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(out).toContain('12 of 12 verified their address');
    for (const check of [
      'no errors',
      'balances equal their coin history',
      'no gift card redeemed twice',
      "the dashboard's figures moved",
    ])
      expect(out, out).toContain(`✓ ${check}`);
    // Every kind of call was made, and redeeming succeeded at least once.
    for (const kind of ['steps', 'quiz answer', 'boxes nearby', 'box open', 'redeem', 'catalogue'])
      expect(out).toMatch(new RegExp(`^ {2}${kind} +\\d+ calls`, 'm'));
    expect(out).toMatch(/redeem .*\(200 ×\d+/);
    expect(code, out).toBe(0);
  }, 120_000);
});
