// Configuration errors: a bad setting stops start-up with one clear line naming the variable
// and what it expects (no stack trace, exit code 1); a database that is not up yet is waited for.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, waitReady } from '../helpers/compiled-server.js';
import { createDatabase, databaseUrl, dropDatabase } from '../helpers/postgres-admin.js';
import { freePort } from '../helpers/server-process.js';

const onPglite = (process.env.TEST_DB ?? 'pglite') === 'pglite';
const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(onPglite)('configuration errors', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'strideadmin-config-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const cases: Array<[Record<string, string>, RegExp]> = [
    [
      { DATABASE_URL: 'not-a-url' },
      /^Configuration error: DATABASE_URL must be a PostgreSQL URL such as postgres:\/\//,
    ],
    [{ DATABASE_URL: 'mysql://root@db/app' }, /^Configuration error: DATABASE_URL must be a PostgreSQL URL/],
    [{ PUBLIC_URL: 'notaurl' }, /^Configuration error: PUBLIC_URL must be the address people use to reach the portal/],
    [{ S3_BUCKET: 'My_Bucket' }, /^Configuration error: S3_BUCKET must be a bucket name/],
    [
      { S3_BUCKET: 'images', S3_ENDPOINT: 'minio:9000' },
      /^Configuration error: S3_ENDPOINT must be an http:\/\/ or https:\/\/ URL/,
    ],
    [{ S3_BUCKET: 'images', S3_ACCESS_KEY_ID: 'AKIA' }, /^Configuration error: S3_SECRET_ACCESS_KEY /],
    [{ SMTP_URL: 'mail.example.com:587' }, /^Configuration error: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ REDIS_URL: 'localhost:6379' }, /^Configuration error: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
    [{ PORT: 'eighty' }, /^Configuration error: PORT must be a number\.$/],
    [
      { LOG_LEVEL: 'loud' },
      /^Configuration error: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent\.$/,
    ],
    [{ JWT_TTL: 'forever' }, /^Configuration error: JWT_TTL must be a duration such as 30m, 12h or 7d\.$/],
  ];

  it.each(cases)('%o: one line naming it, no stack trace, exit 1', async (env, line) => {
    const s = await spawnServer({ dataDir, env });
    const { code } = await s.exited;
    expect(code).toBe(1);
    const lines = s.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
    expect(s.output()).not.toMatch(/^\s+at /m);
  });

  it('several bad variables: a line for each', async () => {
    const s = await spawnServer({ dataDir, env: { PUBLIC_URL: 'x', REDIS_URL: 'y' } });
    expect((await s.exited).code).toBe(1);
    const lines = s.output().trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => l.split(' ')[2])).toEqual(['PUBLIC_URL', 'REDIS_URL']);
  });

  it('never prints the value, which may hold a password', async () => {
    const s = await spawnServer({ dataDir, env: { DATABASE_URL: 'postgres//admin:hunter2@db/app' } });
    expect((await s.exited).code).toBe(1);
    expect(s.output()).toContain('DATABASE_URL');
    expect(s.output()).not.toContain('hunter2');
  });

  it('a port in use: one line naming PORT and HOST', async () => {
    const busy = createServer();
    const port = await new Promise<number>((resolve) =>
      busy.listen(0, '127.0.0.1', () => resolve((busy.address() as { port: number }).port)),
    );
    try {
      const s = await spawnServer({ dataDir, env: { PORT: String(port) } });
      expect((await s.exited).code).toBe(1);
      expect(s.output().trim().split('\n').at(-1)).toBe(
        `Cannot listen on 127.0.0.1:${port}: the port is in use (PORT, HOST).`,
      );
      expect(s.output()).not.toMatch(/^\s+at /m);
    } finally {
      busy.close();
    }
  }, 90_000);
});

describe.runIf(!onPglite && adminUrl)('a database that is not up yet', () => {
  const name = `strideadmin_wait_${process.pid}`;
  let dataDir: string;
  let proxy: Server | undefined;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    await createDatabase(adminUrl!, name);
    dataDir = await mkdtemp(path.join(tmpdir(), 'strideadmin-wait-'));
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    proxy?.close();
    await dropDatabase(adminUrl!, name).catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is waited for with backoff, saying so, and then used', async () => {
    // The "database server" comes up 2 s after the app: a port that refuses, then a proxy to PostgreSQL.
    const port = await freePort();
    const real = new URL(databaseUrl(adminUrl!, name));
    const url = new URL(real);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    const s = await spawnServer({ dataDir, env: { DATABASE_URL: url.href, DATABASE_CONNECT_TIMEOUT_SECONDS: '30' } });
    try {
      await new Promise((r) => setTimeout(r, 2000));
      proxy = createServer((client) => {
        const upstream = connect(Number(real.port || 5432), real.hostname);
        for (const sock of [client, upstream]) {
          sockets.add(sock);
          sock.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => proxy!.listen(port, '127.0.0.1', resolve));
      await waitReady(s, 30_000);

      expect(s.output()).toMatch(
        new RegExp(`Waiting for the database at 127\\.0\\.0\\.1:${port}/${name} \\(ECONNREFUSED\\); retrying in`),
      );
      expect(s.output()).toContain(`The database at 127.0.0.1:${port}/${name} answers now.`);
    } finally {
      s.child.kill('SIGTERM');
      await s.exited;
    }
  }, 90_000);

  it('gives up after DATABASE_CONNECT_TIMEOUT_SECONDS with one line saying what to check', async () => {
    const port = await freePort();
    const s = await spawnServer({
      dataDir,
      env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/x`, DATABASE_CONNECT_TIMEOUT_SECONDS: '2' },
    });
    const { code } = await s.exited;
    expect(code).toBe(1);
    expect(s.output().trim().split('\n').at(-1)).toBe(
      `The database at 127.0.0.1:${port}/x did not answer within 2 s (ECONNREFUSED); check DATABASE_URL, or allow longer with DATABASE_CONNECT_TIMEOUT_SECONDS.`,
    );
  }, 60_000);

  it('stops at once when waiting cannot help (no such database)', async () => {
    const url = new URL(databaseUrl(adminUrl!, `${name}_missing`));
    const s = await spawnServer({ dataDir, env: { DATABASE_URL: url.href } });
    const t0 = Date.now();
    expect((await s.exited).code).toBe(1);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(s.output().trim()).toMatch(
      /^Cannot use the database at .+: the database does not exist \(DATABASE_URL\)\.$/,
    );
  }, 60_000);
});
