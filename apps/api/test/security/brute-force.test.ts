// Brute force (ASVS 4.0.3 2.2.1, 5.0 6.3): sign-in and forgot password are limited per account
// and per IP, and with REDIS_URL the counts are shared by every instance of the server. Two app
// instances on one database and the local Redis stand for two servers behind a load balancer.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@strideadmin/contract';
import { RedisFailureStore } from '../../src/plugins/redis-failure-store.js';
import { buildTestApp, createUser, type EnvOverrides, type TestApp } from '../helpers/index.js';
import { openTestDatabase } from '../helpers/test-database.js';
import { closedPort, testRedis } from '../helpers/redis.js';

const { url: redisUrl, prefix, up: redisUp, onCi } = await testRedis('brute-force.test.ts');

/** Awaits a condition, trying again every 50 ms; fails after `attempts` tries. */
async function eventually(condition: () => Promise<boolean>, attempts = 100): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the condition never held');
}

// Everything this file wrote (the keys expire anyway, within the windows used here).
afterAll(async () => {
  if (!redisUp) return;
  const raw = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await raw.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (keys.length > 0) await raw.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await raw.quit();
});

let pairs = 0;

/** Two instances of the server on one database, sharing the counters of REDIS_URL. */
async function twoInstances(env: EnvOverrides) {
  const fresh = await openTestDatabase();
  const shared: EnvOverrides = { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `${prefix}${++pairs}:`, ...env };
  const apps: TestApp[] = [];
  const close = async () => {
    for (const t of apps.splice(0)) await t.close();
    await fresh.dispose();
  };
  try {
    apps.push(await buildTestApp({ env: shared, database: fresh.database }));
    apps.push(await buildTestApp({ env: shared, database: fresh.database }));
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
  const [a, b] = apps as [TestApp, TestApp];
  return { a, b, db: a.db, close };
}

type Instance = { app: FastifyInstance };

function login(
  t: Instance,
  body: { email: string; password: string },
  from: { ip: string; forwarded?: boolean },
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: body,
    ...(from.forwarded
      ? { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': from.ip } }
      : { remoteAddress: from.ip }),
  });
}

function forgot(t: Instance, email: string, ip: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/auth/forgot_password', payload: { email }, remoteAddress: ip });
}

function expectTooMany(res: LightMyRequestResponse, retryAfter: number) {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toBe(String(retryAfter));
  expect(res.json()).toEqual({ message: messages.tooManyRequests });
}

describe.runIf(!redisUp && onCi)('Redis for the shared limits', () => {
  it('is reachable on CI', () => {
    expect.fail(`no Redis at ${redisUrl}: set TEST_REDIS_URL or start redis-server`);
  });
});

describe.runIf(redisUp)('brute force, two instances sharing Redis', () => {
  const loginWindow = 120;
  const forgotWindow = 600;
  const perIp = 4;
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  let ipSequence = 0;
  const nextIp = () => `198.51.100.${++ipSequence}`;

  beforeAll(async () => {
    pair = await twoInstances({
      TRUST_PROXY: 'true',
      // LOGIN_MAX_FAILURES_PER_ACCOUNT: the default, 10.
      LOGIN_MAX_FAILURES_PER_IP: String(perIp),
      LOGIN_FAILURE_WINDOW_SECONDS: String(loginWindow),
      FORGOT_MAX_PER_ACCOUNT: '3',
      FORGOT_MAX_PER_IP: '5',
      FORGOT_WINDOW_SECONDS: String(forgotWindow),
    });
  });
  afterAll(() => pair?.close());

  /** Instance a, b, a, b... */
  const on = (i: number): Instance => (i % 2 === 0 ? pair.a : pair.b);

  it('shares the account-wide count: after 10 failures (5 per instance) the account is protected on both', async () => {
    expect(pair.a.config.loginLimits.perAccount).toBe(10);
    const admin = await createUser(pair.db, { role: 'Admin' });
    const guessers: string[] = [];
    for (let i = 0; i < 10; i++) {
      // From ten addresses, one guess each: only the account's shared count can protect it.
      guessers.push(nextIp());
      const res = await login(on(i), { email: admin.email, password: `wrong-${i}` }, { ip: guessers[i]! });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: messages.invalidCredentials });
    }

    // Each instance saw five failures only: a client that failed is refused on both, right password or not.
    const right = { email: admin.email.toUpperCase(), password: admin.password! };
    expectTooMany(await login(pair.a, right, { ip: guessers[1]! }), loginWindow);
    expectTooMany(await login(pair.b, right, { ip: guessers[0]! }), loginWindow);
    // The owner from an address with no failure signs in, on either instance.
    expect((await login(pair.a, right, { ip: nextIp() })).statusCode).toBe(200);
    expect((await login(pair.b, right, { ip: nextIp() })).statusCode).toBe(200);
  });

  it('counts the failed sign-ins from one client IP (X-Forwarded-For behind the proxy) on both instances', async () => {
    const ip = nextIp();
    const user = await createUser(pair.db, { role: 'User' });
    for (let i = 0; i < perIp; i++) {
      const res = await login(on(i), { email: `spray${i}@example.com`, password: 'guess' }, { ip, forwarded: true });
      expect(res.statusCode).toBe(400);
    }

    const right = { email: user.email, password: user.password! };
    expectTooMany(await login(pair.a, right, { ip, forwarded: true }), loginWindow);
    expectTooMany(await login(pair.b, right, { ip, forwarded: true }), loginWindow);
    // Only that client: the proxy's own address, shared by every client, is not what counts.
    expect((await login(pair.b, right, { ip: nextIp(), forwarded: true })).statusCode).toBe(200);
  });

  it('does not count successful sign-ins, and a protected account still checks new addresses on every instance', async () => {
    const user = await createUser(pair.db, { role: 'User' });
    const right = { email: user.email, password: user.password! };
    const office = nextIp();
    for (let i = 0; i < perIp + 2; i++) expect((await login(on(i), right, { ip: office })).statusCode).toBe(200);

    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) {
        const res = await login(on(i), { email: user.email, password: 'wrong' }, { ip: nextIp() });
        expect(res.statusCode).toBe(400);
      }
      // 9 + 9 failures in all: the account is protected, but this address has no failure on it.
      expect((await login(on(round + 1), right, { ip: nextIp() })).statusCode).toBe(200);
    }
  });

  it('limits forgot password per account across instances (every request counts)', async () => {
    const user = await createUser(pair.db);
    for (let i = 0; i < 3; i++) {
      const res = await forgot(on(i), user.email, nextIp());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: messages.forgotPasswordSent });
    }

    expectTooMany(await forgot(pair.a, user.email, nextIp()), forgotWindow);
    expectTooMany(await forgot(pair.b, user.email, nextIp()), forgotWindow);
  });

  it('limits forgot password per IP across instances, and only that IP', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await forgot(on(i), `spray${i}@example.com`, ip)).statusCode).toBe(200);

    expectTooMany(await forgot(pair.a, 'spray-last@example.com', ip), forgotWindow);
    expectTooMany(await forgot(pair.b, 'spray-last@example.com', ip), forgotWindow);
    expect((await forgot(pair.a, 'spray-last@example.com', nextIp())).statusCode).toBe(200);
  });
});

describe.runIf(redisUp)('brute force, concurrent guesses on two instances sharing Redis', () => {
  const perIp = 20;
  let pair: Awaited<ReturnType<typeof twoInstances>>;

  beforeAll(async () => {
    // 10 per client on an account (the default) is under the per-IP limit: it acts first.
    pair = await twoInstances({ TRUST_PROXY: 'true', LOGIN_MAX_FAILURES_PER_IP: String(perIp) });
  });
  afterAll(() => pair?.close());

  const statuses = (answers: LightMyRequestResponse[]) =>
    answers.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});

  it('checks exactly 10 passwords of one account when 30 arrive at once, half on each instance', async () => {
    const admin = await createUser(pair.db, { role: 'Admin' });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        login(
          i % 2 ? pair.a : pair.b,
          { email: admin.email, password: `wrong-${i}` },
          { ip: '192.0.2.200', forwarded: true },
        ),
      ),
    );
    expect(statuses(answers)).toEqual({ 400: 10, 429: 20 });
  });

  it('checks exactly the per-IP limit of passwords when one address sprays many accounts at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: perIp + 12 }, (_, i) =>
        login(
          i % 2 ? pair.a : pair.b,
          { email: `spray${i}@example.com`, password: 'guess' },
          { ip: '192.0.2.201', forwarded: true },
        ),
      ),
    );
    expect(statuses(answers)).toEqual({ 400: perIp, 429: 12 });
  });
});

describe.runIf(redisUp)('brute force, the shared window ends', () => {
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  let raw: Redis;
  let ipSequence = 0;
  const nextIp = () => `203.0.113.${++ipSequence}`;

  beforeAll(async () => {
    pair = await twoInstances({
      LOGIN_MAX_FAILURES_PER_CLIENT: '2',
      LOGIN_FAILURE_WINDOW_SECONDS: '1',
      FORGOT_MAX_PER_ACCOUNT: '1',
      FORGOT_WINDOW_SECONDS: '1',
    });
    raw = new Redis(redisUrl, { keyPrefix: pair.a.config.redis!.keyPrefix });
  });
  afterAll(async () => {
    await raw?.quit();
    await pair?.close();
  });

  it('for sign-in: the client refused on one instance signs in on the other once the window ends', async () => {
    const user = await createUser(pair.db, { role: 'User' });
    const right = { email: user.email, password: user.password! };
    const ip = nextIp();
    for (const t of [pair.a, pair.b]) {
      expect((await login(t, { email: user.email, password: 'wrong' }, { ip })).statusCode).toBe(400);
    }
    expectTooMany(await login(pair.a, right, { ip }), 1);
    // The window is Redis's: the key expires by itself, within the second.
    const ttl = await raw.pttl(`login:client:[${ip}]${user.email.toLowerCase()}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1000);

    await eventually(async () => (await login(pair.b, right, { ip })).statusCode === 200);
  });

  it('for forgot password: the next window accepts a request again, on either instance', async () => {
    const user = await createUser(pair.db);
    expect((await forgot(pair.a, user.email, nextIp())).statusCode).toBe(200);
    expectTooMany(await forgot(pair.b, user.email, nextIp()), 1);

    await eventually(async () => (await forgot(pair.a, user.email, nextIp())).statusCode === 200);
  });
});

describe('brute force, Redis unreachable', () => {
  let pair: Awaited<ReturnType<typeof twoInstances>>;

  beforeAll(async () => {
    pair = await twoInstances({
      REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
      LOGIN_MAX_FAILURES_PER_CLIENT: '2',
      FORGOT_MAX_PER_ACCOUNT: '1',
    });
  });
  afterAll(() => pair?.close());

  it('sign-in and forgot password answer as usual, and each instance still limits on its own', async () => {
    const user = await createUser(pair.db, { role: 'User' });
    const right = { email: user.email, password: user.password! };
    const ip = '192.0.2.50';
    expect((await login(pair.a, right, { ip })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await login(pair.a, { email: user.email, password: 'wrong' }, { ip });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: messages.invalidCredentials });
    }
    expectTooMany(await login(pair.a, right, { ip }), 900);
    // Counted in instance a only: b never saw those failures.
    expect((await login(pair.b, right, { ip })).statusCode).toBe(200);

    expect((await forgot(pair.a, user.email, ip)).statusCode).toBe(200);
    expectTooMany(await forgot(pair.a, user.email, ip), 900);
  });
});

describe.runIf(redisUp)('RedisFailureStore', () => {
  let raw: Redis;
  const stores: RedisFailureStore[] = [];
  const quietLog = { error: vi.fn(), info: vi.fn() };
  const open = (options: Partial<ConstructorParameters<typeof RedisFailureStore>[0]> = {}) => {
    const store = new RedisFailureStore({ url: redisUrl, keyPrefix: `${prefix}unit:`, log: quietLog, ...options });
    stores.push(store);
    return store;
  };

  beforeAll(() => {
    raw = new Redis(redisUrl);
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    await raw?.quit();
  });

  it('counts atomically across clients, under its key prefix', async () => {
    const [one, two] = [open(), open()];
    await Promise.all([one.ready(), two.ready()]);
    const key = `atomic:${randomUUID()}`;

    const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).add(key, 60)));

    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await one.count(key)).toBe(40);
    expect(await two.count(key)).toBe(40);
    expect(await raw.get(`${prefix}unit:${key}`)).toBe('40');
    expect(quietLog.error).not.toHaveBeenCalled();
  });

  it('reserves atomically across clients: exactly the limit of concurrent reservations succeed, released ones return', async () => {
    const [one, two] = [open(), open()];
    await Promise.all([one.ready(), two.ready()]);
    const [key, total] = [`reserve:${randomUUID()}`, `reserve-total:${randomUUID()}`];
    const claims = [
      { key, limit: 10 },
      { key: total, limit: Infinity },
    ];

    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).reserve(claims, 60)));

    const granted = answers.filter((a) => a.ok);
    expect(granted).toHaveLength(10);
    expect(granted.map((a) => a.counts[0]).sort((x, y) => x! - y!)).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 1),
    );
    expect(answers.filter((a) => !a.ok)).toEqual(Array.from({ length: 30 }, () => ({ ok: false, refusedBy: 0 })));
    // A refused reservation counts nothing, on any key.
    expect(await raw.get(`${prefix}unit:${total}`)).toBe('10');
    expect(await raw.pttl(`${prefix}unit:${key}`)).toBeGreaterThan(0);

    await two.release([key, total]);
    expect(await one.count(key)).toBe(9);
    expect((await one.reserve(claims, 60)).ok).toBe(true);
    expect((await two.reserve(claims, 60)).ok).toBe(false);
    expect(quietLog.error).not.toHaveBeenCalled();
  });

  it('uses the guarded limit once the guard key reaches its threshold', async () => {
    const store = open();
    await store.ready();
    const [guardKey, key] = [`guard:${randomUUID()}`, `guarded:${randomUUID()}`];
    const guard = { key: guardKey, atLeast: 3 };
    const claim = { key, limit: 5, guardedLimit: 1 };
    expect(await store.reserve([claim], 60, guard)).toEqual({ ok: true, counts: [1] });
    expect(await store.reserve([claim], 60, guard)).toEqual({ ok: true, counts: [2] });
    for (let i = 0; i < 3; i++) await store.add(guardKey, 60);
    expect(await store.reserve([claim], 60, guard)).toEqual({ ok: false, refusedBy: 0 });
    expect(await store.reserve([{ key: `other:${randomUUID()}`, limit: 5, guardedLimit: 1 }], 60, guard)).toMatchObject(
      {
        ok: true,
      },
    );
  });

  it('keeps a fixed window: the first add sets the expiry and later adds never extend it', async () => {
    const store = open();
    await store.ready();
    const key = `window:${randomUUID()}`;
    const full = `${prefix}unit:${key}`;

    expect(await store.add(key, 60)).toBe(1);
    const first = await raw.pttl(full);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(60_000);

    await raw.pexpire(full, 5000);
    expect(await store.add(key, 60)).toBe(2);
    expect(await raw.pttl(full)).toBeLessThanOrEqual(5000);

    // A counter left without an expiry (by hand, an old version) gets one instead of living forever.
    const stray = `stray:${randomUUID()}`;
    await raw.set(`${prefix}unit:${stray}`, '3');
    expect(await store.add(stray, 60)).toBe(4);
    expect(await raw.pttl(`${prefix}unit:${stray}`)).toBeGreaterThan(0);
  });

  it('counts nothing for an unknown key, and clear forgets the key for every client', async () => {
    const [one, two] = [open(), open()];
    await Promise.all([one.ready(), two.ready()]);
    const key = `clear:${randomUUID()}`;
    expect(await one.count(key)).toBe(0);
    await one.add(key, 60);
    await two.add(key, 60);

    await two.clear(key);

    expect(await one.count(key)).toBe(0);
    expect(await raw.exists(`${prefix}unit:${key}`)).toBe(0);
  });

  it('counts in-process when Redis is down, and logs that at most once a minute', { timeout: 10_000 }, async () => {
    let clock = 0;
    const log = { error: vi.fn(), info: vi.fn() };
    // No waiting for an answer that cannot come: refused at once, not after the command timeout.
    const url = `redis://127.0.0.1:${await closedPort()}`;
    const store = open({ url, log, now: () => clock, commandTimeoutMs: 60_000 });
    await store.ready();

    expect(await store.add('down', 60)).toBe(1);
    expect(await store.add('down', 60)).toBe(2);
    expect(await store.count('down')).toBe(2);
    // Reservations too: in-process, with their limits.
    expect(await store.reserve([{ key: 'down', limit: 3 }], 60)).toEqual({ ok: true, counts: [3] });
    expect(await store.reserve([{ key: 'down', limit: 3 }], 60)).toEqual({ ok: false, refusedBy: 0 });
    await store.release(['down']);
    expect(await store.count('down')).toBe(2);
    await store.clear('down');
    expect(await store.count('down')).toBe(0);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]?.[1]).toMatch(/Redis unreachable/);

    clock += 61_000;
    expect(await store.add('down', 60)).toBe(1);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error.mock.calls[1]?.[0]).toMatchObject({ suppressedSinceLastLog: expect.any(Number) });
  });

  it('never waits on a Redis that accepts connections but answers nothing', { timeout: 10_000 }, async () => {
    // Answers the handshake (CLIENT SETINFO, INFO), then nothing: a hung or overloaded Redis.
    const sockets = new Set<net.Socket>();
    const hung = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('data', (chunk) => {
        for (const [, name] of chunk.toString().matchAll(/\*\d+\r\n\$\d+\r\n([A-Za-z]+)\r\n/g)) {
          if (name!.toLowerCase() === 'client') socket.write('+OK\r\n');
          if (name!.toLowerCase() === 'info') socket.write('$0\r\n\r\n');
        }
      });
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const { port } = hung.address() as net.AddressInfo;
    const log = { error: vi.fn(), info: vi.fn() };
    const store = open({ url: `redis://127.0.0.1:${port}`, log, commandTimeoutMs: 100 });
    try {
      await store.ready();
      expect(await store.add('hung', 60)).toBe(1);
      expect(await store.add('hung', 60)).toBe(2);
      expect(await store.count('hung')).toBe(2);
      expect(log.error).toHaveBeenCalled();
    } finally {
      await store.close();
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => hung.close(resolve));
    }
  });

  it(
    'shares again by itself once Redis is back, keeping what it counted alone meanwhile',
    { timeout: 20_000 },
    async () => {
      // A TCP proxy to the real Redis stands for Redis: closed, then opened.
      const target = new URL(redisUrl);
      const sockets = new Set<net.Socket>();
      const proxy = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 6379), target.hostname);
        const drop = () => {
          client.destroy();
          upstream.destroy();
        };
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', drop).on('close', drop);
        }
        client.pipe(upstream).pipe(client);
      });
      const port = await closedPort();
      const log = { error: vi.fn(), info: vi.fn() };
      const store = open({ url: `redis://127.0.0.1:${port}`, log });
      const key = `back:${randomUUID()}`;
      try {
        await store.ready();
        expect(await store.add(key, 60)).toBe(1);
        expect(await store.add(key, 60)).toBe(2);

        await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
        await raw.set(`${prefix}unit:${key}`, '5', 'PX', 60_000);
        await eventually(async () => (await store.count(key)) === 5);
        expect(log.info).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/Redis reachable again/));

        // The two counted alone still count while their window lasts (max of both, not lost).
        await raw.set(`${prefix}unit:${key}`, '0', 'PX', 60_000);
        expect(await store.count(key)).toBe(2);
      } finally {
        await store.close();
        for (const s of sockets) s.destroy();
        await new Promise((resolve) => proxy.close(resolve));
      }
    },
  );
});
