import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinLedger, users } from '../../../src/db/schema.js';
import { changeCoins, setCoins } from '../../../src/modules/ledger/index.js';
import {
  boxPosition,
  buildTestApp,
  createGiftBox,
  createGiftBoxConfig,
  createGiftCard,
  createQuiz,
  createUser,
  dateIn,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../helpers/index.js';
import { appPost, balanceOf, entriesOf, ledgerMismatches } from '../mobile-app/app-data.js';

/** The coin ledger: total_coins always equals the sum of the user's entries. */
describe('the coin ledger', () => {
  let t: TestApp;
  let admin: LoggedIn;

  const entryCount = async () => (await t.db.select({ n: count() }).from(coinLedger))[0]!.n;
  /** PUT /users as the portal's form sends it, with the coins and tracking to set. */
  const putUser = (userId: number, totalCoins: number, isTracking = true) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: admin.headers,
      payload: {
        updateId: userId,
        name: 'Walt Walker',
        dob: null,
        height: 180,
        weight: 75,
        gender: 'male',
        totalCoins,
        dailyFSGoal: 8000,
        isActive: true,
        isTracking,
        role: 'User',
      },
    });
  const putProfile = (totalCoins: number) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: admin.headers,
      payload: { updateId: admin.user.id, name: 'Ada Admin', totalCoins },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin', { user: { name: 'Ada Admin' } });
  });
  afterAll(() => t?.close());

  describe('changeCoins', () => {
    it('writes the entry and moves the balance by the same amount, in the caller’s transaction', async () => {
      const u = await createUser(t.db);
      const balance = await t.db.transaction((tx) =>
        changeCoins(tx, { userId: u.id, kind: 'quiz', amount: 12, refId: 7 }),
      );
      expect(balance).toBe(12);
      expect(await entriesOf(t.db, u.id)).toEqual([
        { kind: 'quiz', amount: 12, refId: 7, refDay: null, adminId: null },
      ]);

      // Rolled back with its transaction: neither the entry nor the balance stays.
      await expect(
        t.db.transaction(async (tx) => {
          await changeCoins(tx, { userId: u.id, kind: 'steps', amount: 5, refDay: dateIn(0) });
          throw new Error('the change it paid for failed');
        }),
      ).rejects.toThrow('the change it paid for failed');
      expect(await balanceOf(t.db, u.id)).toBe(12);
      expect(await entriesOf(t.db, u.id)).toHaveLength(1);
    });

    it('refuses a spend below 0 (answers null) and writes nothing; null for an unknown user too', async () => {
      const u = await createUser(t.db, { totalCoins: 30 });
      const before = await entryCount();
      expect(await changeCoins(t.db, { userId: u.id, kind: 'redeem', amount: -31, refId: 1 })).toBeNull();
      expect(await changeCoins(t.db, { userId: 999_999, kind: 'quiz', amount: 5 })).toBeNull();
      expect(await entryCount()).toBe(before);
      expect(await balanceOf(t.db, u.id)).toBe(30);
      expect(await changeCoins(t.db, { userId: u.id, kind: 'redeem', amount: -30, refId: 1 })).toBe(0);
    });

    it('setCoins writes the difference as an adjustment by the administrator, and nothing when equal', async () => {
      const u = await createUser(t.db, { totalCoins: 40 });
      await t.db.transaction((tx) => setCoins(tx, { userId: u.id, totalCoins: 15, adminId: admin.user.id }));
      await t.db.transaction((tx) => setCoins(tx, { userId: u.id, totalCoins: 15, adminId: admin.user.id }));
      expect((await entriesOf(t.db, u.id)).map((e) => [e.kind, e.amount, e.adminId])).toEqual([
        ['adjustment', 40, null],
        ['adjustment', -25, admin.user.id],
      ]);
      expect(await balanceOf(t.db, u.id)).toBe(15);
    });

    it('never lets parallel spends take a balance below 0 (truly parallel on PostgreSQL)', async () => {
      const u = await createUser(t.db, { totalCoins: 1000 });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.db.transaction((tx) => changeCoins(tx, { userId: u.id, kind: 'redeem', amount: -100, refId: i })),
        ),
      );
      expect(results.filter((r) => r === null)).toHaveLength(10);
      expect(await balanceOf(t.db, u.id)).toBe(0);
      expect(await ledgerMismatches(t.db)).toEqual([]);
    });
  });

  describe('administrators’ edits of totalCoins', () => {
    it('POST /users with coins opens the balance with an adjustment by the administrator; without coins, no entry', async () => {
      const rich = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: admin.headers,
        payload: { name: 'Rich Walker', email: 'rich.walker@example.com', totalCoins: 120 },
      });
      expect(rich.statusCode, rich.body).toBe(200);
      const richId = rich.json<{ body: { id: number } }>().body.id;
      expect(await entriesOf(t.db, richId)).toEqual([
        { kind: 'adjustment', amount: 120, refId: null, refDay: null, adminId: admin.user.id },
      ]);
      expect(await balanceOf(t.db, richId)).toBe(120);

      const poor = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: admin.headers,
        payload: { name: 'Poor Walker', email: 'poor.walker@example.com' },
      });
      expect(await entriesOf(t.db, poor.json<{ body: { id: number } }>().body.id)).toEqual([]);
    });

    it('PUT /users writes the difference to the current balance as an adjustment, and nothing when unchanged', async () => {
      const u = await createUser(t.db, { totalCoins: 300 });
      expect((await putUser(u.id, 250)).json().body.totalCoins).toBe(250);
      expect((await putUser(u.id, 250)).statusCode).toBe(200);
      expect((await putUser(u.id, 400)).statusCode).toBe(200);
      expect((await entriesOf(t.db, u.id)).map((e) => [e.kind, e.amount, e.adminId])).toEqual([
        ['adjustment', 300, null],
        ['adjustment', -50, admin.user.id],
        ['adjustment', 150, admin.user.id],
      ]);
    });

    it('PUT /profile writes an adjustment of the administrator’s own coins, by themselves', async () => {
      const before = await balanceOf(t.db, admin.user.id);
      expect((await putProfile(before + 70)).statusCode).toBe(200);
      expect((await entriesOf(t.db, admin.user.id)).at(-1)).toEqual({
        kind: 'adjustment',
        amount: 70,
        refId: null,
        refDay: null,
        adminId: admin.user.id,
      });
    });

    it('an edit for an unknown user writes nothing', async () => {
      const before = await entryCount();
      expect((await putUser(999_999, 10)).statusCode).toBe(404);
      expect(await entryCount()).toBe(before);
    });
  });

  it('holds total_coins = the sum of the entries for every user after a mixed sequence of every kind of call', async () => {
    const a = await loginAs(t, 'User', { user: { isTracking: true, totalCoins: 200 } });
    const b = await loginAs(t, 'User', { user: { isTracking: true } });
    const quizId = await createQuiz(t.db, { coins: 15 });
    const configId = await createGiftBoxConfig(t.db, { stepsToUnlock: 500, boxesPerDay: 2 });
    const boxId = await createGiftBox(t.db, configId, { coins: 40 });
    const cheap = await createGiftCard(t.db, { price: 120 });
    const dear = await createGiftCard(t.db, { price: 10_000 });

    const calls: Array<[LoggedIn, string, object?]> = [
      [a, '/app/steps', { date: dateIn(0), steps: 2600 }],
      [b, '/app/steps', { date: dateIn(0), steps: 900 }],
      [a, '/app/steps', { date: dateIn(-1), steps: 4000 }],
      [a, `/app/quiz/${quizId}/answer`, { option: 2 }],
      [b, `/app/quiz/${quizId}/answer`, { option: 1 }],
      [a, `/app/quiz/${quizId}/answer`, { option: 2 }], // refused: answered
      [b, `/app/giftbox/${boxId}/open`, boxPosition],
      [a, `/app/giftbox/${boxId}/open`, boxPosition], // refused: opened
      [a, `/app/giftcard/${cheap}/redeem`],
      [b, `/app/giftcard/${dear}/redeem`], // refused: coins
      [a, '/app/steps', { date: dateIn(-1), steps: 1000 }], // re-sync lower: takes 30 back
      [b, '/app/steps', { date: dateIn(0), steps: 5000 }], // re-sync higher
    ];
    const statuses = [];
    for (const [who, url, payload] of calls) statuses.push((await appPost(t, who, url, payload)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 409, 200, 409, 200, 409, 200, 200]);

    // The administrator sets a's coins while they are in use, then b's, then their own.
    expect((await putUser(a.user.id, 75)).statusCode).toBe(200);
    expect((await putUser(b.user.id, 0)).statusCode).toBe(200);
    expect((await putProfile(3)).statusCode).toBe(200);
    // b walks again after being reset; a re-syncs a day down below what they have left.
    await appPost(t, b, '/app/steps', { date: dateIn(-2), steps: 300 });
    await appPost(t, a, '/app/steps', { date: dateIn(0), steps: 0 });

    expect(await balanceOf(t.db, a.user.id)).toBe(75 - 26);
    expect(await balanceOf(t.db, b.user.id)).toBe(3);
    expect(await ledgerMismatches(t.db)).toEqual([]);

    // Deleting a user takes their entries with them; the others still add up.
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/users/${b.user.id}`, headers: admin.headers });
    expect(gone.statusCode).toBe(200);
    expect(await t.db.select().from(coinLedger).where(eq(coinLedger.userId, b.user.id))).toEqual([]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
    // Every user of this file, not only these two, was checked by that one query.
    expect((await t.db.select({ n: count() }).from(users))[0]!.n).toBeGreaterThan(5);
  });

  it('holds under administrators’ edits racing every kind of app call (truly parallel on PostgreSQL)', async () => {
    const who = await loginAs(t, 'User', { user: { isTracking: true, totalCoins: 500 } });
    const other = await loginAs(t, 'User', { user: { isTracking: true, totalCoins: 500 } });
    const configId = await createGiftBoxConfig(t.db, { stepsToUnlock: 0, boxesPerDay: 3 });
    for (let round = 0; round < 3; round++) {
      const cards = await Promise.all(Array.from({ length: 6 }, () => createGiftCard(t.db, { price: 90 })));
      const quizzes = await Promise.all(Array.from({ length: 3 }, () => createQuiz(t.db, { coins: 7 })));
      const boxes = await Promise.all(Array.from({ length: 3 }, () => createGiftBox(t.db, configId, { coins: 11 })));
      const responses = await Promise.all([
        ...cards.map((id, i) => appPost(t, i % 2 ? who : other, `/app/giftcard/${id}/redeem`)),
        ...quizzes.map((id) => appPost(t, who, `/app/quiz/${id}/answer`, { option: 2 })),
        ...boxes.map((id, i) => appPost(t, i % 2 ? who : other, `/app/giftbox/${id}/open`, boxPosition)),
        putUser(who.user.id, 400),
        appPost(t, who, '/app/steps', { date: dateIn(0), steps: 3000 + round * 700 }),
        appPost(t, other, '/app/steps', { date: dateIn(0), steps: 5000 - round * 2000 }),
        putUser(who.user.id, 200 + round),
        appPost(t, who, '/app/steps', { date: dateIn(-1), steps: 2000 - round * 900 }),
        appPost(t, other, '/app/steps', { date: dateIn(-1), steps: 900 * round }),
        putUser(other.user.id, 100),
      ]);
      // Refusals are the rules' (coins, limits), never a deadlock or another failure.
      expect(
        responses.filter((r) => r.statusCode !== 200 && r.statusCode !== 409).map((r) => r.body),
        `round ${round}`,
      ).toEqual([]);
      expect(await balanceOf(t.db, who.user.id)).toBeGreaterThanOrEqual(0);
      expect(await balanceOf(t.db, other.user.id)).toBeGreaterThanOrEqual(0);
      expect(await ledgerMismatches(t.db)).toEqual([]);
    }
  });
});
