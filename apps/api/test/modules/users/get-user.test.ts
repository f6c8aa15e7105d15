import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import {
  buildTestApp,
  createGiftCard,
  createUser,
  dateIn,
  day,
  type LoggedIn,
  loginAs,
  minute,
  type TestApp,
} from '../../helpers/index.js';

describe('GET /api/users/:id', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let walker: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin', { user: { name: 'Ada Admin' } });
    walker = await loginAs(t, 'User', { user: { name: 'Walt Walker' } });
  });
  afterAll(() => t?.close());

  it('answers the user with Role { name }, no gift cards yet, and never the password hash', async () => {
    const res = await t.app.inject({ url: `/api/users/${walker.user.id}`, headers: admin.headers });

    expect(res.statusCode).toBe(200);
    const { body } = res.json();
    expect(body).toMatchObject({
      id: walker.user.id,
      name: 'Walt Walker',
      email: walker.user.email,
      isActive: true,
      isTracking: false, // docs/behaviour.md §3: tracking defaults to Disabled
      totalCoins: 0,
      Role: { name: 'User' },
      GiftCards: [],
    });
    expect(body).not.toHaveProperty('roleName');
    expect(new Date(body.createdAt).toString()).not.toBe('Invalid Date');
    expect(new Date(body.updatedAt).toString()).not.toBe('Invalid Date');
    expect(JSON.stringify(body)).not.toMatch(/password/i);
  });

  it('lists the gift cards of the user, each with isExpired by the expiry rule', async () => {
    const owner = await createUser(t.db, { name: 'Card Owner' });
    const someoneElse = await createUser(t.db);
    const now = Date.now();
    const pastValidTill = await createGiftCard(t.db, { userId: owner.id, validTill: dateIn(-1) });
    const futureValidTill = await createGiftCard(t.db, { userId: owner.id, validTill: dateIn(30) });
    const validTillToday = await createGiftCard(t.db, { userId: owner.id, validTill: dateIn(0) });
    const redeemedWithinDuration = await createGiftCard(t.db, {
      userId: owner.id,
      redeemedAt: new Date(now - 10 * minute),
      expiryDuration: 60,
    });
    const redeemedPastDuration = await createGiftCard(t.db, {
      userId: owner.id,
      redeemedAt: new Date(now - 2 * 60 * minute),
      expiryDuration: 60,
    });
    const redeemedNoDuration = await createGiftCard(t.db, {
      userId: owner.id,
      redeemedAt: new Date(now - 365 * day),
      expiryDuration: 0,
    });
    const othersCard = await createGiftCard(t.db, { userId: someoneElse.id });
    const unowned = await createGiftCard(t.db);

    const res = await t.app.inject({ url: `/api/users/${owner.id}`, headers: admin.headers });

    expect(res.statusCode).toBe(200);
    const cards: Array<{ id: number; isExpired: boolean }> = res.json().body.GiftCards;
    const expired = Object.fromEntries(cards.map((c) => [c.id, c.isExpired]));
    expect(expired).toEqual({
      [pastValidTill]: true,
      [futureValidTill]: false,
      [validTillToday]: false,
      [redeemedWithinDuration]: false,
      [redeemedPastDuration]: true,
      [redeemedNoDuration]: false,
    });
    expect(cards.map((c) => c.id)).not.toContain(othersCard);
    expect(cards.map((c) => c.id)).not.toContain(unowned);
    // Redeemed ones first, the latest redemption first.
    expect(cards.slice(0, 3).map((c) => c.id)).toEqual([
      redeemedWithinDuration,
      redeemedPastDuration,
      redeemedNoDuration,
    ]);
  });

  it('answers each gift card in the contract shape', async () => {
    const owner = await createUser(t.db);
    const redeemedAt = new Date('2024-05-06T07:08:09.000Z');
    const id = await createGiftCard(t.db, {
      userId: owner.id,
      serialNumber: 'SHAPE-1',
      controlCode: 'CTRL-1',
      amount: 50,
      currency: 'SEK',
      storeName: 'corner store',
      storeAddress: 'main street 1',
      cardPicture: 'https://cdn.example.com/card.png',
      validTill: '2099-12-31',
      expiryDuration: 0,
      price: 500,
      redeemedAt,
    });

    const res = await t.app.inject({ url: `/api/users/${owner.id}`, headers: admin.headers });

    expect(res.json().body.GiftCards).toEqual([
      {
        id,
        serialNumber: 'SHAPE-1',
        amount: 50,
        currency: 'SEK',
        storeName: 'corner store',
        storeAddress: 'main street 1',
        cardPicture: 'https://cdn.example.com/card.png',
        validTill: '2099-12-31',
        expiryDuration: 0,
        price: 500,
        controlCode: 'CTRL-1',
        isExpired: false,
        redeemedAt: redeemedAt.toISOString(),
        createdAt: expect.any(String),
      },
    ]);
  });

  it('is for administrators only', async () => {
    expect((await t.app.inject({ url: `/api/users/${walker.user.id}` })).json()).toEqual({
      message: messages.unauthorized,
    });
    const asWalker = await t.app.inject({ url: `/api/users/${walker.user.id}`, headers: walker.headers });
    expect(asWalker.statusCode).toBe(403);
  });

  it('answers 404 with a clear message for an unknown id, and 400 for an id that is not one', async () => {
    const missing = await t.app.inject({ url: '/api/users/999999', headers: admin.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: messages.userNotFound });

    for (const bad of ['abc', '0', '-3', '1.5', '99999999999999999999']) {
      const res = await t.app.inject({ url: `/api/users/${bad}`, headers: admin.headers });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('The id must be a number.');
    }
  });
});
