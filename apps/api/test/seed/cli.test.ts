import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client.js';
import { demoEmailDomain } from '../../src/seed/catalogue.js';
import { parseSeedArgs } from '../../src/seed/args.js';
import { createUser } from '../helpers/index.js';
import { createDatabase, databaseUrl, dropDatabase } from '../helpers/postgres-admin.js';

// `npm run seed -- --users N` as a person runs it: the database the server would open (DATA_DIR's
// PGlite, or DATABASE_URL), migrated, with its first administrator, then the demo data.
const cli = fileURLToPath(new URL('../../src/seed/cli.ts', import.meta.url));

describe('parseSeedArgs', () => {
  it('reads --users, --seed, --days and --force, with defaults', () => {
    expect(parseSeedArgs([])).toEqual({ users: 1000, seed: 1, days: 30, force: false, help: false });
    expect(parseSeedArgs(['--users', '1_000_000', '--seed', '42', '--days', '14', '--force'])).toEqual({
      users: 1_000_000,
      seed: 42,
      days: 14,
      force: true,
      help: false,
    });
    expect(parseSeedArgs(['--users=1,000']).users).toBe(1000);
  });

  it('refuses what is not a whole number in range, and unknown options', () => {
    expect(() => parseSeedArgs(['--users', 'many'])).toThrow('--users must be a whole number from 1 to 10,000,000');
    expect(() => parseSeedArgs(['--users', '0'])).toThrow('--users must be');
    expect(() => parseSeedArgs(['--users', '2.5'])).toThrow('--users must be');
    expect(() => parseSeedArgs(['--seed=-3'])).toThrow('--seed must be');
    expect(() => parseSeedArgs(['--days', '400'])).toThrow('--days must be');
    expect(() => parseSeedArgs(['--user', '5'])).toThrow(/Unknown option/);
  });
});

describe('npm run seed (the command)', () => {
  const source = inject('testDatabase');
  let dataDir: string;
  let env: Record<string, string | undefined>;
  let dropPostgres: (() => Promise<void>) | undefined;

  /** The database the command wrote, opened the same way (close it before the next run on PGlite). */
  async function open(): Promise<Database> {
    if (source.driver === 'postgres') return openPostgres(env.DATABASE_URL!, { max: 1 });
    return openPglite({ dataDir: path.join(dataDir, 'db') });
  }
  async function query<T>(text: string): Promise<T[]> {
    const database = await open();
    try {
      const result: unknown = await database.db.execute(sql.raw(text));
      return (result as { rows: T[] }).rows;
    } finally {
      await database.close();
    }
  }

  function seed(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.once('error', reject);
      child.once('exit', (code) => resolve({ code, out, err }));
    });
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'strideadmin-seed-'));
    env = {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'first-admin-password',
      LOG_LEVEL: 'warn',
    };
    if (source.driver === 'postgres') {
      // A fresh, empty database: the command migrates it itself.
      const { adminUrl } = source;
      const name = `${source.prefix}_cli_${randomBytes(3).toString('hex')}`;
      await createDatabase(adminUrl, name);
      dropPostgres = () => dropDatabase(adminUrl, name);
      env.DATABASE_URL = databaseUrl(adminUrl, name);
    }
  });
  afterAll(async () => {
    await dropPostgres?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('migrates, creates the first administrator, and writes the demo users', async () => {
    const run = await seed('--users', '40', '--seed', '3');
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain('First administrator created');
    expect(run.out).toContain('owner@example.com');
    expect(run.out).toMatch(/Done in [\d.]+ s: 40 demo users \(seed 3\)/);
    expect(run.out).toMatch(/users\s+│ '[\d.]+ s'\s+│ 'users 40'/);

    const [counts] = await query<{ demo: number; admins: number }>(
      `select count(*) filter (where email like '%@${demoEmailDomain}')::int as demo,
        count(*) filter (where email = 'owner@example.com')::int as admins from users`,
    );
    expect(counts).toEqual({ demo: 40, admins: 1 });
  });

  it('refuses a database with real app users (exit 1, saying why and how); --force replaces the demo data only', async () => {
    const database = await open();
    try {
      await createUser(database.db, { name: 'Real Walker' });
    } finally {
      await database.close();
    }
    const refused = await seed('--users', '25');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('Refused: The database holds data that is not demo data (1 app user)');
    expect(refused.err).toContain('--force');

    const forced = await seed('--users', '25', '--force');
    expect(forced.code).toBe(0);
    expect(forced.out).toContain('25 demo users (seed 1), replacing 40 of an earlier run');
    const [counts] = await query<{ demo: number; others: number }>(
      `select count(*) filter (where email like '%@${demoEmailDomain}')::int as demo,
        count(*) filter (where name = 'Real Walker')::int as others from users`,
    );
    expect(counts).toEqual({ demo: 25, others: 1 });
  });

  it('answers bad arguments with the usage (exit 2), touching nothing', async () => {
    const run = await seed('--users', 'lots');
    expect(run.code).toBe(2);
    expect(run.err).toContain('--users must be a whole number');
    expect(run.err).toContain('Usage: npm run seed -- --users N');
  });
});
