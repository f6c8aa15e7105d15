import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { type Database, openPostgres } from '../../src/db/client.js';
import { buildTestApp, createGiftCard, createUser, type LoggedIn, loginAs, type TestApp } from '../helpers/index.js';
import { type PrivatePostgres, privatePostgresToolchain, startPrivatePostgres } from '../helpers/private-postgres.js';
import { bulkRow } from '../modules/gift-cards/gift-card-data.js';

/**
 * Faults: PostgreSQL restarted under load. The app runs on a cluster of this file's own
 * (never the shared server, which other files use), requests keep coming while it is stopped
 * (`pg_ctl stop -m fast`) and started again: during the outage every call answers 503 with the
 * envelope (no 500, no hang), /api/health says so, and afterwards the app serves again by itself:
 * its pool reconnects, and so does the auth cache's LISTEN connection (db/client.ts). A request
 * inside a transaction when the stop comes answers 503 too, and the process survives it (a pooled
 * client checked out when its server goes away must not emit an unheard 'error').
 *
 * Runs in the PostgreSQL project only (it is about the pg driver; PGlite lives in the process).
 */
const onPostgres = inject('testDatabase').driver === 'postgres';
const toolchain = onPostgres ? await privatePostgresToolchain() : 'not the PostgreSQL project';
const unavailable = typeof toolchain === 'string' ? toolchain : undefined;
// CI must run it: a machine without PostgreSQL's binaries fails there rather than skip quietly.
if (onPostgres && unavailable && process.env.CI) throw new Error(`cannot run a private PostgreSQL: ${unavailable}`);

type Phase = 'up' | 'stopping' | 'down' | 'starting' | 'recovered';
interface Seen {
  /** When the call was made. */
  phase: Phase;
  call: string;
  res: LightMyRequestResponse;
  /** When its answer came. */
  answered?: Phase;
}

describe.runIf(onPostgres && !unavailable)('PostgreSQL restarted under load', () => {
  let cluster: PrivatePostgres;
  let database: Database;
  let t: TestApp;
  let admin: LoggedIn;
  let userId: number;
  let cardId: number;
  let watcher: pg.Client;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    database = openPostgres(cluster.url, { max: 4 });
    await database.migrate();
    t = await buildTestApp({ database });
    admin = await loginAs(t, 'Admin');
    userId = (await createUser(t.db)).id;
    cardId = await createGiftCard(t.db);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
    await watcher?.end().catch(() => {});
    await cluster?.destroy();
  });

  /** The calls of the load: lists, details, a sign-in and the health check. */
  const calls: Record<string, () => Promise<LightMyRequestResponse>> = {
    'user list': () => t.app.inject({ method: 'GET', url: '/api/users?limit=5', headers: admin.headers }),
    'user detail': () => t.app.inject({ method: 'GET', url: `/api/users/${userId}`, headers: admin.headers }),
    'gift card list': () => t.app.inject({ method: 'GET', url: '/api/giftcard', headers: admin.headers }),
    'gift card detail': () => t.app.inject({ method: 'GET', url: `/api/giftcard/${cardId}`, headers: admin.headers }),
    login: () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: admin.user.email, password: admin.user.password, adminPortal: true },
      }),
    health: () => t.app.inject({ method: 'GET', url: '/api/health' }),
  };
  const names = Object.keys(calls);

  async function round(phase: Phase): Promise<Seen[]> {
    return Promise.all(names.map(async (call) => ({ phase, call, res: await calls[call]!() })));
  }

  /** A 503 as a client must see it: the envelope with its message (health: its own body). */
  function expectUnavailable({ call, res }: Seen) {
    expect(res.statusCode, `${call}: ${res.body}`).toBe(503);
    if (call === 'health') {
      expect(res.json()).toMatchObject({
        message: messages.serviceUnavailable,
        body: { status: 'degraded', database: { driver: 'postgres', ok: false } },
      });
    } else {
      expect(res.json(), call).toEqual({ message: messages.serviceUnavailable });
      expect(res.headers['retry-after'], call).toBe('5');
    }
  }

  /** A session of the test's own on the cluster (a fresh one: a stop ends the earlier). */
  async function connectWatcher() {
    await watcher?.end().catch(() => {});
    watcher = new pg.Client({ connectionString: cluster.url });
    watcher.on('error', () => {}); // ended by a stop
    await watcher.connect();
  }

  const listeners = async () =>
    (
      await watcher.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where query = 'LISTEN "strideadmin_auth"'`,
      )
    ).rows[0]!.n;

  it('answers 503 to a bulk import whose transaction the stop cuts, and stores none of it', async () => {
    await connectWatcher();
    // The import's INSERT waits behind this lock, inside its transaction, when the stop comes.
    await watcher.query('begin');
    await watcher.query('lock table gift_cards in share mode');
    const before = (await watcher.query<{ n: number }>('select count(*)::int as n from gift_cards')).rows[0]!.n;
    const rows = Array.from({ length: 50 }, (_, i) => bulkRow({ serialNumber: `CUT-${i}` }));
    const answer = t.app.inject({
      method: 'POST',
      url: '/api/multiplegiftcard',
      payload: { giftCards: rows },
      headers: admin.headers,
    });
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { rows: waiting } = await watcher.query(
        `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ~* '^\\s*insert into "gift_cards"'`,
      );
      if (waiting.length > 0) break;
      if (Date.now() > deadline) throw new Error('the import never reached its INSERT');
      await new Promise((r) => setTimeout(r, 20));
    }

    await cluster.stop();
    const res = await answer;
    await cluster.start();

    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ message: messages.serviceUnavailable });
    await connectWatcher();
    expect((await watcher.query<{ n: number }>('select count(*)::int as n from gift_cards')).rows[0]!.n).toBe(before);
  });

  it('answers 503 with the envelope while the database is down, and serves again by itself when it is back', async () => {
    for (const seen of await round('up')) expect(seen.res.statusCode, `${seen.call}: ${seen.res.body}`).toBe(200);

    // The load: workers call in turn, without pause, until told to stop.
    let phase: Phase = 'up';
    let running = true;
    const seen: Seen[] = [];
    const worker = async (offset: number) => {
      for (let i = offset; running; i++) {
        const call = names[i % names.length]!;
        const at = phase;
        const res = await calls[call]!();
        seen.push({ phase: at, call, res, answered: phase });
      }
    };
    const load = Promise.all([0, 1, 2, 3, 4, 5].map(worker));
    // Stopped under load: once the workers have made two rounds of calls.
    while (seen.length < 2 * names.length) await new Promise((r) => setTimeout(r, 10));

    phase = 'stopping';
    await cluster.stop();
    phase = 'down';
    const down = await round('down');
    phase = 'starting';
    await cluster.start();
    // The pool connects again on its own: the next calls succeed (no restart of the app).
    const deadline = Date.now() + 20_000;
    while ((await calls.health!()).statusCode !== 200) {
      if (Date.now() > deadline) throw new Error('the app did not come back');
      await new Promise((r) => setTimeout(r, 50));
    }
    phase = 'recovered';
    const after = await round('recovered');
    running = false;
    await load;

    for (const s of down) expectUnavailable(s);
    for (const s of after) expect(s.res.statusCode, `${s.call}: ${s.res.body}`).toBe(200);
    // Under load, whatever the moment: a success or the clear 503, never a 500 or anything else.
    for (const s of seen) {
      if (s.res.statusCode === 200) continue;
      expectUnavailable(s);
    }
    expect(seen.filter((s) => s.answered === 'up').every((s) => s.res.statusCode === 200)).toBe(true);
    expect(seen.filter((s) => s.phase === 'recovered').every((s) => s.res.statusCode === 200)).toBe(true);
    expect(seen.some((s) => s.res.statusCode === 503)).toBe(true);
  }, 60_000);

  it('listens again for account changes: a token revoked in the database after the restart is refused', async () => {
    await connectWatcher();
    // The auth cache's own connection reconnects with backoff (0.5 s doubling, at most 10 s).
    const deadline = Date.now() + 20_000;
    while ((await listeners()) !== 1) {
      if (Date.now() > deadline) throw new Error('the auth cache did not LISTEN again');
      await new Promise((r) => setTimeout(r, 100));
    }
    const res = () => t.app.inject({ method: 'GET', url: `/api/users/${userId}`, headers: admin.headers });
    expect((await res()).statusCode).toBe(200); // read, and remembered now that it listens
    // Demoted around the app (another process, a script): heard through NOTIFY on the new connection.
    await watcher.query(`update users set role_id = (select id from roles where name = 'User') where id = $1`, [
      admin.user.id,
    ]);
    await t.app.authSettled();
    expect((await res()).statusCode).toBe(403);
  });
});
