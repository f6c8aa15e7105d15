import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, messages } from '@strideadmin/contract';
import { giftCards } from '../../../src/db/schema.js';
import { buildTestApp, createGiftCard, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { bulkRow } from './gift-card-data.js';

describe('POST /api/multiplegiftcard at the 10,000-row limit', () => {
  let t: TestApp;
  let admin: LoggedIn;

  const total = async () => (await t.db.select({ n: count() }).from(giftCards))[0]!.n;
  const insertStatements = async () =>
    Number(
      ((await t.db.execute(sql`select n from gift_card_insert_statements`)) as { rows: Array<{ n: number }> }).rows[0]!
        .n,
    );

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    // Counts INSERT statements on gift_cards (a statement trigger fires once per statement).
    await t.db.execute(sql`create table gift_card_insert_statements (n integer not null)`);
    await t.db.execute(sql`insert into gift_card_insert_statements values (0)`);
    await t.db.execute(sql`create function count_gift_card_inserts() returns trigger language plpgsql as $$
      begin update gift_card_insert_statements set n = n + 1; return null; end $$`);
    await t.db.execute(sql`create trigger count_gift_card_inserts after insert on gift_cards
      for each statement execute function count_gift_card_inserts()`);
  });
  afterAll(() => t?.close());

  it('creates 10,000 valid rows in one request with one set-based INSERT, in well under 10 s', async () => {
    const rows = Array.from({ length: limits.csvMaxRows }, (_, i) => bulkRow({ id: String(i) }));
    const payload = JSON.stringify({ giftCards: rows });
    expect(payload.length).toBeGreaterThan(1_048_576); // more than the default body limit

    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/multiplegiftcard',
      payload,
      headers: { ...admin.headers, 'content-type': 'application/json' },
    });
    const elapsed = performance.now() - started;

    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.json()).toEqual({ message: messages.giftCardsCreated, body: [] });
    expect(await total()).toBe(limits.csvMaxRows);
    expect(await insertStatements()).toBe(1);
    expect(elapsed).toBeLessThan(10_000);
  });

  it('checks 10,000 rows against the stored cards in one go: the duplicates back, the rest stored', async () => {
    const taken = await Promise.all([1, 2, 3].map((i) => createGiftCard(t.db, { serialNumber: `SCALE-TAKEN-${i}` })));
    expect(taken).toHaveLength(3);
    const rows = Array.from({ length: limits.csvMaxRows }, (_, i) =>
      bulkRow({ id: String(i), ...(i % 4000 === 0 ? { serialNumber: `scale-taken-${i / 4000 + 1}` } : {}) }),
    );
    const before = await total();
    const statementsBefore = await insertStatements();

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/multiplegiftcard',
      payload: { giftCards: rows },
      headers: admin.headers,
    });

    expect(res.statusCode).toBe(201);
    const failed = res.json<{ body: Array<{ id: string; errors: string[] }> }>().body;
    expect(failed.map((r) => [r.id, r.errors])).toEqual(
      ['0', '4000', '8000'].map((id) => [id, [messages.csvSerialUnique]]),
    );
    expect(await total()).toBe(before + limits.csvMaxRows - 3);
    expect((await insertStatements()) - statementsBefore).toBe(1);
  });
});
