import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { messages } from '@strideadmin/contract';
import { users } from '../../../src/db/schema.js';
import { AuthCache, authChannel } from '../../../src/plugins/auth/index.js';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';

describe('AuthCache', () => {
  const row = (n: number) => ({ n });
  const listening = () => {
    const cache = new AuthCache<{ n: number }>();
    cache.setListening(true);
    return cache;
  };

  it('serves a row from memory while it listens, and reads every time while it does not', async () => {
    const cache = listening();
    const read = vi.fn(async () => row(1));
    await cache.get(7, read);
    await cache.get(7, read);
    expect(read).toHaveBeenCalledTimes(1);

    cache.setListening(false); // messages could be missed from now on
    await cache.get(7, read);
    await cache.get(7, read);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('forgets the ids a message names, or everyone on "*"', async () => {
    const cache = listening();
    await cache.get(1, async () => row(1));
    await cache.get(2, async () => row(2));
    await cache.get(3, async () => row(3));
    cache.onMessage('1,3');
    expect(await cache.get(1, async () => row(10))).toEqual(row(10));
    expect(await cache.get(2, async () => row(20))).toEqual(row(2));
    expect(await cache.get(3, async () => row(30))).toEqual(row(30));
    cache.onMessage('*');
    expect(cache.size).toBe(0);
  });

  it('does not store a row read while a message arrived (it may be the old one)', async () => {
    const cache = listening();
    let release!: () => void;
    const slow = cache.get(5, () => new Promise((resolve) => (release = () => resolve(row(1)))));
    cache.onMessage('5'); // the change committed while the old row was on its way
    release();
    expect(await slow).toEqual(row(1)); // that request saw the database as it was
    const read = vi.fn(async () => row(2));
    expect(await cache.get(5, read)).toEqual(row(2)); // the next one reads again
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('lets rows expire and keeps at most maxEntries, the oldest leaving first', async () => {
    let now = 0;
    const cache = new AuthCache<{ n: number }>({ ttlMs: 1_000, maxEntries: 2, now: () => now });
    cache.setListening(true);
    await cache.get(1, async () => row(1));
    await cache.get(2, async () => row(2));
    await cache.get(3, async () => row(3));
    expect(cache.size).toBe(2);
    expect(await cache.get(1, async () => row(11))).toEqual(row(11)); // 1 left first
    now = 1_001;
    expect(await cache.get(3, async () => row(33))).toEqual(row(33)); // expired
  });

  it('settle() waits for its marker to come back, and returns at once when not listening', async () => {
    const cache = listening();
    let sent = '';
    const settled = cache.settle(async (marker) => (sent = marker));
    let done = false;
    void settled.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false);
    cache.onMessage(sent);
    await settled;

    cache.setListening(false);
    await cache.settle(async () => {
      throw new Error('not listening: nothing is sent');
    });
  });
});

describe("token checks remember accounts, and forget them on the database's word", () => {
  let t: TestApp;
  let admin: LoggedIn;
  const me = (headers: LoggedIn['headers']) => t.app.inject({ url: '/api/users?page=1&limit=1', headers });

  /** A write that fires no trigger (replication role): what the cache cannot know about. */
  const silently = (change: Partial<typeof users.$inferInsert>, id: number) =>
    t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(users).set(change).where(eq(users.id, id));
    });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('a checked token is honoured from memory: a change no trigger announced goes unseen…', async () => {
    const victim = await loginAs(t, 'Admin');
    expect((await me(victim.headers)).statusCode).toBe(200);
    await silently({ isActive: false }, victim.user.id);
    expect((await me(victim.headers)).statusCode).toBe(200);

    // …until its id is announced on the channel (what migration 0009's triggers send).
    await t.database.query(`select pg_notify($1, $2)`, [authChannel, String(victim.user.id)]);
    await t.app.authSettled();
    const res = await me(victim.headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.unauthorized });
    expect((await me(admin.headers)).statusCode).toBe(200);
  });

  it("a change through this server's API is refused on the very next request", async () => {
    const victim = await loginAs(t, 'Admin');
    expect((await me(victim.headers)).statusCode).toBe(200);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: admin.headers,
      payload: {
        updateId: victim.user.id,
        name: 'Leaving Admin',
        dob: '1990-04-05',
        height: 180,
        weight: 75.5,
        gender: 'male',
        totalCoins: 0,
        dailyFSGoal: 8000,
        isActive: false,
        isTracking: false,
        role: 'Admin',
      },
    });
    expect(put.statusCode).toBe(200);
    expect((await me(victim.headers)).statusCode).toBe(401);
  });

  it.runIf(inject('testDatabase').driver === 'postgres')(
    'while the listening connection is down nothing is served from memory',
    async () => {
      const victim = await loginAs(t, 'Admin');
      expect((await me(victim.headers)).statusCode).toBe(200);
      await t.database.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
      );
      // The drop is noticed, and until it listens again every check reads the row.
      await vi.waitFor(async () => {
        await silently({ isActive: false }, victim.user.id);
        expect((await me(victim.headers)).statusCode).toBe(401);
      });
      // It listens again by itself (backoff from 0.5 s): then a check is served from memory again.
      await vi.waitFor(
        async () => {
          await silently({ isActive: true }, victim.user.id);
          expect((await me(victim.headers)).statusCode).toBe(200);
          await silently({ isActive: false }, victim.user.id);
          expect((await me(victim.headers)).statusCode).toBe(200);
        },
        { timeout: 10_000, interval: 200 },
      );
    },
  );
});
