import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppCatalogueCard,
  type AppMyGiftCard,
  formatDuration,
  type ListResponse,
  messages,
} from '@strideadmin/contract';
import { giftCards } from '../../../src/db/schema.js';
import {
  buildTestApp,
  createGiftCard,
  dateIn,
  hour,
  type LoggedIn,
  loginAs,
  minute,
  type TestApp,
} from '../../helpers/index.js';
import { appPost, balanceOf } from '../mobile-app/app-data.js';
import { appGet, bodyOf } from './app-calls.js';

/** GET /api/app/giftcards (the catalogue) and GET /api/app/giftcards/mine (docs/behaviour.md §11). */
describe('GET /api/app/giftcards', () => {
  let t: TestApp;
  let walker: LoggedIn;
  const ids: Record<string, number> = {};
  const catalogue = (query = '', who: LoggedIn = walker) =>
    appGet(t, who, `/app/giftcards${query}`).then((r) => bodyOf<ListResponse<AppCatalogueCard>>(r));

  beforeAll(async () => {
    t = await buildTestApp();
    walker = await loginAs(t, 'User', { user: { totalCoins: 300 } });
    const owner = await createUserWithCard();
    // In stock: three prices, two stores, one free; the same price twice (order by id then).
    ids.cheap = await createGiftCard(t.db, {
      price: 100,
      storeName: 'Corner Shop',
      serialNumber: 'SER-CHEAP',
      controlCode: 'CODE-CHEAP',
    });
    ids.free = await createGiftCard(t.db, { price: 0, storeName: 'Book Corner' });
    ids.dear = await createGiftCard(t.db, { price: 900, storeName: 'corner shop north' });
    ids.sameA = await createGiftCard(t.db, { price: 300, storeName: 'Bakery' });
    ids.sameB = await createGiftCard(t.db, { price: 300, storeName: 'Bakery' });
    // Not in stock: past its Valid Till, owned by someone (redeemed).
    ids.expired = await createGiftCard(t.db, { price: 50, validTill: dateIn(-1), storeName: 'Corner Shop' });
    ids.owned = owner;

    async function createUserWithCard() {
      const other = await loginAs(t, 'User');
      return createGiftCard(t.db, {
        price: 10,
        userId: other.user.id,
        redeemedAt: new Date(),
        storeName: 'Corner Shop',
      });
    }
  });
  afterAll(() => t?.close());

  it('lists the cards in stock, cheapest first (the same price by id), with their count', async () => {
    const page = await catalogue();
    expect(page.rows.map((c) => c.id)).toEqual([ids.free, ids.cheap, ids.sameA, ids.sameB, ids.dear]);
    expect(page.count).toBe(5);
    expect(page.rows.find((c) => c.id === ids.cheap)).toEqual({
      id: ids.cheap,
      storeName: 'Corner Shop',
      storeAddress: 'storgatan 1, stockholm',
      amount: 100,
      currency: 'SEK',
      cardPicture: 'https://cdn.example.com/gift_card_images/card.png',
      price: 100,
      validTill: dateIn(30),
      expiryDuration: 1440,
      expiryDurationText: '24 Hours 0 Minutes',
    });
  });

  it('never answers a serial number or a control code', async () => {
    const res = await appGet(t, walker, '/app/giftcards?limit=100');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/serialNumber|controlCode|SER-CHEAP|CODE-CHEAP/);
    for (const card of bodyOf<ListResponse<AppCatalogueCard>>(res).rows) {
      expect(Object.keys(card).sort()).toEqual(
        [
          'amount',
          'cardPicture',
          'currency',
          'expiryDuration',
          'expiryDurationText',
          'id',
          'price',
          'storeAddress',
          'storeName',
          'validTill',
        ].sort(),
      );
    }
  });

  it('filters by store name (contains, any case), as the portal does', async () => {
    const page = await catalogue('?storeName=CORNER%20sh');
    expect(page.rows.map((c) => c.id)).toEqual([ids.cheap, ids.dear]);
    expect(page.count).toBe(2);
    // LIKE's wildcards are taken literally.
    expect((await catalogue('?storeName=%25')).rows).toEqual([]);
  });

  it("keeps the cards the caller's coins pay for with affordable=true, and follows the balance", async () => {
    expect((await catalogue('?affordable=true')).rows.map((c) => c.id)).toEqual([
      ids.free,
      ids.cheap,
      ids.sameA,
      ids.sameB,
    ]);
    expect((await catalogue('?affordable=false')).count).toBe(5);
    const poor = await loginAs(t, 'User', { user: { totalCoins: 99 } });
    expect((await catalogue('?affordable=true', poor)).rows.map((c) => c.id)).toEqual([ids.free]);
    expect((await catalogue('?affordable=true&storeName=shop', poor)).rows).toEqual([]);
  });

  it('pages: limit and page, the count of all matching', async () => {
    const second = await catalogue('?limit=2&page=2');
    expect(second.rows.map((c) => c.id)).toEqual([ids.sameA, ids.sameB]);
    expect(second.count).toBe(5);
    expect((await catalogue('?limit=2&page=4')).rows).toEqual([]);
  });

  it('drops a card once redeemed', async () => {
    const buyer = await loginAs(t, 'User', { user: { totalCoins: 1000 } });
    const bought = await createGiftCard(t.db, { price: 1, storeName: 'Kiosk' });
    expect((await catalogue('?storeName=kiosk', buyer)).rows.map((c) => c.id)).toEqual([bought]);
    expect((await appPost(t, buyer, `/app/giftcard/${bought}/redeem`)).statusCode).toBe(200);
    expect((await catalogue('?storeName=kiosk', buyer)).rows).toEqual([]);
  });

  it('answers 400 with a clear message to a bad query', async () => {
    const bad = await appGet(t, walker, '/app/giftcards?affordable=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: messages.affordableInvalid, errors: [messages.affordableInvalid] });
    for (const query of ['limit=0', 'limit=101', 'page=0', 'page=x']) {
      expect((await appGet(t, walker, `/app/giftcards?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/app/giftcards/mine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const mine = (who: LoggedIn, query = '') =>
    appGet(t, who, `/app/giftcards/mine${query}`).then((r) => bodyOf<ListResponse<AppMyGiftCard>>(r));

  it("lists the caller's redeemed cards, newest first, with their codes and the time left as the portal writes it", async () => {
    const who = await loginAs(t, 'User', { user: { totalCoins: 1000 } });
    const other = await loginAs(t, 'User');
    const now = Date.now();
    // Redeemed through the app just now: the whole duration is left.
    const fresh = await createGiftCard(t.db, {
      price: 100,
      expiryDuration: 1440,
      serialNumber: 'MY-SER',
      controlCode: 'MY-CODE',
    });
    // Redeemed by hand in the past: 120 minutes from 90.5 minutes ago leaves 29.5, shown as 30.
    const older = await createGiftCard(t.db, {
      userId: who.user.id,
      redeemedAt: new Date(now - 90 * minute - 30_000),
      expiryDuration: 120,
    });
    const hours = await createGiftCard(t.db, {
      userId: who.user.id,
      redeemedAt: new Date(now - 10 * minute),
      expiryDuration: 200,
    });
    // Its duration ran out an hour ago; and one without a duration (valid until Valid Till).
    const spent = await createGiftCard(t.db, {
      userId: who.user.id,
      redeemedAt: new Date(now - 2 * hour),
      expiryDuration: 60,
    });
    const lasting = await createGiftCard(t.db, {
      userId: who.user.id,
      redeemedAt: new Date(now - 3 * hour),
      expiryDuration: 0,
    });
    // Someone else's.
    await createGiftCard(t.db, { userId: other.user.id, redeemedAt: new Date(now) });
    expect((await appPost(t, who, `/app/giftcard/${fresh}/redeem`)).statusCode).toBe(200);

    const page = await mine(who);
    expect(page.rows.map((c) => c.id)).toEqual([fresh, hours, older, spent, lasting]);
    expect(page.count).toBe(5);
    const byId = new Map(page.rows.map((c) => [c.id, c]));
    expect(byId.get(fresh)).toMatchObject({
      serialNumber: 'MY-SER',
      controlCode: 'MY-CODE',
      price: 100,
      expiryDuration: 1440,
      expiryDurationText: '24 Hours 0 Minutes',
      expiresIn: '24 Hours 0 Minutes',
      isExpired: false,
    });
    const [stored] = await t.db
      .select({ redeemedAt: giftCards.redeemedAt })
      .from(giftCards)
      .where(eq(giftCards.id, fresh));
    expect(byId.get(fresh)?.redeemedAt).toBe(stored!.redeemedAt!.toISOString());
    expect(byId.get(fresh)?.durationEndsAt).toBe(new Date(stored!.redeemedAt!.getTime() + 1440 * minute).toISOString());
    expect(byId.get(older)).toMatchObject({ expiresIn: '30 Minutes', isExpired: false });
    expect(byId.get(hours)).toMatchObject({ expiresIn: formatDuration(190), isExpired: false });
    expect(formatDuration(190)).toBe('3 Hours 10 Minutes');
    expect(byId.get(spent)).toMatchObject({ expiresIn: null, isExpired: true });
    expect(byId.get(lasting)).toMatchObject({ expiresIn: null, durationEndsAt: null, isExpired: false });

    expect((await mine(who, '?limit=2&page=3')).rows.map((c) => c.id)).toEqual([lasting]);
    expect((await mine(await loginAs(t, 'User'))).rows).toEqual([]);
    expect(await balanceOf(t.db, who.user.id)).toBe(900);
  });

  it('answers 400 to a bad page', async () => {
    const who = await loginAs(t, 'User');
    expect((await appGet(t, who, '/app/giftcards/mine?limit=500')).statusCode).toBe(400);
  });
});
