import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import {
  buildTestApp,
  createGiftCard,
  createUser,
  dateIn,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../helpers/index.js';

describe('GET /api/giftcard/:id', () => {
  let t: TestApp;
  let admin: LoggedIn;

  const get = (id: number | string) => t.app.inject({ url: `/api/giftcard/${id}`, headers: admin.headers });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('answers the card as an array of one (docs/behaviour.md §7: the portal reads body[0])', async () => {
    const id = await createGiftCard(t.db, {
      serialNumber: 'ONE-1',
      controlCode: 'CTRL-ONE-1',
      amount: 250,
      currency: 'Swedish Krona',
      storeName: 'ica nära',
      storeAddress: 'odengatan 5',
      cardPicture: 'https://cdn.example.com/gift_card_images/one.png',
      validTill: '2099-06-30',
      expiryDuration: 90,
      price: 1200,
      createdAt: new Date('2025-03-04T05:06:07.000Z'),
    });

    const res = await get(id);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      body: [
        {
          id,
          serialNumber: 'ONE-1',
          amount: 250,
          currency: 'Swedish Krona',
          storeName: 'ica nära',
          storeAddress: 'odengatan 5',
          cardPicture: 'https://cdn.example.com/gift_card_images/one.png',
          validTill: '2099-06-30',
          expiryDuration: 90,
          price: 1200,
          controlCode: 'CTRL-ONE-1',
          isExpired: false,
          redeemedAt: null,
          createdAt: '2025-03-04T05:06:07.000Z',
        },
      ],
    });
  });

  it('computes isExpired: a past Valid Till, or a redemption older than Expiry Duration', async () => {
    const owner = await createUser(t.db);
    const redeemedAt = new Date(Date.now() - 31 * 60 * 1000);
    const past = await createGiftCard(t.db, { validTill: dateIn(-1) });
    const runOut = await createGiftCard(t.db, { userId: owner.id, redeemedAt, expiryDuration: 30 });
    const running = await createGiftCard(t.db, { userId: owner.id, redeemedAt, expiryDuration: 32 });

    expect((await get(past)).json().body[0].isExpired).toBe(true);
    expect((await get(runOut)).json().body[0]).toMatchObject({
      isExpired: true,
      redeemedAt: redeemedAt.toISOString(),
    });
    expect((await get(running)).json().body[0].isExpired).toBe(false);
  });

  it('answers 404 for an unknown id, and 400 for an id that is not one', async () => {
    const missing = await get(999999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: messages.giftCardNotFound });

    for (const bad of ['abc', '0', '-3', '1.5', '99999999999999999999']) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ message: 'The id must be a number.', errors: ['The id must be a number.'] });
    }
  });
});
