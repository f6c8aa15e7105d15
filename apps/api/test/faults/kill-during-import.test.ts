import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { bulkRowToCard, limits, messages } from '@strideadmin/contract';
import { openPglite } from '../../src/db/client.js';
import { dateIn } from '../helpers/dates.js';
import { validCard } from '../helpers/factories.js';
import { createDatabase, databaseUrl, dropDatabase } from '../helpers/postgres-admin.js';
import { loginOver, type ServerProcess, startServer, stopServer } from '../helpers/server-process.js';
import { type BulkRowBody, bulkRow } from '../modules/gift-cards/gift-card-data.js';

/**
 * Faults: the server process killed with SIGKILL in the middle of a 10,000-row bulk import
 * (POST /api/multiplegiftcard: one transaction, one set-based INSERT) loses nothing committed and
 * writes nothing half, on the run's driver; it starts again on the same data.
 *
 * "In the middle" is made certain, not hoped for: a trigger (this test's own, on this test's
 * database) stops the INSERT at the batch's 5,000th row, after the 4,999 before it are written,
 * and says so; only then is the process killed.
 * - PGlite runs inside the server process: the trigger writes a marker file into the data
 *   directory (how many of the batch's rows it sees written) and sleeps; the kill takes the
 *   database down mid-transaction, and the next start recovers from its WAL.
 * - PostgreSQL: the trigger names its session in pg_stat_activity (with that count) and waits for
 *   an advisory lock this test holds; the server is killed while the INSERT waits, then the lock
 *   is released and the orphaned session must end without committing.
 */
const driver = inject('testDatabase').driver;
const batchSize = limits.csvMaxRows;
const freezeAt = 'KILL-05000';
const lockKey = 727_309;

/** The batch: distinct values in every column, so that a wrong value cannot hide. */
function batchRows(): BulkRowBody[] {
  return Array.from({ length: batchSize }, (_, i) => {
    const n = String(i + 1).padStart(5, '0');
    return bulkRow({
      id: String(i),
      serialNumber: `KILL-${n}`,
      controlCode: `KILL-CC-${n}`,
      price: String(100 + (i % 900)),
      amount: String(1 + (i % 500)),
      currency: i % 2 ? 'SEK' : 'EUR',
      storeName: `store ${n}`,
      storeAddress: `street ${i % 97}, town`,
      validTill: dateIn(30 + (i % 300)),
      expiryDuration: String(1 + (i % 1440)),
      cardPicture: `https://cdn.example.com/gift_card_images/${n}.png`,
    });
  });
}

interface Row {
  serial_number: string;
  control_code: string;
  price: number;
  currency: string;
  amount: number;
  store_name: string;
  store_address: string;
  valid_till: string;
  expiry_duration: number;
  card_picture: string;
}
const selectCards = (prefix: string) =>
  `select serial_number, control_code, price, currency, amount, store_name, store_address,
     valid_till::text as valid_till, expiry_duration, card_picture
   from gift_cards where serial_number like '${prefix}%' order by serial_number`;
const asRow = (card: ReturnType<typeof bulkRowToCard>): Row => ({
  serial_number: card.serialNumber,
  control_code: card.controlCode,
  price: card.price,
  currency: card.currency,
  amount: card.amount,
  store_name: card.storeName,
  store_address: card.storeAddress,
  valid_till: card.validTill,
  expiry_duration: card.expiryDuration,
  card_picture: card.cardPicture,
});

/** What differs between the drivers: where the data lives, how the freeze is set and seen. */
interface Harness {
  dataDir: string;
  databaseUrl?: string;
  /** Before the import: arm the freeze. */
  arm(): Promise<void>;
  /** Resolves once the INSERT is frozen mid-batch; answers how many batch rows it had written. */
  frozen(): Promise<number>;
  /** After the kill: let go of whatever the database still holds for the dead process. */
  afterKill(): Promise<void>;
  /** The stored cards whose serial number starts with `prefix`, read around the server. */
  cards(prefix: string): Promise<Row[]>;
  dispose(): Promise<void>;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, withinMs = 20_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function pgliteHarness(): Promise<Harness> {
  const source = inject('testDatabase');
  if (source.driver !== 'pglite') throw new Error('not on PGlite');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-kill-'));
  const dbDir = path.join(dataDir, 'db');
  const marker = path.join(dbDir, 'import-in-flight');
  // The migrated database of the run, as the server's data directory, with the freeze installed.
  const setup = await openPglite({ dataDir: dbDir, loadDataDir: await openAsBlob(source.dumpFile) });
  await setup.query(`
    create function freeze_bulk_import() returns trigger language plpgsql as $$
    declare
      marker text := current_setting('data_directory') || '/import-in-flight';
    begin
      if new.serial_number = '${freezeAt}' and pg_stat_file(marker, true) is null then
        execute format('copy (select count(*) from gift_cards where serial_number like %L) to %L', 'KILL-%', marker);
        for i in 1..3000 loop perform pg_sleep(0.01); end loop; -- 30 s at most: killed long before
      end if;
      return new;
    end $$`);
  await setup.query(
    'create trigger freeze_bulk_import before insert on gift_cards for each row execute function freeze_bulk_import()',
  );
  await setup.close();
  return {
    dataDir,
    arm: async () => {},
    frozen: () =>
      until('the import to reach its freeze', async () => {
        const text = await readFile(marker, 'utf8').catch(() => '');
        return /^\d+\n$/.test(text) ? Number(text) : undefined;
      }),
    afterKill: async () => {},
    cards: async (prefix) => {
      // The server is gone: open its data here (one process at a time may).
      const db = await openPglite({ dataDir: dbDir });
      try {
        return (await db.query<Row>(selectCards(prefix))).rows;
      } finally {
        await db.close();
      }
    },
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function postgresHarness(): Promise<Harness> {
  const source = inject('testDatabase');
  if (source.driver !== 'postgres') throw new Error('not on PostgreSQL');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-kill-'));
  const name = `${source.prefix}_kill_${process.pid}_${randomBytes(3).toString('hex')}`;
  await createDatabase(source.adminUrl, name, source.template);
  const url = databaseUrl(source.adminUrl, name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`
    create function freeze_bulk_import() returns trigger language plpgsql as $$
    begin
      if new.serial_number = '${freezeAt}' then
        perform set_config('application_name',
          'import-in-flight:' || (select count(*) from gift_cards where serial_number like 'KILL-%'), false);
        perform pg_advisory_xact_lock(${lockKey});
      end if;
      return new;
    end $$`);
  await client.query(
    'create trigger freeze_bulk_import before insert on gift_cards for each row execute function freeze_bulk_import()',
  );
  let frozenPid: number | undefined;
  return {
    dataDir,
    databaseUrl: url,
    arm: async () => {
      await client.query('select pg_advisory_lock($1)', [lockKey]);
    },
    frozen: () =>
      until('the import to reach its freeze', async () => {
        const { rows } = await client.query<{ pid: number; application_name: string }>(
          `select pid, application_name from pg_stat_activity
           where datname = current_database() and application_name like 'import-in-flight:%'
             and wait_event_type = 'Lock' and wait_event = 'advisory' and query ~* '^\\s*insert into "gift_cards"'`,
        );
        if (!rows[0]) return undefined;
        frozenPid = rows[0].pid;
        return Number(rows[0].application_name.split(':')[1]);
      }),
    afterKill: async () => {
      await client.query('select pg_advisory_unlock($1)', [lockKey]);
      // The orphaned session goes on, finds its client gone, and ends without committing.
      await until('the killed server’s session to end', async () => {
        const { rows } = await client.query('select 1 from pg_stat_activity where pid = $1', [frozenPid]);
        return rows.length === 0 ? true : undefined;
      });
    },
    cards: async (prefix) => (await client.query<Row>(selectCards(prefix))).rows,
    dispose: async () => {
      await client.end().catch(() => {});
      await dropDatabase(source.adminUrl, name);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function call(server: ServerProcess, auth: Record<string, string>, method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.origin}${url}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { message?: string; body: unknown } };
}

describe(`SIGKILL during a 10,000-row bulk import (${driver})`, () => {
  let h: Harness | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGKILL');
    await h?.dispose();
  });

  it('keeps what was committed, writes none of the interrupted batch, and starts again on its data', async () => {
    h = driver === 'pglite' ? await pgliteHarness() : await postgresHarness();
    const start = () => startServer({ dataDir: h!.dataDir, databaseUrl: h!.databaseUrl });
    server = await start();
    let auth = await loginOver(server.origin);

    // Committed before the kill: one card, and a 100-row import.
    const single = validCard({ serialNumber: 'EARLY-SINGLE', controlCode: 'EARLY-SINGLE-CC' });
    const created = await call(server, auth, 'POST', '/api/giftcard', single);
    expect(created.status).toBe(200);
    const singleId = (created.json.body as { id: number }).id;
    const earlyRows = Array.from({ length: 100 }, (_, i) => bulkRow({ serialNumber: `EARLY-${i}` }));
    expect((await call(server, auth, 'POST', '/api/multiplegiftcard', { giftCards: earlyRows })).status).toBe(200);

    // The import, killed while its INSERT has written half the batch.
    const batch = batchRows();
    await h.arm();
    const killed = server;
    const answer = fetch(`${killed.origin}/api/multiplegiftcard`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ giftCards: batch }),
    }).then(
      (res) => `answered ${res.status}`,
      () => 'no answer',
    );
    const writtenWhenKilled = await h.frozen();
    expect(writtenWhenKilled).toBe(4_999); // mid-batch: the rows before the 5,000th are written
    expect((await stopServer(killed, 'SIGKILL')).signal).toBe('SIGKILL');
    expect(await answer).toBe('no answer');
    await h.afterKill();

    // Same data: it starts (PGlite recovers from its WAL), and everything committed is there.
    server = await start();
    auth = await loginOver(server.origin);
    const detail = await call(server, auth, 'GET', `/api/giftcard/${singleId}`);
    expect(detail.status).toBe(200);
    expect(detail.json.body).toMatchObject([
      { serialNumber: single.serialNumber, controlCode: single.controlCode, price: single.price },
    ]);
    const early = await call(server, auth, 'GET', '/api/giftcard?serialNumber=EARLY-&limit=10');
    expect(early.json.body).toMatchObject({ count: 101 });
    // None of the interrupted batch: the very same rows import again, every one of them new.
    const killedBatch = await call(server, auth, 'GET', '/api/giftcard?serialNumber=KILL-&limit=10');
    expect(killedBatch.json.body).toMatchObject({ count: 0 });
    const again = await call(server, auth, 'POST', '/api/multiplegiftcard', { giftCards: batch });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ message: messages.giftCardsCreated, body: [] });

    // Killed again right after that answer: the committed batch is all there, value for value.
    expect((await stopServer(server, 'SIGKILL')).signal).toBe('SIGKILL');
    server = undefined;
    expect(await h.cards('KILL-')).toEqual(batch.map((row) => asRow(bulkRowToCard(row))));
    expect(await h.cards('EARLY-')).toHaveLength(101);
  }, 120_000);
});
