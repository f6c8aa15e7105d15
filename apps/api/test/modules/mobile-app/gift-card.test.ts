import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GiftCard, messages, type UserDetail } from '@strideadmin/contract';
import { giftCards } from '../../../src/db/schema.js';
import { buildTestApp, createGiftCard, dateIn, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { appPost, balanceOf, entriesOf, ledgerMismatches, statusCounts } from './app-data.js';

describe('POST /api/app/giftcard/{id}/redeem', () => {
  let t: TestApp;
  let admin: LoggedIn;

  const redeem = (who: LoggedIn, id: number | string) => appPost(t, who, `/app/giftcard/${id}/redeem`);
  const walker = (totalCoins: number) => loginAs(t, 'User', { user: { totalCoins } });
  const owner = async (id: number) =>
    (
      await t.db
        .select({ userId: giftCards.userId, redeemedAt: giftCards.redeemedAt })
        .from(giftCards)
        .where(eq(giftCards.id, id))
    )[0];

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('spends the price, gives the card to the user with its expiry running, and lists it under their gift cards', async () => {
    const who = await walker(800);
    const cardId = await createGiftCard(t.db, { price: 300, expiryDuration: 60, serialNumber: 'SN-REDEEM-1' });
    const before = Date.now();
    const res = await redeem(who, cardId);

    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; body: { card: GiftCard; totalCoins: number } }>();
    expect(body.message).toBe(messages.giftCardRedeemed);
    expect(body.body.totalCoins).toBe(500);
    expect(body.body.card).toMatchObject({
      id: cardId,
      serialNumber: 'SN-REDEEM-1',
      price: 300,
      expiryDuration: 60,
      isExpired: false,
    });
    const redeemedAt = Date.parse(body.body.card.redeemedAt!);
    expect(redeemedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(redeemedAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await owner(cardId))?.userId).toBe(who.user.id);
    expect((await entriesOf(t.db, who.user.id)).at(-1)).toEqual({
      kind: 'redeem',
      amount: -300,
      refId: cardId,
      refDay: null,
      adminId: null,
    });

    // docs/behaviour.md §7 GET /users/{id}: the portal shows it under Associated Gift Cards.
    const detail = await t.app.inject({ url: `/api/users/${who.user.id}`, headers: admin.headers });
    const cards = detail.json<{ body: UserDetail }>().body.GiftCards;
    expect(cards.map((c) => c.id)).toEqual([cardId]);
    expect(cards[0]).toMatchObject({ redeemedAt: body.body.card.redeemedAt, isExpired: false });
  });

  it('refuses with 409 when the coins are not enough, and leaves the card and the balance as they were', async () => {
    const who = await walker(499);
    const cardId = await createGiftCard(t.db, { price: 500 });
    const res = await redeem(who, cardId);

    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: messages.insufficientCoins });
    expect(await owner(cardId)).toEqual({ userId: null, redeemedAt: null });
    expect(await balanceOf(t.db, who.user.id)).toBe(499);
    expect((await entriesOf(t.db, who.user.id)).map((e) => e.kind)).toEqual(['adjustment']);

    // With exactly the price, it works, down to 0.
    const rich = await walker(500);
    expect((await redeem(rich, cardId)).json().body.totalCoins).toBe(0);
  });

  it('refuses a card already redeemed (by anyone) or expired with 409, and an unknown one with 404', async () => {
    const first = await walker(1000);
    const second = await walker(1000);
    const cardId = await createGiftCard(t.db, { price: 100 });
    expect((await redeem(first, cardId)).statusCode).toBe(200);

    const expiredCard = await createGiftCard(t.db, { price: 100, validTill: dateIn(-1) });
    // Redeemed once by a user since deleted: the card has no owner, but its code was given out.
    const orphan = await createGiftCard(t.db, { price: 100, redeemedAt: new Date(), userId: null });
    for (const [who, id] of [
      [first, cardId],
      [second, cardId],
      [second, expiredCard],
      [second, orphan],
    ] as const) {
      const res = await redeem(who, id);
      expect(res.statusCode, String(id)).toBe(409);
      expect(res.json()).toEqual({ message: messages.giftCardNotAvailable });
    }
    const unknown = await redeem(second, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.giftCardNotFound });
    expect((await redeem(second, 'abc')).statusCode).toBe(400);

    expect(await balanceOf(t.db, first.user.id)).toBe(900);
    expect(await balanceOf(t.db, second.user.id)).toBe(1000);
    expect((await owner(cardId))?.userId).toBe(first.user.id);
    expect(await owner(expiredCard)).toEqual({ userId: null, redeemedAt: null });
  });

  it('redeems a card valid till today, and a free card (a redemption of 0 coins)', async () => {
    const who = await walker(0);
    const free = await createGiftCard(t.db, { price: 0, validTill: dateIn(0) });
    const res = await redeem(who, free);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body.totalCoins).toBe(0);
    expect((await entriesOf(t.db, who.user.id)).map((e) => [e.kind, e.amount])).toEqual([['redeem', 0]]);
  });

  it('lets only as many parallel redeems succeed as the balance pays for (truly parallel on PostgreSQL)', async () => {
    // 20 cards of 100 coins, 1050 coins: ten can be paid, the balance never goes below 0.
    const who = await walker(1050);
    const cardIds = await Promise.all(Array.from({ length: 20 }, () => createGiftCard(t.db, { price: 100 })));
    const responses = await Promise.all(cardIds.map((id) => redeem(who, id)));

    expect(statusCounts(responses)).toEqual({ 200: 10, 409: 10 });
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toEqual({ message: messages.insufficientCoins });
    }
    expect(await balanceOf(t.db, who.user.id)).toBe(50);
    const owned = await t.db.select({ id: giftCards.id }).from(giftCards).where(eq(giftCards.userId, who.user.id));
    expect(owned).toHaveLength(10);
    const redeems = (await entriesOf(t.db, who.user.id)).filter((e) => e.kind === 'redeem');
    expect(redeems).toHaveLength(10);
    expect(new Set(redeems.map((e) => e.refId))).toEqual(new Set(owned.map((o) => o.id)));
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('gives one card to exactly one of many users redeeming it at once (truly parallel on PostgreSQL)', async () => {
    const crowd = await Promise.all(Array.from({ length: 10 }, () => walker(1000)));
    const cardId = await createGiftCard(t.db, { price: 250 });
    const responses = await Promise.all(crowd.map((who) => redeem(who, cardId)));

    expect(statusCounts(responses)).toEqual({ 200: 1, 409: 9 });
    const winner = crowd[responses.findIndex((r) => r.statusCode === 200)]!;
    expect((await owner(cardId))?.userId).toBe(winner.user.id);
    for (const who of crowd) expect(await balanceOf(t.db, who.user.id)).toBe(who === winner ? 750 : 1000);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});
