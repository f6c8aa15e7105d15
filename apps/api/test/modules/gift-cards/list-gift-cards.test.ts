import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GiftCard } from '@strideadmin/contract';
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

describe('GET /api/giftcard', () => {
  let t: TestApp;
  let admin: LoggedIn;
  /** The ids of the expiry fixtures (serial numbers EXP-...), by what they show. */
  const expiry: Record<string, number> = {};

  const list = async (query: Record<string, string | number> = {}) => {
    const res = await t.app.inject({
      url: '/api/giftcard',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as { rows: GiftCard[]; count: number };
  };
  const serials = (rows: GiftCard[]) => rows.map((r) => r.serialNumber);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    const owner = await createUser(t.db);
    const now = Date.now();
    // Searchable cards, created in this order (createdAt in 2024), none expired.
    const stores: Array<[string, string, number]> = [
      ['ICA-100', 'ICA Maxi Lindhagen', 300],
      ['ICA-200', 'ica nära Odenplan', 100],
      ['COOP-100', 'Coop Konsum', 200],
      ['AXFOOD-1', 'Willys 100% Billigt', 100], // a % in the text, to be taken literally
      ['AX_FOOD-2', 'Hemköp', 100], // an _ in the serial number, to be taken literally
    ];
    for (const [i, [serialNumber, storeName, price]] of stores.entries()) {
      await createGiftCard(t.db, { serialNumber, storeName, price, createdAt: new Date(Date.UTC(2024, 0, i + 1)) });
    }
    // docs/behaviour.md §3 isExpired: Valid Till past, or redeemed longer ago than Expiry Duration minutes.
    const fixtures: Array<[string, Parameters<typeof createGiftCard>[1]]> = [
      ['pastValidTill', { validTill: dateIn(-1) }],
      ['longPastValidTill', { validTill: '2020-02-29' }],
      ['validTillToday', { validTill: dateIn(0) }],
      ['futureValidTill', { validTill: dateIn(365) }],
      ['redeemedPastDuration', { userId: owner.id, redeemedAt: new Date(now - 2 * 60 * minute), expiryDuration: 60 }],
      ['redeemedWithinDuration', { userId: owner.id, redeemedAt: new Date(now - 10 * minute), expiryDuration: 60 }],
      ['redeemedNoDuration', { userId: owner.id, redeemedAt: new Date(now - 365 * day), expiryDuration: 0 }],
      [
        'redeemedPastDurationAndValidTill',
        {
          userId: owner.id,
          redeemedAt: new Date(now - 2 * day),
          expiryDuration: 1,
          validTill: dateIn(-1),
        },
      ],
    ];
    for (const [name, values] of fixtures) {
      expiry[name] = await createGiftCard(t.db, { ...values, serialNumber: `EXP-${name}`, storeName: 'expiry store' });
    }
  });
  afterAll(() => t?.close());

  it('answers a page of cards in the contract shape and the total count', async () => {
    const { rows, count } = await list({ serialNumber: 'ICA-100' });

    expect(count).toBe(1);
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        serialNumber: 'ICA-100',
        amount: 100,
        currency: 'SEK',
        storeName: 'ICA Maxi Lindhagen',
        storeAddress: 'storgatan 1, stockholm',
        cardPicture: 'https://cdn.example.com/gift_card_images/card.png',
        validTill: dateIn(30),
        expiryDuration: 1440,
        price: 300,
        controlCode: expect.stringMatching(/^CC-/),
        isExpired: false,
        redeemedAt: null,
        createdAt: '2024-01-01T00:00:00.000Z',
      },
    ]);
    expect((await list()).count).toBe(13);
  });

  describe('filters', () => {
    it('serialNumber: contains, in any case, with surrounding spaces ignored', async () => {
      for (const serialNumber of ['ica-', 'ICA-', '  Ica- ', 'a-']) {
        const { rows, count } = await list({ serialNumber, sort: 'serialNumber', order: 'asc' });
        expect(serials(rows), serialNumber).toEqual(['ICA-100', 'ICA-200']);
        expect(count).toBe(2);
      }
    });

    it('storeName: contains, in any case', async () => {
      const { rows, count } = await list({ storeName: 'ICA', sort: 'serialNumber', order: 'asc' });
      expect(serials(rows)).toEqual(['ICA-100', 'ICA-200']);
      expect(count).toBe(2);
      expect(serials((await list({ storeName: 'HEMKÖP' })).rows)).toEqual(['AX_FOOD-2']);
    });

    it('take %, _ and \\ literally', async () => {
      expect(serials((await list({ storeName: '100%' })).rows)).toEqual(['AXFOOD-1']);
      expect(serials((await list({ serialNumber: 'X_F' })).rows)).toEqual(['AX_FOOD-2']);
      expect((await list({ serialNumber: '_' })).count).toBe(1);
      expect((await list({ serialNumber: '\\' })).count).toBe(0);
    });

    it('serialNumber and storeName together; an empty filter is no filter', async () => {
      expect(serials((await list({ serialNumber: '100', storeName: 'coop' })).rows)).toEqual(['COOP-100']);
      expect((await list({ serialNumber: '', storeName: '  ' })).count).toBe(13);
      expect(await list({ serialNumber: 'no such card' })).toEqual({ rows: [], count: 0 });
    });

    it('isExpired: true and false by the expiry rule, computed now, and each row says so', async () => {
      const expired = await list({ serialNumber: 'EXP-', isExpired: 'true', sort: 'id', order: 'asc' });
      const fresh = await list({ serialNumber: 'EXP-', isExpired: 'false', sort: 'id', order: 'asc' });

      expect(expired.rows.map((r) => r.id)).toEqual([
        expiry.pastValidTill,
        expiry.longPastValidTill,
        expiry.redeemedPastDuration,
        expiry.redeemedPastDurationAndValidTill,
      ]);
      expect(expired.count).toBe(4);
      expect(fresh.rows.map((r) => r.id)).toEqual([
        expiry.validTillToday,
        expiry.futureValidTill,
        expiry.redeemedWithinDuration,
        expiry.redeemedNoDuration,
      ]);
      expect(fresh.count).toBe(4);
      expect(expired.rows.every((r) => r.isExpired)).toBe(true);
      expect(fresh.rows.every((r) => !r.isExpired)).toBe(true);
      // The searchable cards are all fresh.
      expect((await list({ isExpired: 'true' })).count).toBe(4);
      expect((await list({ isExpired: 'false' })).count).toBe(9);
    });
  });

  describe('pagination and sorting', () => {
    it('pages through the rows, the count staying the filtered total', async () => {
      const pages = [];
      for (const page of [1, 2, 3, 4]) {
        pages.push(await list({ storeName: 'expiry store', sort: 'id', order: 'asc', limit: 3, page }));
      }
      expect(pages.map((p) => p.count)).toEqual([8, 8, 8, 8]);
      expect(pages.map((p) => p.rows.map((r) => r.id))).toEqual([
        [expiry.pastValidTill, expiry.longPastValidTill, expiry.validTillToday],
        [expiry.futureValidTill, expiry.redeemedPastDuration, expiry.redeemedWithinDuration],
        [expiry.redeemedNoDuration, expiry.redeemedPastDurationAndValidTill],
        [],
      ]);
      const filtered = await list({ storeName: 'expiry store', isExpired: 'true', sort: 'id', limit: 3, page: 2 });
      expect(filtered).toMatchObject({ count: 4 });
      expect(filtered.rows.map((r) => r.id)).toEqual([expiry.pastValidTill]);
    });

    it('breaks ties by id, so that no card shows on two pages', async () => {
      for (const order of ['asc', 'desc'] as const) {
        const ids: number[] = [];
        for (const page of [1, 2, 3, 4, 5, 6, 7]) {
          ids.push(...(await list({ sort: 'amount', order, limit: 2, page })).rows.map((r) => r.id));
        }
        const sorted = [...ids].sort((a, b) => (order === 'asc' ? a - b : b - a));
        expect(ids).toEqual(sorted); // every amount is 100: the order is the id's
        expect(new Set(ids).size).toBe(13);
      }
    });

    it('sorts by price, by serialNumber; newest first by default', async () => {
      // serialNumber contains 0: ICA-100 (price 300), ICA-200 (100), COOP-100 (200).
      const desc = await list({ serialNumber: '0', sort: 'price', order: 'desc' });
      expect(serials(desc.rows)).toEqual(['ICA-100', 'COOP-100', 'ICA-200']);
      const asc = await list({ serialNumber: '0', sort: 'price', order: 'asc' });
      expect(serials(asc.rows)).toEqual(['ICA-200', 'COOP-100', 'ICA-100']);
      const bySerial = await list({ serialNumber: '0', sort: 'serialNumber', order: 'asc' });
      expect(serials(bySerial.rows)).toEqual(['COOP-100', 'ICA-100', 'ICA-200']);
      const byDefault = await list({ serialNumber: '0' });
      expect(serials(byDefault.rows)).toEqual(['COOP-100', 'ICA-200', 'ICA-100']);
      const byValidTill = await list({ storeName: 'expiry store', sort: 'validTill', order: 'asc', limit: 1 });
      expect(byValidTill.rows.map((r) => r.id)).toEqual([expiry.longPastValidTill]);
    });
  });

  it('refuses a query it cannot answer, with errors', async () => {
    const queries: Array<Record<string, string>> = [
      { sort: 'controlCode' },
      { sort: 'isExpired' },
      { order: 'sideways' },
      { isExpired: 'yes' },
      { page: '0' },
      { limit: '101' },
      { serialNumber: 'x'.repeat(256) },
    ];
    for (const query of queries) {
      const res = await t.app.inject({ url: '/api/giftcard', query, headers: admin.headers });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), errors: [expect.any(String)] });
    }
  });
});
