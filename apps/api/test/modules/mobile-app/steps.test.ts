import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, messages } from '@strideadmin/contract';
import { rowsOf } from '../../../src/db/rows.js';
import { stepLogs, users } from '../../../src/db/schema.js';
import { buildTestApp, createGiftCard, dateIn, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { appPost, balanceOf, entriesOf, ledgerMismatches, statusCounts } from './app-data.js';

describe('POST /api/app/steps', () => {
  let t: TestApp;

  const sync = (who: LoggedIn, payload: object) => appPost(t, who, '/app/steps', payload);
  const walker = (totalCoins = 0) => loginAs(t, 'User', { user: { isTracking: true, totalCoins } });
  const logOf = async (userId: number, day: string) => {
    const [row] = await t.db
      .select({ steps: stepLogs.steps, coins: stepLogs.coins })
      .from(stepLogs)
      .where(and(eq(stepLogs.userId, userId), eq(stepLogs.day, day)));
    return row;
  };
  const lastWalkedOn = async (userId: number) =>
    (await t.db.select({ d: users.lastWalkedOn }).from(users).where(eq(users.id, userId)))[0]?.d;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('records the day and credits one coin per STEPS_PER_COIN steps (100 by default), rounded down', async () => {
    const who = await walker();
    const res = await sync(who, { date: dateIn(0), steps: 1299 });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: messages.stepsRecorded,
      body: { date: dateIn(0), steps: 1299, coins: 12, credited: 12, totalCoins: 12 },
    });
    expect(await logOf(who.user.id, dateIn(0))).toEqual({ steps: 1299, coins: 12 });
    expect(await entriesOf(t.db, who.user.id)).toEqual([
      { kind: 'steps', amount: 12, refId: null, refDay: dateIn(0), adminId: null },
    ]);
    expect(await lastWalkedOn(who.user.id)).toBe(dateIn(0));
  });

  it('replaces the count on a later sync of the same day and credits only the difference', async () => {
    const who = await walker();
    await sync(who, { date: dateIn(-1), steps: 500 });
    const again = await sync(who, { date: dateIn(-1), steps: 2050 });
    expect(again.json().body).toEqual({ date: dateIn(-1), steps: 2050, coins: 20, credited: 15, totalCoins: 20 });

    // The same count once more: nothing to credit, nothing written to the ledger.
    const same = await sync(who, { date: dateIn(-1), steps: 2050 });
    expect(same.json().body).toEqual({ date: dateIn(-1), steps: 2050, coins: 20, credited: 0, totalCoins: 20 });

    // A lower count (the phone corrected itself) takes the difference back.
    const lower = await sync(who, { date: dateIn(-1), steps: 990 });
    expect(lower.json().body).toEqual({ date: dateIn(-1), steps: 990, coins: 9, credited: -11, totalCoins: 9 });

    expect(await logOf(who.user.id, dateIn(-1))).toEqual({ steps: 990, coins: 9 });
    expect((await entriesOf(t.db, who.user.id)).map((e) => [e.kind, e.amount, e.refDay])).toEqual([
      ['steps', 5, dateIn(-1)],
      ['steps', 15, dateIn(-1)],
      ['steps', -11, dateIn(-1)],
    ]);
    expect(await balanceOf(t.db, who.user.id)).toBe(9);
  });

  it('keeps each day on its own: a sync of one day does not touch another', async () => {
    const who = await walker();
    await sync(who, { date: dateIn(-3), steps: 300 });
    await sync(who, { date: dateIn(-2), steps: 700 });
    await sync(who, { date: dateIn(-3), steps: 400 });
    expect(await logOf(who.user.id, dateIn(-3))).toEqual({ steps: 400, coins: 4 });
    expect(await logOf(who.user.id, dateIn(-2))).toEqual({ steps: 700, coins: 7 });
    expect(await balanceOf(t.db, who.user.id)).toBe(11);
  });

  it('never takes back coins already spent: the balance stops at 0 and the day keeps what could not be taken', async () => {
    const who = await walker();
    await sync(who, { date: dateIn(-1), steps: 1000 }); // 10 coins
    // The user spends 7 of them on a gift card.
    const cardId = await createGiftCard(t.db, { price: 7 });
    expect((await appPost(t, who, `/app/giftcard/${cardId}/redeem`)).statusCode).toBe(200);
    expect(await balanceOf(t.db, who.user.id)).toBe(3);

    const lower = await sync(who, { date: dateIn(-1), steps: 0 });
    expect(lower.statusCode).toBe(200);
    expect(lower.json().body).toEqual({ date: dateIn(-1), steps: 0, coins: 7, credited: -3, totalCoins: 0 });
    expect(await logOf(who.user.id, dateIn(-1))).toEqual({ steps: 0, coins: 7 });

    // Walking the day back up to 10 coins pays nothing twice: the day already had 7 (3 of them taken back).
    const up = await sync(who, { date: dateIn(-1), steps: 1000 });
    expect(up.json().body).toEqual({ date: dateIn(-1), steps: 1000, coins: 10, credited: 3, totalCoins: 3 });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('keeps the latest day walked (a late sync of an older day does not move it back; 0 steps is no walk)', async () => {
    const who = await walker();
    await sync(who, { date: dateIn(-5), steps: 0 });
    expect(await lastWalkedOn(who.user.id)).toBeNull();
    await sync(who, { date: dateIn(-2), steps: 100 });
    await sync(who, { date: dateIn(-4), steps: 5000 });
    expect(await lastWalkedOn(who.user.id)).toBe(dateIn(-2));
    await sync(who, { date: dateIn(0), steps: 1 });
    expect(await lastWalkedOn(who.user.id)).toBe(dateIn(0));
  });

  it('leaves the caller’s row unwritten on a re-sync of a day already walked that credits nothing', async () => {
    const who = await walker();
    // xmin: the transaction that wrote the row's current version (PostgreSQL and PGlite alike).
    const version = async () =>
      rowsOf<{ v: string }>(await t.db.execute(sql`select xmin::text as v from ${users} where id = ${who.user.id}`))[0]
        ?.v;
    expect((await sync(who, { date: dateIn(0), steps: 150 })).statusCode).toBe(200);
    const walked = await version();
    const again = await sync(who, { date: dateIn(0), steps: 160 });
    expect(again.json().body).toEqual({ date: dateIn(0), steps: 160, coins: 1, credited: 0, totalCoins: 1 });
    expect(await version()).toBe(walked);
    expect(await lastWalkedOn(who.user.id)).toBe(dateIn(0));
    expect(await logOf(who.user.id, dateIn(0))).toEqual({ steps: 160, coins: 1 });
    // A sync that credits moves the balance (and only that): the row is written, the day stays.
    const credited = await sync(who, { date: dateIn(0), steps: 230 });
    expect(credited.json().body).toEqual({ date: dateIn(0), steps: 230, coins: 2, credited: 1, totalCoins: 2 });
    expect(await version()).not.toBe(walked);
    expect(await lastWalkedOn(who.user.id)).toBe(dateIn(0));
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('refuses a user whose tracking is Disabled with 403, and stores nothing', async () => {
    const who = await loginAs(t, 'User', { user: { isTracking: false } });
    const res = await sync(who, { date: dateIn(0), steps: 5000 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: messages.trackingDisabled });
    expect(await logOf(who.user.id, dateIn(0))).toBeUndefined();
    expect(await entriesOf(t.db, who.user.id)).toEqual([]);
    expect(await lastWalkedOn(who.user.id)).toBeNull();
  });

  it('refuses invalid input with the contract messages, and stores nothing', async () => {
    const who = await walker();
    const valid = { date: dateIn(0), steps: 100 };
    const cases: Array<[object, string]> = [
      [{ ...valid, date: undefined }, messages.stepsDateRequired],
      [{ ...valid, date: '' }, messages.stepsDateRequired],
      [{ ...valid, date: '2024-02-30' }, messages.dateInvalid],
      [{ ...valid, date: 'yesterday' }, messages.dateInvalid],
      [{ ...valid, date: dateIn(1) }, messages.stepsDateFuture],
      [{ ...valid, steps: undefined }, messages.stepsRequired],
      [{ ...valid, steps: '100' }, 'steps must be a number.'],
      [{ ...valid, steps: -1 }, messages.stepsInvalid],
      [{ ...valid, steps: 10.5 }, messages.stepsInvalid],
      [{ ...valid, steps: limits.int32Max + 1 }, messages.stepsInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await sync(who, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual({ message, errors: [message] });
    }
    // The window and the cap (STEPS_SYNC_DAYS, MAX_STEPS_PER_DAY): test/modules/app-account/steps-plausibility.test.ts.
    expect((await sync(who, valid)).statusCode).toBe(200);
    expect((await entriesOf(t.db, who.user.id)).length).toBe(1);
  });

  it('pays syncs of the same day sent at once only once (the day row is locked; truly parallel on PostgreSQL)', async () => {
    const who = await walker();
    const counts = [800, 2500, 1200, 3000, 100, 2999, 1700, 600, 2200, 1500];
    const responses = await Promise.all(counts.map((steps) => sync(who, { date: dateIn(0), steps })));
    expect(statusCounts(responses)).toEqual({ 200: counts.length });

    // Whichever sync came last decided the count; the day holds exactly that count's coins.
    const log = await logOf(who.user.id, dateIn(0));
    expect(counts).toContain(log!.steps);
    expect(log!.coins).toBe(Math.floor(log!.steps / 100));
    const entries = await entriesOf(t.db, who.user.id);
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(log!.coins);
    expect(await balanceOf(t.db, who.user.id)).toBe(log!.coins);
    // Each answer's `credited` is its own ledger entry: together they are the day's coins.
    const credited = responses.map((r) => r.json<{ body: { credited: number } }>().body.credited);
    expect(credited.reduce((a, b) => a + b, 0)).toBe(log!.coins);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});

describe('POST /api/app/steps with STEPS_PER_COIN=250', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { STEPS_PER_COIN: '250' } });
  });
  afterAll(() => t?.close());

  it('credits at the configured rate', async () => {
    const who = await loginAs(t, 'User', { user: { isTracking: true } });
    const res = await appPost(t, who, '/app/steps', { date: dateIn(0), steps: 1249 });
    expect(res.json().body).toEqual({ date: dateIn(0), steps: 1249, coins: 4, credited: 4, totalCoins: 4 });
  });
});
