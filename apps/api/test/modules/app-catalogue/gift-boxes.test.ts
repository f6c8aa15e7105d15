import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppNearbyBox, greatCircleMetres, limits, messages } from '@strideadmin/contract';
import { giftBoxes } from '../../../src/db/schema.js';
import { catalogueStatement, nearbyBoxesStatement } from '../../../src/modules/app-catalogue/service.js';
import {
  boxPosition,
  buildTestApp,
  createGiftBox,
  createGiftBoxConfig,
  createUser,
  dateIn,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../helpers/index.js';
import { appPost, balanceOf, entriesOf } from '../mobile-app/app-data.js';
import { appGet, bodyOf } from './app-calls.js';

type Nearby = { rows: AppNearbyBox[]; stepsToday: number };

/** A point `metres` north of boxPosition (a degree of latitude is 111,195 m on the sphere). */
const north = (metres: number) => ({
  latitude: boxPosition.latitude + metres / 111_195,
  longitude: boxPosition.longitude,
});

describe('GET /api/app/giftboxes', () => {
  let t: TestApp;
  let easy: number;
  let hard: number;
  let once: number;
  const nearby = (who: LoggedIn, query: string) => appGet(t, who, `/app/giftboxes?${query}`);
  const around = (who: LoggedIn, extra = '') =>
    nearby(who, `lat=${boxPosition.latitude}&lng=${boxPosition.longitude}${extra}`).then((r) => bodyOf<Nearby>(r));
  const walker = async (steps: number) => {
    const who = await loginAs(t, 'User', { user: { isTracking: true } });
    if (steps > 0) expect((await appPost(t, who, '/app/steps', { date: dateIn(0), steps })).statusCode).toBe(200);
    return who;
  };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    easy = await createGiftBoxConfig(t.db, { type: 'Easy box', stepsToUnlock: 1000, boxesPerDay: 5 });
    hard = await createGiftBoxConfig(t.db, { type: 'Hard box', stepsToUnlock: 5000, boxesPerDay: 5 });
    once = await createGiftBoxConfig(t.db, { type: 'Once a day', stepsToUnlock: 0, boxesPerDay: 1 });
    const inactive = await createGiftBoxConfig(t.db, { stepsToUnlock: 0, isActive: false });
    const someone = await createUser(t.db);
    ids.at = await createGiftBox(t.db, easy, { ...north(0), coins: 33 });
    ids.mid = await createGiftBox(t.db, hard, north(500));
    ids.near = await createGiftBox(t.db, easy, north(120));
    ids.far = await createGiftBox(t.db, easy, north(2500));
    ids.onceA = await createGiftBox(t.db, once, north(300));
    ids.onceB = await createGiftBox(t.db, once, north(310));
    // Never listed: opened, expired, of an inactive config.
    ids.opened = await createGiftBox(t.db, easy, { ...north(10), openedAt: new Date(), openedBy: someone.id });
    ids.expired = await createGiftBox(t.db, easy, { ...north(20), expiresAt: new Date(Date.now() - 1000) });
    ids.inactive = await createGiftBox(t.db, inactive, north(30));
  });
  afterAll(() => t?.close());

  it('lists the boxes the caller may open within the radius, nearest first, without their coins', async () => {
    const who = await walker(1500);
    const page = await around(who);
    expect(page.stepsToday).toBe(1500);
    expect(page.rows.map((b) => b.id)).toEqual([ids.at, ids.near, ids.onceA, ids.onceB, ids.mid]);
    const mid = page.rows.find((b) => b.id === ids.mid)!;
    expect(mid).toEqual({
      id: ids.mid,
      ...north(500),
      configId: hard,
      configName: 'Hard box',
      expiresAt: expect.any(String),
      stepsToUnlock: 5000,
      distance: Math.round(greatCircleMetres(boxPosition, north(500))),
      unlocked: false,
    });
    expect(mid.distance).toBe(500);
    expect(page.rows.find((b) => b.id === ids.at)).toMatchObject({
      distance: 0,
      unlocked: true,
      configName: 'Easy box',
    });
    expect(page.rows.find((b) => b.id === ids.onceA)?.unlocked).toBe(true);
    const [stored] = await t.db
      .select({ expiresAt: giftBoxes.expiresAt })
      .from(giftBoxes)
      .where(eq(giftBoxes.id, mid.id));
    expect(mid.expiresAt).toBe(stored!.expiresAt.toISOString());
    expect(JSON.stringify(page)).not.toMatch(/coins/i);
  });

  it('widens to the radius asked for, and narrows to it', async () => {
    const who = await walker(0);
    expect((await around(who, '&radius=3000')).rows.map((b) => b.id)).toContain(ids.far);
    expect((await around(who, '&radius=200')).rows.map((b) => b.id)).toEqual([ids.at, ids.near]);
    // Nothing unlocked without today's steps (other days do not count).
    expect((await around(who)).rows.every((b) => b.unlocked === (b.stepsToUnlock === 0))).toBe(true);
  });

  it("leaves out a config's boxes once the caller opened its boxes per day today; others still see them", async () => {
    const who = await walker(1500);
    const other = await walker(1500);
    const opened = await appPost(t, who, `/app/giftbox/${ids.onceA}/open`, north(300));
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await around(who)).rows.map((b) => b.id)).toEqual([ids.at, ids.near, ids.mid]);
    expect((await around(other)).rows.map((b) => b.id)).toEqual([ids.at, ids.near, ids.onceB, ids.mid]);
  });

  it(`answers at most ${limits.nearbyBoxesMax} boxes, the nearest`, async () => {
    const fresh = await buildTestApp();
    try {
      const config = await createGiftBoxConfig(fresh.db, { stepsToUnlock: 0, boxesPerDay: 1 });
      await fresh.db.execute(sql`
        insert into gift_boxes (config_id, latitude, longitude, coins, expires_at)
        select ${config}, ${boxPosition.latitude} + n * 0.00001, ${boxPosition.longitude}, 5, now() + interval '1 day'
        from generate_series(1, ${limits.nearbyBoxesMax + 20}) n`);
      const who = await loginAs(fresh, 'User');
      const res = await fresh.app.inject({
        method: 'GET',
        url: `/api/app/giftboxes?lat=${boxPosition.latitude}&lng=${boxPosition.longitude}`,
        headers: who.headers,
      });
      const rows = bodyOf<Nearby>(res).rows;
      expect(rows).toHaveLength(limits.nearbyBoxesMax);
      expect(rows.map((b) => b.distance)).toEqual([...rows.map((b) => b.distance)].sort((a, b) => a - b));
      expect(Math.max(...rows.map((b) => b.latitude))).toBeLessThan(
        boxPosition.latitude + 0.00001 * (limits.nearbyBoxesMax + 1),
      );
    } finally {
      await fresh.close();
    }
  });

  it('finds boxes across the antimeridian and around a pole', async () => {
    const who = await walker(0);
    const east = await createGiftBox(t.db, easy, { latitude: 0, longitude: 179.9995 });
    const polar = await createGiftBox(t.db, easy, { latitude: 89.9995, longitude: 0 });
    const west = bodyOf<Nearby>(await nearby(who, 'lat=0&lng=-179.9995&radius=500'));
    expect(west.rows.map((b) => b.id)).toEqual([east]);
    expect(west.rows[0]!.distance).toBe(111);
    const pole = bodyOf<Nearby>(await nearby(who, 'lat=89.9995&lng=180&radius=500'));
    expect(pole.rows.map((b) => b.id)).toEqual([polar]);
    expect(pole.rows[0]!.distance).toBe(111);
  });

  it('answers 400 with a clear message to a missing or bad position or radius', async () => {
    const who = await walker(0);
    const cases: Array<[string, string]> = [
      ['', messages.positionRequired],
      ['lng=18', messages.positionRequired],
      ['lat=&lng=18', messages.positionRequired],
      ['lat=59', messages.positionRequired],
      ['lat=91&lng=18', messages.latitudeInvalid],
      ['lat=abc&lng=18', messages.latitudeInvalid],
      ['lat=59&lng=-180.5', messages.longitudeInvalid],
      ['lat=59&lng=18&radius=0', messages.nearbyRadiusInvalid],
      ['lat=59&lng=18&radius=10001', messages.nearbyRadiusInvalid],
      ['lat=59&lng=18&radius=2.5', messages.nearbyRadiusInvalid],
      ['lat=59&lng=18&radius=far', messages.nearbyRadiusInvalid],
    ];
    for (const [query, message] of cases) {
      const res = await nearby(who, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ message, errors: [message] });
    }
    expect((await nearby(who, 'lat=-90&lng=180&radius=10000')).statusCode).toBe(200);
  });
});

describe('POST /api/app/giftbox/{id}/open with the phone’s position', () => {
  let t: TestApp;
  let config: number;
  beforeAll(async () => {
    t = await buildTestApp();
    config = await createGiftBoxConfig(t.db, { stepsToUnlock: 0, boxesPerDay: 10 });
  });
  afterAll(() => t?.close());

  it('opens a box from within GIFTBOX_RADIUS_M (100 m by default) of it', async () => {
    const who = await loginAs(t, 'User');
    const box = await createGiftBox(t.db, config, { coins: 12 });
    const res = await appPost(t, who, `/app/giftbox/${box}/open`, north(95));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.giftBoxOpened, body: { coins: 12, totalCoins: 12 } });
  });

  it('refuses (403) a phone farther away, and changes nothing', async () => {
    const who = await loginAs(t, 'User');
    const box = await createGiftBox(t.db, config, { coins: 12 });
    const res = await appPost(t, who, `/app/giftbox/${box}/open`, north(105));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: messages.giftBoxTooFar });
    const [row] = await t.db.select({ openedAt: giftBoxes.openedAt }).from(giftBoxes).where(eq(giftBoxes.id, box));
    expect(row?.openedAt).toBeNull();
    expect(await balanceOf(t.db, who.user.id)).toBe(0);
    expect(await entriesOf(t.db, who.user.id)).toEqual([]);
  });

  it('answers 400 without a position or with a bad one, and opens nothing', async () => {
    const who = await loginAs(t, 'User');
    const box = await createGiftBox(t.db, config);
    const cases: Array<[object | undefined, string]> = [
      [undefined, messages.positionRequired],
      [{}, messages.positionRequired],
      [{ latitude: boxPosition.latitude }, messages.positionRequired],
      [{ latitude: '59.3', longitude: 18 }, 'latitude must be a number.'],
      [{ latitude: 90.1, longitude: 18 }, messages.latitudeInvalid],
      [{ latitude: 59, longitude: 181 }, messages.longitudeInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await appPost(t, who, `/app/giftbox/${box}/open`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message, JSON.stringify(payload)).toBe(message);
    }
    const [row] = await t.db.select({ openedAt: giftBoxes.openedAt }).from(giftBoxes).where(eq(giftBoxes.id, box));
    expect(row?.openedAt).toBeNull();
  });

  it('takes the radius from GIFTBOX_RADIUS_M', async () => {
    const wide = await buildTestApp({ env: { GIFTBOX_RADIUS_M: '1000' } });
    try {
      const who = await loginAs(wide, 'User');
      const wideConfig = await createGiftBoxConfig(wide.db, { stepsToUnlock: 0, boxesPerDay: 10 });
      const box = await createGiftBox(wide.db, wideConfig);
      expect((await appPost(wide, who, `/app/giftbox/${box}/open`, north(1100))).statusCode).toBe(403);
      expect((await appPost(wide, who, `/app/giftbox/${box}/open`, north(900))).statusCode).toBe(200);
    } finally {
      await wide.close();
    }
  });
});

describe('the plans of the catalogue and the nearby boxes at 100,000 rows', () => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    userId = (await createUser(t.db, { totalCoins: 400 })).id;
    const config = await createGiftBoxConfig(t.db, { stepsToUnlock: 0, boxesPerDay: 3 });
    // A grid of boxes over southern Sweden about 330 m apart; a tenth of them opened.
    await t.db.execute(sql`
      insert into gift_boxes (config_id, latitude, longitude, coins, expires_at, opened_at, opened_by)
      select ${config}, 55 + (n % 400) * 0.003, 12 + (n / 400) * 0.006, 5, now() + interval '1 day',
        case when n % 10 = 0 then now() - interval '2 days' end, case when n % 10 = 0 then ${userId}::int end
      from generate_series(1, 100000) n`);
    await t.db.execute(sql`
      insert into gift_cards (serial_number, control_code, amount, currency, store_name, store_address, valid_till, price, user_id, redeemed_at)
      select 'PLAN-S-' || n, 'PLAN-C-' || n, 100, 'SEK', 'Store ' || (n % 500), 'Street 1', ${dateIn(30)}::date + (n % 60),
        n % 5000, case when n % 4 = 0 then ${userId}::int end, case when n % 4 = 0 then now() end
      from generate_series(1, 100000) n`);
    await t.db.execute(sql`analyze gift_boxes`);
    await t.db.execute(sql`analyze gift_cards`);
  });
  afterAll(() => t?.close());

  async function plan(statement: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
    const { sql: text, params } = statement.toSQL();
    const result = await t.database.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
    return result.rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  it('reads the nearby boxes off the index of unopened boxes by position', async () => {
    const now = new Date();
    const text = await plan(nearbyBoxesStatement(t.db, userId, { lat: 56, lng: 13, radius: 1000 }, now));
    expect(text).toContain('gift_boxes_unopened_position_idx');
    expect(text).not.toMatch(/Seq Scan on gift_boxes\b/);
    // The widest radius too.
    expect(await plan(nearbyBoxesStatement(t.db, userId, { lat: 56, lng: 13, radius: 10_000 }, now))).toContain(
      'gift_boxes_unopened_position_idx',
    );
  });

  it('reads the catalogue in price order off the index of cards in stock', async () => {
    const now = new Date();
    for (const query of [
      { page: 1, limit: 20 },
      { page: 3, limit: 20, affordable: 'true' as const },
    ]) {
      const text = await plan(catalogueStatement(t.db, userId, query, now));
      expect(text, JSON.stringify(query)).toContain('gift_cards_in_stock_price_idx');
      expect(text, JSON.stringify(query)).not.toMatch(/Seq Scan on gift_cards\b/);
    }
  });
});
