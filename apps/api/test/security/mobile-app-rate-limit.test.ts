// Per-user limits on the mobile app's calls: one app user firing complaint messages (or any app
// call) as fast as it can is stopped with 429 and Retry-After, while other users go on; with
// REDIS_URL the counts are shared by every instance of the server.
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { complaintQueries } from '../../src/db/schema.js';
import { buildTestApp, type EnvOverrides, type LoggedIn, loginAs, type TestApp } from '../helpers/index.js';
import { LocalCounts } from '../../src/plugins/mobile-app-rate-limit.js';
import { closedPort, testRedis } from '../helpers/redis.js';
import { openTestDatabase } from '../helpers/test-database.js';

const { url: redisUrl, prefix, up: redisUp, onCi } = await testRedis('mobile-app-rate-limit.test.ts');

afterAll(async () => {
  if (!redisUp) return;
  const raw = new Redis(redisUrl);
  const keys = await raw.keys(`${prefix}*`);
  if (keys.length > 0) await raw.del(...keys);
  await raw.quit();
});

const complaint = { title: 'Coins', message: 'x'.repeat(5000) };

function sendMessage(t: TestApp, who: LoggedIn): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/app/message', payload: complaint, headers: who.headers });
}

function expectTooMany(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ message: messages.tooManyRequests });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

async function storedBy(t: TestApp, who: LoggedIn): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(complaintQueries)
    .where(eq(complaintQueries.userId, who.user.id));
  return row!.n;
}

describe('app calls are limited per app user (in this process)', () => {
  let t: TestApp;
  let flooder: LoggedIn;
  let other: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp({ env: { APP_MESSAGE_LIMIT_PER_MINUTE: '3', APP_RATE_LIMIT_PER_MINUTE: '6' } });
    flooder = await loginAs(t, 'User');
    other = await loginAs(t, 'User');
  });
  afterAll(() => t?.close());

  it('50 complaint messages of 5,000 characters at once: 3 stored, the rest 429 with Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => sendMessage(t, flooder)));

    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    for (const res of answers.filter((r) => r.statusCode !== 200)) expectTooMany(res);
    expect(await storedBy(t, flooder)).toBe(3);
  });

  it('another app user is not affected', async () => {
    const res = await sendMessage(t, other);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('every app call counts against the per-user limit, not only messages', async () => {
    // other has made 1 call; 5 more reach APP_RATE_LIMIT_PER_MINUTE (6), the next is refused.
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ url: '/api/app/quiz', headers: other.headers });
      expect(res.statusCode, res.body).toBe(200);
    }
    expectTooMany(await t.app.inject({ url: '/api/app/quiz', headers: other.headers }));
  });
});

/** Two instances of the server on one database, sharing the counters of REDIS_URL. */
async function twoInstances(env: EnvOverrides) {
  const fresh = await openTestDatabase();
  const apps: TestApp[] = [];
  const close = async () => {
    for (const t of apps.splice(0)) await t.close();
    await fresh.dispose();
  };
  try {
    for (let i = 0; i < 2; i++) apps.push(await buildTestApp({ env, database: fresh.database }));
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
  return { a: apps[0]!, b: apps[1]!, close };
}

describe.runIf(!redisUp && onCi)('Redis for the shared app limits', () => {
  it('is there', () => {
    expect.fail(`no Redis at ${redisUrl}: set TEST_REDIS_URL or start redis-server`);
  });
});

describe.runIf(redisUp)('app limits, two instances sharing Redis', () => {
  let pair: Awaited<ReturnType<typeof twoInstances>>;

  beforeAll(async () => {
    pair = await twoInstances({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, APP_MESSAGE_LIMIT_PER_MINUTE: '4' });
  });
  afterAll(() => pair?.close());

  it('share the count: 2 messages through each, then both refuse', async () => {
    const user = await loginAs(pair.a, 'User');
    for (const t of [pair.a, pair.b, pair.a, pair.b]) expect((await sendMessage(t, user)).statusCode).toBe(200);
    expectTooMany(await sendMessage(pair.a, user));
    expectTooMany(await sendMessage(pair.b, user));
  });
});

describe('app limits, Redis unreachable', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` } });
  });
  afterAll(() => t?.close());

  it('app calls are answered as usual (never failed because of Redis)', async () => {
    const user = await loginAs(t, 'User');
    expect((await sendMessage(t, user)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/app/quiz', headers: user.headers })).statusCode).toBe(200);
  });
});

describe('the counts of one process (LocalCounts)', () => {
  it('a window opens at its first call and lasts its length: the next window counts from 1 again', () => {
    const counts = new LocalCounts(2, 60_000);
    expect(counts.hit('7', 1_000)).toEqual({ exceeded: false });
    expect(counts.hit('7', 30_000)).toEqual({ exceeded: false });
    // 59 s of the window left: Retry-After rounds up.
    expect(counts.hit('7', 1_500)).toEqual({ exceeded: true, retryAfterSeconds: 60 });
    expect(counts.hit('7', 60_999)).toEqual({ exceeded: true, retryAfterSeconds: 1 });
    expect(counts.hit('7', 61_000)).toEqual({ exceeded: false });
    expect(counts.hit('8', 61_000)).toEqual({ exceeded: false });
  });

  it('past its size, the key counted least recently is forgotten first', () => {
    const counts = new LocalCounts(1, 60_000, 2);
    counts.hit('a', 0);
    counts.hit('b', 0);
    expect(counts.hit('a', 1).exceeded).toBe(true); // a counted again: b is now the oldest
    counts.hit('c', 2); // b forgotten
    expect(counts.hit('a', 3).exceeded).toBe(true);
    expect(counts.hit('b', 4).exceeded).toBe(false);
  });
});
