// Replicas (docs/operations/replicas.md): two compiled server processes on one PostgreSQL and one Redis,
// behind HAProxy started from the repository's own deploy/haproxy.cfg, with s3rver as the image
// bucket. Everything goes through the balancer: sign-ins, an image upload and a bulk import, a
// notification delivered exactly once by two workers, then a load loop during which each replica in
// turn is stopped (SIGTERM) and started again, without a single failed request.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { todayIso } from '@strideadmin/contract';
import { type Database, openPostgres } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/rows.js';
import { testAdminEmail, testAdminPassword, testJwtSecret } from '../helpers/build-test-app.js';
import { createDatabase, databaseUrl, dropDatabase } from '../helpers/postgres-admin.js';
import { freePort, type ServerProcess, startServer, stopServer } from '../helpers/server-process.js';
import { images } from '../storage/images.js';
import { insertAppUsers } from '../modules/notifications/notification-data.js';
import { redisAnswers } from '../helpers/redis.js';

const source = inject('testDatabase');
const onCi = process.env.CI === 'true' || process.env.CI === '1';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** HAPROXY_PATH if set, else Debian's haproxy; undefined when that file is not there. */
const haproxyPath = (
  process.env.HAPROXY_PATH ? [process.env.HAPROXY_PATH] : ['/usr/sbin/haproxy', '/usr/bin/haproxy']
).find((p) => existsSync(p));
const haproxyTemplate = fileURLToPath(new URL('../../../../deploy/haproxy.cfg', import.meta.url));
const s3rverBin = fileURLToPath(new URL('../../../../node_modules/s3rver/bin/s3rver.js', import.meta.url));

/** What this file needs beyond the api:postgres project; empty when everything is there. */
const missing: string[] = [];
if (source.driver === 'postgres') {
  if (!process.env.TEST_REDIS_URL) missing.push('TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)');
  else if (!(await redisAnswers(redisUrl))) missing.push(`a Redis at ${redisUrl} (TEST_REDIS_URL)`);
  if (!haproxyPath) missing.push('haproxy (apt-get install haproxy, or HAPROXY_PATH)');
  if (missing.length) {
    // Straight to stderr: a console.warn would fail the file (test/setup/fail-on-console.ts).
    process.stderr.write(
      `\n!!! replicas.test.ts: SKIPPED, it needs ${missing.join(' and ')}${onCi ? ' (and fails, CI=true)' : ''} !!!\n\n`,
    );
  }
} else if (!process.env.TEST_DATABASE_URL) {
  process.stderr.write(
    '\n!!! replicas.test.ts: SKIPPED, it runs on PostgreSQL only (api:postgres): set TEST_DATABASE_URL !!!\n\n',
  );
}
const runs = source.driver === 'postgres' && missing.length === 0;

describe.runIf(source.driver === 'postgres' && missing.length > 0 && onCi)('replicas behind HAProxy', () => {
  it('has what it needs on CI', () => {
    expect.fail(`missing: ${missing.join(', ')}`);
  });
});

/** One HTTP answer, as a client of the balancer sees it. */
interface Answer {
  status: number;
  /** The replica that answered (X-Backend, added by the test's copy of the balancer config). */
  backend: string | undefined;
  body: Buffer;
  json<T = { body: unknown }>(): T;
}

/** One request over `agent` (keep-alive), at most 10 s. Socket errors reject. */
function request(
  agent: http.Agent,
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const raw =
    opts.body === undefined
      ? undefined
      : Buffer.isBuffer(opts.body)
        ? opts.body
        : Buffer.from(JSON.stringify(opts.body));
  const headers: Record<string, string> = { ...opts.headers };
  if (raw && !Buffer.isBuffer(opts.body)) headers['content-type'] ??= 'application/json';
  if (raw) headers['content-length'] = String(raw.length);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers, agent, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const backend = res.headers['x-backend'];
        resolve({
          status: res.statusCode ?? 0,
          backend: Array.isArray(backend) ? backend[0] : backend,
          body,
          json: <T>() => JSON.parse(body.toString('utf8')) as T,
        });
      });
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
    req.end(raw);
  });
}

/** `show stat` on the balancer's socket: per replica, its errors, retries and redispatches. */
function balancerStats(socket: string): Promise<Record<string, Record<string, number>>> {
  return new Promise((resolve, reject) => {
    let out = '';
    const conn = net.connect(socket, () => conn.end('show stat\n'));
    conn.setTimeout(5000, () => conn.destroy(new Error('no answer from the stats socket')));
    conn.on('data', (d: Buffer) => (out += d.toString()));
    conn.on('error', reject);
    conn.on('end', () => {
      const [head, ...lines] = out.replace(/^# /, '').trim().split('\n');
      const cols = head!.split(',');
      const result: Record<string, Record<string, number>> = {};
      for (const line of lines) {
        const cells = line.split(',');
        const row = Object.fromEntries(cols.map((c, i) => [c, cells[i]]));
        if (row.pxname !== 'strideadmin' || row.svname === 'FRONTEND') continue;
        const pick = ['econ', 'eresp', 'wretr', 'wredis', 'hrsp_5xx'] as const;
        result[row.svname!] = Object.fromEntries(pick.map((k) => [k, Number(row[k] || 0)]));
      }
      resolve(result);
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` holds, polling every 50 ms; fails after `timeoutMs`. */
async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(50);
  }
}

/** A child process we started (balancer, bucket), its output in a file; killed at the end. */
interface Child {
  child: ChildProcess;
  exited: Promise<number | null>;
}

function startChild(command: string, args: string[], logFile: string, env: Record<string, string> = {}): Child {
  const log = createWriteStream(logFile);
  const child = spawn(command, args, { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      log.end();
      resolve(code);
    }),
  );
  return { child, exited };
}

async function stopChild(c: Child | undefined): Promise<void> {
  if (!c) return;
  if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGTERM');
  const gone = await Promise.race([c.exited.then(() => true), sleep(5000).then(() => false)]);
  if (!gone) {
    c.child.kill('SIGKILL');
    await c.exited;
  }
}

describe.runIf(runs)('two replicas behind HAProxy, one PostgreSQL, one Redis, an S3 bucket', () => {
  const jwt = testJwtSecret;
  const bucket = 'strideadmin-replicas';
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  let dir: string;
  let dbName: string;
  let dbUrl: string;
  let db: Database | undefined;
  let s3: Child | undefined;
  let s3Origin: string;
  let balancer: Child | undefined;
  let balancerLog: string;
  let statsSocket: string;
  let lb: string;
  const ports: Record<'app1' | 'app2', number> = { app1: 0, app2: 0 };
  const replicas: Partial<Record<'app1' | 'app2', ServerProcess>> = {};
  let admin: Record<string, string>;
  let walker: { id: number; headers: Record<string, string> };

  /** The environment of every replica: only PORT and DATA_DIR differ. */
  const replicaEnv = () => ({
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    JWT_SECRET: jwt,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `strideadmin-test:${dbName}:`,
    PUBLIC_URL: lb,
    TRUST_PROXY: '1',
    // One app user walks without pause through the whole test: far more calls than a phone makes.
    APP_RATE_LIMIT_PER_MINUTE: '100000',
    NOTIFICATION_WORKER: 'true',
    NOTIFICATION_POLL_MS: '100',
    S3_BUCKET: bucket,
    S3_ENDPOINT: s3Origin,
    S3_FORCE_PATH_STYLE: 'true',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });

  const startReplica = async (name: 'app1' | 'app2') => {
    replicas[name] = await startServer({
      dataDir: path.join(dir, name),
      databaseUrl: dbUrl,
      compiled: true,
      port: ports[name],
      readyPath: '/api/health/ready',
      env: replicaEnv(),
    });
  };

  beforeAll(async () => {
    if (source.driver !== 'postgres') return;
    dir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-replicas-'));

    // The bucket: s3rver in its own process, on its own directory, with the bucket made at start.
    const s3Port = await freePort();
    s3Origin = `http://127.0.0.1:${s3Port}`;
    await mkdir(path.join(dir, 's3'));
    s3 = startChild(
      process.execPath,
      [
        s3rverBin,
        '-d',
        path.join(dir, 's3'),
        '-a',
        '127.0.0.1',
        '-p',
        String(s3Port),
        '--silent',
        '--configure-bucket',
        bucket,
      ],
      path.join(dir, 's3rver.log'),
    );
    await until(
      () =>
        fetch(`${s3Origin}/${bucket}`).then(
          (r) => r.status === 200,
          () => false,
        ),
      's3rver answers',
      15_000,
    );

    // A fresh, empty database: both replicas migrate it at once (under the advisory lock).
    dbName = `${source.prefix}_replicas_${randomBytes(3).toString('hex')}`;
    await createDatabase(source.adminUrl, dbName);
    dbUrl = databaseUrl(source.adminUrl, dbName);

    ports.app1 = await freePort();
    ports.app2 = await freePort();
    const lbPort = await freePort();
    lb = `http://127.0.0.1:${lbPort}`;
    await Promise.all([startReplica('app1'), startReplica('app2')]);
    db = openPostgres(dbUrl, { max: 2 });

    // The balancer: the repository's config as operators start from it, plus a header naming the
    // replica that answered (for this test only), in its own directory with a pid file and a log.
    const template = await readFile(haproxyTemplate, 'utf8');
    statsSocket = path.join(dir, 'haproxy.sock');
    const config = template
      .replace(/^backend strideadmin$/m, 'backend strideadmin\n    http-response set-header X-Backend %s')
      .replace(/^global$/m, `global\n    stats socket ${statsSocket} mode 600 level operator`);
    expect(config).toContain('X-Backend');
    const configFile = path.join(dir, 'haproxy.cfg');
    await writeFile(configFile, config);
    balancerLog = path.join(dir, 'haproxy.log');
    // -W -db: master-worker in the foreground (the pid file names the master; SIGTERM stops it all).
    const pidFile = path.join(dir, 'haproxy.pid');
    balancer = startChild(haproxyPath!, ['-W', '-db', '-f', configFile, '-p', pidFile], balancerLog, {
      STRIDEADMIN_BIND: `127.0.0.1:${lbPort}`,
      STRIDEADMIN_APP1: `127.0.0.1:${ports.app1}`,
      STRIDEADMIN_APP2: `127.0.0.1:${ports.app2}`,
    });
    // Both replicas in rotation: answers from each through the balancer.
    const seen = new Set<string>();
    await until(
      async () => {
        const res = await request(agent, `${lb}/api/health/ready`).catch(() => undefined);
        if (res?.status === 200 && res.backend) seen.add(res.backend);
        return seen.size === 2;
      },
      'the balancer sends requests to both replicas',
      15_000,
    );
    expect(Number(await readFile(pidFile, 'utf8'))).toBe(balancer.child.pid);
  }, 120_000);

  afterAll(async () => {
    agent.destroy();
    await stopChild(balancer);
    for (const r of Object.values(replicas)) if (r) await stopServer(r);
    await stopChild(s3);
    await db?.close();
    if (dbName && source.driver === 'postgres') await dropDatabase(source.adminUrl, dbName);
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('signs in as the administrator, and as an app user registered through the app', async () => {
    const login = await request(agent, `${lb}/api/auth/login`, {
      method: 'POST',
      body: { email: testAdminEmail, password: testAdminPassword, adminPortal: true },
    });
    expect(login.status, login.body.toString()).toBe(200);
    admin = { authorization: `Bearer ${login.json<{ body: { token: string } }>().body.token}` };

    const email = `walker-${randomBytes(3).toString('hex')}@example.com`;
    const registered = await request(agent, `${lb}/api/auth/register`, {
      method: 'POST',
      body: { email, name: 'Walker Replica', password: 'walking-all-day' },
    });
    expect(registered.status, registered.body.toString()).toBe(200);
    const appLogin = await request(agent, `${lb}/api/auth/login`, {
      method: 'POST',
      body: { email, password: 'walking-all-day', adminPortal: false },
    });
    expect(appLogin.status, appLogin.body.toString()).toBe(200);
    const { user, token } = appLogin.json<{ body: { user: { id: number }; token: string } }>().body;
    walker = { id: user.id, headers: { authorization: `Bearer ${token}` } };
    // A token signed by one replica is accepted by the other (same JWT_SECRET): ask both directly.
    for (const r of Object.values(replicas)) {
      const res = await request(agent, `${r.origin}/api/app/notifications`, { headers: walker.headers });
      expect(res.status).toBe(200);
    }
  });

  let cardIds: number[] = [];

  it('imports gift cards whose images were uploaded to the bucket with presigned URLs', async () => {
    const png = images['image/png'];
    const pictures: string[] = [];
    for (let i = 0; i < 2; i++) {
      const presign = await request(agent, `${lb}/api/getPresignedUrl`, {
        method: 'POST',
        headers: admin,
        body: { name: `card-${i}.png`, dict: 'gift_card_images', dataType: 'image/png' },
      });
      expect(presign.status, presign.body.toString()).toBe(200);
      const { url } = presign.json<{ body: { url: string } }>().body;
      expect(url.startsWith(`${s3Origin}/${bucket}/gift_card_images/`)).toBe(true);
      const put = await fetch(url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: png });
      expect(put.status).toBe(200);
      pictures.push(url.split('?')[0]!);
    }
    const suffix = randomBytes(3).toString('hex').toUpperCase();
    const rows = pictures.map((cardPicture, i) => ({
      id: `row-${i}`,
      serialNumber: `REPL-${suffix}-${i}`,
      controlCode: `RCTRL-${suffix}-${i}`,
      price: '500',
      currency: 'SEK',
      amount: '100',
      storeName: 'corner shop',
      storeAddress: 'storgatan 1, stockholm',
      validTill: todayIso(new Date(Date.now() + 30 * 24 * 3600 * 1000)),
      expiryDuration: '1440',
      cardPicture,
    }));
    const imported = await request(agent, `${lb}/api/multiplegiftcard`, {
      method: 'POST',
      headers: admin,
      body: { giftCards: rows },
    });
    expect(imported.status, imported.body.toString()).toBe(200);

    const list = await request(agent, `${lb}/api/giftcard?serialNumber=REPL-${suffix}&sort=id&order=asc`, {
      headers: admin,
    });
    expect(list.status).toBe(200);
    const cards = list.json<{ body: { rows: Array<{ id: number; serialNumber: string; cardPicture: string }> } }>().body
      .rows;
    expect(cards.map((c) => [c.serialNumber, c.cardPicture])).toEqual(rows.map((r) => [r.serialNumber, r.cardPicture]));
    cardIds = cards.map((c) => c.id);
    for (const card of cards) {
      const image = await fetch(card.cardPicture);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    }
  });

  it('delivers a notification to every app user exactly once, with a worker in each replica', async () => {
    const others = await insertAppUsers(db!.db, 300);
    const sent = await request(agent, `${lb}/api/notification`, {
      method: 'POST',
      headers: admin,
      body: { title: 'Replicas', message: 'Sent once, delivered once.', language: 'en', audience: 'all' },
    });
    expect(sent.status, sent.body.toString()).toBe(200);
    const id = sent.json<{ body: { id: number } }>().body.id;

    let status = '';
    await until(
      async () => {
        const res = await request(agent, `${lb}/api/notification?sort=id&order=desc&limit=10`, { headers: admin });
        const row = res
          .json<{ body: { rows: Array<{ id: number; status: string; deliveredCount: number }> } }>()
          .body.rows.find((r) => r.id === id);
        status = row?.status ?? '';
        return status !== 'queued';
      },
      'the notification is sent',
      30_000,
    );
    expect(status).toBe('sent');

    // The app user's inbox, through the balancer: the notification once.
    const inbox = await request(agent, `${lb}/api/app/notifications?limit=100`, { headers: walker.headers });
    expect(inbox.status).toBe(200);
    const mine = inbox
      .json<{ body: { rows: Array<{ notificationId: number }> } }>()
      .body.rows.filter((r) => r.notificationId === id);
    expect(mine).toHaveLength(1);

    // Every recipient exactly one inbox row and one delivery, claimed once.
    const perUser = rowsOf<{ userId: number; n: number }>(
      await db!.db.execute(sql`select user_id as "userId", count(*)::int as n from inbox_notifications
        where notification_id = ${id} group by user_id order by user_id`),
    );
    expect(perUser).toEqual(
      [walker.id, ...others.map((o) => o.id)].sort((a, b) => a - b).map((userId) => ({ userId, n: 1 })),
    );
    const deliveries = rowsOf<{ n: number; once: number }>(
      await db!.db
        .execute(sql`select count(*)::int as n, count(*) filter (where status = 'delivered' and attempts = 1)::int as once
        from notification_deliveries where notification_id = ${id}`),
    );
    expect(deliveries[0]).toEqual({ n: others.length + 1, once: others.length + 1 });
  });

  it('answers every request while each replica in turn is stopped and started again', async () => {
    const today = todayIso();
    // Tracking starts Disabled for a new account (an administrator turns it on): on, for the steps calls.
    await db!.db.execute(sql`update users set is_tracking = true where id = ${walker.id}`);
    type Kind = 'list' | 'detail' | 'users' | 'inbox' | 'steps' | 'login';
    const kinds: Kind[] = ['list', 'detail', 'users', 'inbox', 'steps', 'login'];
    const call = (kind: Kind, a: http.Agent) => {
      switch (kind) {
        case 'list':
          return request(a, `${lb}/api/giftcard?page=1&limit=10`, { headers: admin });
        case 'detail':
          return request(a, `${lb}/api/giftcard/${cardIds[0]}`, { headers: admin });
        case 'users':
          return request(a, `${lb}/api/users?page=1&limit=10`, { headers: admin });
        case 'inbox':
          return request(a, `${lb}/api/app/notifications`, { headers: walker.headers });
        case 'steps': // the day's count is replaced by a later sync of the same day: safe to repeat
          return request(a, `${lb}/api/app/steps`, {
            method: 'POST',
            headers: walker.headers,
            body: { date: today, steps: 4321 },
          });
        case 'login': // changes nothing: safe to repeat
          return request(a, `${lb}/api/auth/login`, {
            method: 'POST',
            body: { email: testAdminEmail, password: testAdminPassword, adminPortal: true },
          });
      }
    };

    const counts = { requests: 0, ok: 0, failed: 0, socketErrors: 0 };
    const byBackend: Record<string, number> = {};
    const byKind: Record<string, number> = {};
    const failures: string[] = [];
    /** Replicas seen answering since the given moment (to know a restarted one is back in rotation). */
    const lastSeen: Record<string, number> = {};
    let stop = false;
    const hardDeadline = Date.now() + 60_000;

    const client = async (n: number) => {
      const a = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let i = n; !stop && Date.now() < hardDeadline; i++) {
          const kind = kinds[i % kinds.length]!;
          counts.requests++;
          byKind[kind] = (byKind[kind] ?? 0) + 1;
          try {
            const res = await call(kind, a);
            if (res.backend) {
              byBackend[res.backend] = (byBackend[res.backend] ?? 0) + 1;
              lastSeen[res.backend] = Date.now();
            }
            if (res.status === 200) counts.ok++;
            else {
              counts.failed++;
              failures.push(`${kind}: ${res.status} from ${res.backend ?? '?'} ${res.body.toString().slice(0, 200)}`);
            }
          } catch (err) {
            counts.socketErrors++;
            failures.push(`${kind}: ${err instanceof Error ? err.message : String(err)}`);
          }
        }
      } finally {
        a.destroy();
      }
    };

    const started = Date.now();
    const clients = [client(0), client(3)];
    const events: string[] = [];
    const note = (what: string) => events.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${what}`);
    try {
      await sleep(1000);
      for (const name of ['app1', 'app2'] as const) {
        const replica = replicas[name]!;
        note(`SIGTERM ${name}`);
        const exit = await stopServer(replica);
        note(`${name} exited ${exit.code}`);
        expect(exit).toEqual({ code: 0, signal: null });
        expect(replica.output()).toContain('"msg":"stopped"');
        await startReplica(name);
        const back = Date.now();
        const startupMs = /"startupMs":(\d+)/.exec(replicas[name]!.output())?.[1];
        note(`${name} ready again (its start-up: ${startupMs} ms)`);
        await until(() => (lastSeen[name] ?? 0) > back, `the balancer sends requests to ${name} again`, 15_000);
        note(`${name} in rotation`);
        await sleep(500);
      }
      await sleep(1000);
    } finally {
      stop = true;
      await Promise.all(clients);
    }
    const seconds = (Date.now() - started) / 1000;
    const stats = await balancerStats(statsSocket);
    const summary = {
      seconds: Number(seconds.toFixed(1)),
      ...counts,
      byBackend,
      byKind,
      // HAProxy's own counts per replica: connection errors, response errors, retries, redispatches.
      balancer: stats,
      events,
    };
    process.stdout.write(`\nreplicas load: ${JSON.stringify(summary)}\n`);
    if (failures.length) process.stdout.write(`failures:\n  ${failures.slice(0, 20).join('\n  ')}\n`);

    expect(failures).toEqual([]);
    expect(counts.failed + counts.socketErrors).toBe(0);
    expect(counts.ok).toBe(counts.requests);
    expect(counts.requests).toBeGreaterThan(50);
    expect(byBackend.app1).toBeGreaterThan(0);
    expect(byBackend.app2).toBeGreaterThan(0);
  }, 120_000);
});
