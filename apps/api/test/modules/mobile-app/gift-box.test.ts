import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { giftBoxes, stepLogs } from '../../../src/db/schema.js';
import {
  boxPosition,
  buildTestApp,
  createGiftBox,
  createGiftBoxConfig,
  dateIn,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../helpers/index.js';
import { appPost, balanceOf, entriesOf, ledgerMismatches, statusCounts } from './app-data.js';

describe('POST /api/app/giftbox/{id}/open', () => {
  let t: TestApp;
  /** A config of 1000 steps to unlock and 2 boxes a day. */
  let configId: number;

  const open = (who: LoggedIn, id: number | string) => appPost(t, who, `/app/giftbox/${id}/open`, boxPosition);
  /** An app user who walked `steps` today (through the real sync call). */
  const walker = async (steps = 1500) => {
    const who = await loginAs(t, 'User', { user: { isTracking: true } });
    if (steps > 0) expect((await appPost(t, who, '/app/steps', { date: dateIn(0), steps })).statusCode).toBe(200);
    return who;
  };
  const boxRow = async (id: number) =>
    (
      await t.db
        .select({ openedBy: giftBoxes.openedBy, openedAt: giftBoxes.openedAt })
        .from(giftBoxes)
        .where(eq(giftBoxes.id, id))
    )[0];

  beforeAll(async () => {
    t = await buildTestApp();
    configId = await createGiftBoxConfig(t.db, { stepsToUnlock: 1000, boxesPerDay: 2 });
  });
  afterAll(() => t?.close());

  it('opens a box for a user who walked enough today, and credits its coins', async () => {
    const who = await walker(1500); // 15 coins from steps
    const boxId = await createGiftBox(t.db, configId, { coins: 40 });
    const res = await open(who, boxId);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.giftBoxOpened, body: { coins: 40, totalCoins: 55 } });
    expect(await boxRow(boxId)).toEqual({ openedBy: who.user.id, openedAt: expect.any(Date) });
    expect((await entriesOf(t.db, who.user.id)).at(-1)).toEqual({
      kind: 'giftbox',
      amount: 40,
      refId: boxId,
      refDay: null,
      adminId: null,
    });
  });

  it('refuses a box already opened, by the same user or another, with 409', async () => {
    const first = await walker();
    const second = await walker();
    const boxId = await createGiftBox(t.db, configId);
    expect((await open(first, boxId)).statusCode).toBe(200);
    for (const who of [first, second]) {
      const res = await open(who, boxId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: messages.giftBoxAlreadyOpened });
    }
    expect((await boxRow(boxId))?.openedBy).toBe(first.user.id);
    expect((await entriesOf(t.db, second.user.id)).map((e) => e.kind)).toEqual(['steps']);
  });

  it('refuses an expired box with 410', async () => {
    const who = await walker();
    const boxId = await createGiftBox(t.db, configId, { expiresAt: new Date(Date.now() - 60_000) });
    const res = await open(who, boxId);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ message: messages.giftBoxExpired });
    expect(await boxRow(boxId)).toEqual({ openedBy: null, openedAt: null });
  });

  it('answers 404 for an unknown box, a box of an inactive config, and a bad id', async () => {
    const who = await walker();
    const inactive = await createGiftBoxConfig(t.db, { stepsToUnlock: 0, isActive: false });
    const hidden = await createGiftBox(t.db, inactive);
    for (const id of [hidden, 999_999]) {
      const res = await open(who, id);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual({ message: messages.giftBoxNotFound });
    }
    expect((await open(who, 'abc')).statusCode).toBe(400);
    expect(await boxRow(hidden)).toEqual({ openedBy: null, openedAt: null });
  });

  it('refuses with 403 a user who has not walked the config’s steps today (other days do not count)', async () => {
    const lazy = await walker(999);
    await t.db.insert(stepLogs).values({ userId: lazy.user.id, day: dateIn(-1), steps: 20_000 });
    const boxId = await createGiftBox(t.db, configId);
    const res = await open(lazy, boxId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: messages.giftBoxNeedsSteps });

    const none = await walker(0);
    expect((await open(none, boxId)).statusCode).toBe(403);

    // A later sync of today that reaches the steps unlocks it.
    await appPost(t, lazy, '/app/steps', { date: dateIn(0), steps: 1000 });
    expect((await open(lazy, boxId)).statusCode).toBe(200);
  });

  it('refuses more than the config’s boxes per day with 409; another config’s boxes still open', async () => {
    const who = await walker();
    const [a, b, c] = [
      await createGiftBox(t.db, configId),
      await createGiftBox(t.db, configId),
      await createGiftBox(t.db, configId),
    ];
    expect((await open(who, a)).statusCode).toBe(200);
    expect((await open(who, b)).statusCode).toBe(200);
    const third = await open(who, c);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ message: messages.giftBoxDailyLimit });
    expect(await boxRow(c)).toEqual({ openedBy: null, openedAt: null });

    const otherConfig = await createGiftBoxConfig(t.db, { stepsToUnlock: 0, boxesPerDay: 1 });
    expect((await open(who, await createGiftBox(t.db, otherConfig))).statusCode).toBe(200);
    // A config of 0 boxes per day opens none.
    const closed = await createGiftBoxConfig(t.db, { stepsToUnlock: 0, boxesPerDay: 0 });
    expect((await open(who, await createGiftBox(t.db, closed))).statusCode).toBe(409);
  });

  it('counts only today’s opens against the limit', async () => {
    const who = await walker();
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    for (let i = 0; i < 2; i++) {
      await createGiftBox(t.db, configId, { openedBy: who.user.id, openedAt: yesterday });
    }
    expect((await open(who, await createGiftBox(t.db, configId))).statusCode).toBe(200);
  });

  it('gives one box to exactly one of many users opening it at once (truly parallel on PostgreSQL)', async () => {
    const crowd = await Promise.all(Array.from({ length: 10 }, () => walker()));
    const boxId = await createGiftBox(t.db, configId, { coins: 33 });
    const responses = await Promise.all(crowd.map((who) => open(who, boxId)));

    expect(statusCounts(responses)).toEqual({ 200: 1, 409: 9 });
    const winner = crowd[responses.findIndex((r) => r.statusCode === 200)]!;
    expect((await boxRow(boxId))?.openedBy).toBe(winner.user.id);
    for (const who of crowd) {
      expect(await balanceOf(t.db, who.user.id)).toBe(who === winner ? 15 + 33 : 15);
    }
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('keeps the daily limit when one user opens many boxes at once (truly parallel on PostgreSQL)', async () => {
    const who = await walker();
    const boxIds = await Promise.all(Array.from({ length: 6 }, () => createGiftBox(t.db, configId, { coins: 10 })));
    const responses = await Promise.all(boxIds.map((id) => open(who, id)));

    expect(statusCounts(responses)).toEqual({ 200: 2, 409: 4 });
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toEqual({ message: messages.giftBoxDailyLimit });
    }
    expect(await balanceOf(t.db, who.user.id)).toBe(15 + 20);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});
