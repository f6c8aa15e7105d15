import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@strideadmin/contract';
import { sessions } from '../../src/db/schema.js';
import type { Database } from '../../src/db/client.js';
import { AuthCache } from '../../src/plugins/auth/index.js';
import { buildTestApp, type LoggedIn, loginAs, type TestApp, testClock } from '../helpers/index.js';
import { openSharedTestDatabase, type SharedTestDatabase } from '../modules/notifications/shared-database.js';

/**
 * Revocation across instances: two app instances on one database (PostgreSQL: two pools, each with
 * its own LISTEN connection; PGlite: one database, two apps). A session ended on A is refused by A
 * at once, and by B as soon as B has heard the database's NOTIFY (authSettled waits for exactly
 * that, no sleeping); had the message been lost, B still refuses it once its cache entry is older
 * than the cache's TTL (60 s).
 */

const adminCall = '/api/users?page=1&limit=1';
const sidOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

describe('a session ended on one instance, on the other', () => {
  let shared: SharedTestDatabase | undefined;
  const apps: TestApp[] = [];

  afterEach(async () => {
    vi.useRealTimers();
    for (const t of apps.splice(0)) await t.close();
    await shared?.dispose();
    shared = undefined;
  });

  async function twoInstances(now?: () => Date): Promise<[TestApp, TestApp]> {
    shared = await openSharedTestDatabase();
    const first = await shared.open();
    const databases: [Database, Database] =
      shared.driver === 'postgres' ? [first, await shared.open()] : [first, first];
    for (const database of databases) apps.push(await buildTestApp({ database, now }));
    return apps as [TestApp, TestApp];
  }

  const get = (t: TestApp, headers: LoggedIn['headers']) => t.app.inject({ url: adminCall, headers });

  it('sign out on A: A refuses the token at once, B as soon as it has heard the NOTIFY', async () => {
    const [a, b] = await twoInstances();
    const admin = await loginAs(a, 'Admin');
    const other = await loginAs(a, 'Admin');
    // B checked the session, so B remembers it: the memory the revocation must reach.
    expect((await get(b, admin.headers)).statusCode).toBe(200);
    expect((await get(b, other.headers)).statusCode).toBe(200);

    const out = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: admin.headers });
    expect(out.statusCode).toBe(200);
    expect((await get(a, admin.headers)).statusCode).toBe(401);

    await b.app.authSettled();
    const res = await get(b, admin.headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.unauthorized });
    expect((await get(b, other.headers)).statusCode).toBe(200);
  });

  it('sign out everywhere on B ends the sessions A remembers', async () => {
    const [a, b] = await twoInstances();
    const admin = await loginAs(a, 'Admin');
    expect((await get(a, admin.headers)).statusCode).toBe(200);

    const out = await b.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: admin.headers });
    expect(out.statusCode).toBe(200);
    await a.app.authSettled();
    expect((await get(a, admin.headers)).statusCode).toBe(401);
  });

  it('a lost message is a bound, not a hole: B refuses the session once its entry outlives the TTL', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const [a, b] = await twoInstances();
    const admin = await loginAs(a, 'Admin');
    expect((await get(b, admin.headers)).statusCode).toBe(200);

    // Revoked with no trigger firing (replication role): the NOTIFY that B never hears.
    await a.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.id, sidOf(admin.token)));
    });
    await b.app.authSettled();
    expect((await get(b, admin.headers)).statusCode).toBe(200); // served from B's memory…

    vi.setSystemTime(Date.now() + 60_001); // …for at most the cache's TTL
    expect((await get(b, admin.headers)).statusCode).toBe(401);
  });

  it('before ending a portal session as idle, an instance reads it again: the other may have kept it alive', async () => {
    const clock = testClock(new Date('2026-11-21T10:00:00Z'));
    const [a, b] = await twoInstances(clock.now);
    const admin = await loginAs(a, 'Admin');
    expect((await get(a, admin.headers)).statusCode).toBe(200); // A remembers it as last seen now

    clock.advance(20 * 60_000);
    expect((await get(b, admin.headers)).statusCode).toBe(200); // used on B: last seen 20 minutes in
    clock.advance(20 * 60_000);
    expect((await get(a, admin.headers)).statusCode).toBe(200); // idle for A's memory, not for the database
    clock.advance(31 * 60_000);
    expect((await get(b, admin.headers)).statusCode).toBe(401);
  });
});

describe('the cache of sessions', () => {
  it('serves an entry whose revocation message was lost for at most ttlMs, then reads the database again', async () => {
    let now = 0;
    const cache = new AuthCache<{ revoked: boolean }>({ ttlMs: 60_000, now: () => now, accountWrites: false });
    cache.setListening(true);
    const sid = 'c2Vzc2lvbi1vZi10aGUtdGVzdA';
    let inDatabase = { revoked: false };
    const read = vi.fn(async () => inDatabase);

    expect(await cache.get(sid, read)).toEqual({ revoked: false });
    inDatabase = { revoked: true }; // revoked; its message never arrives
    now = 59_999;
    expect(await cache.get(sid, read)).toEqual({ revoked: false });
    expect(read).toHaveBeenCalledTimes(1);
    now = 60_000;
    expect(await cache.get(sid, read)).toEqual({ revoked: true });
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('forgets the session ids a message names, and is not one that account writes reach', async () => {
    const cache = new AuthCache<string>({ accountWrites: false });
    cache.setListening(true);
    await cache.get('aaaaaaaaaaaaaaaaaaaaaa', async () => 'a');
    await cache.get('bbbbbbbbbbbbbbbbbbbbbb', async () => 'b');
    cache.onMessage('aaaaaaaaaaaaaaaaaaaaaa');
    expect(await cache.get('aaaaaaaaaaaaaaaaaaaaaa', async () => 'read again')).toBe('read again');
    expect(await cache.get('bbbbbbbbbbbbbbbbbbbbbb', async () => 'read again')).toBe('b');
  });
});
