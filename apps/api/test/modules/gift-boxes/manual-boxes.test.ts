import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GiftBox, limits, manualBoxesShown, messages } from '@strideadmin/contract';
import { giftBoxes } from '../../../src/db/schema.js';
import {
  buildTestApp,
  createGiftBox,
  createGiftBoxConfig,
  isoIn,
  type LoggedIn,
  loginAs,
  type TestApp,
  validManualBox,
} from '../../helpers/index.js';

const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('the boxes placed by hand', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let configId: number;

  const place = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/giftbox/manual', payload, headers: admin.headers });
  const remove = (id: number | string) =>
    t.app.inject({ method: 'DELETE', url: `/api/giftbox/manual/${id}`, headers: admin.headers });
  const detail = async (id: number) => {
    const res = await t.app.inject({ url: `/api/giftbox/${id}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as { manualBoxCount: number; ManualBoxes: GiftBox[] };
  };
  const stored = async (id: number) => (await t.db.select().from(giftBoxes).where(eq(giftBoxes.id, id)))[0];
  const storedCount = async () => (await t.db.select({ id: giftBoxes.id }).from(giftBoxes)).length;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    configId = await createGiftBoxConfig(t.db, { type: 'Hand placed' });
  });
  afterAll(() => t?.close());

  describe('POST /api/giftbox/manual', () => {
    it('places the box, answers it, records who placed it, and lists it under its config', async () => {
      const expiresAt = isoIn(48);
      const body = validManualBox(configId, { latitude: 59.334591, longitude: 18.06324, coins: 40, expiresAt });

      const res = await place(body);

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        message: messages.giftBoxPlaced,
        body: {
          id: expect.any(Number),
          configId,
          latitude: 59.334591,
          longitude: 18.06324,
          coins: 40,
          expiresAt,
          source: 'manual',
          openedAt: null,
          createdAt: expect.stringMatching(iso),
        },
      });
      const box: GiftBox = res.json().body;
      expect((await stored(box.id))?.createdBy).toBe(admin.user.id);
      const config = await detail(configId);
      expect(config.manualBoxCount).toBe(1);
      expect(config.ManualBoxes).toEqual([box]);
      const list = await t.app.inject({ url: '/api/giftbox', query: { type: 'Hand placed' }, headers: admin.headers });
      expect(list.json().body.rows[0]).toMatchObject({ id: configId, manualBoxCount: 1 });
    });

    it('takes an expiry with an offset and answers it in UTC; the edges of the map are valid points', async () => {
      const later = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
      later.setUTCMilliseconds(0);
      const withOffset = `${later.toISOString().slice(0, 19)}+00:00`;
      for (const [latitude, longitude] of [
        [90, 180],
        [-90, -180],
        [0, 0],
      ] as const) {
        const res = await place(validManualBox(configId, { latitude, longitude, coins: 0, expiresAt: withOffset }));
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().body).toMatchObject({ latitude, longitude, coins: 0, expiresAt: later.toISOString() });
      }
    });

    it('answers 404 for a config that does not exist, and places nothing', async () => {
      const before = await storedCount();
      const res = await place(validManualBox(2_000_000_000));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: messages.giftBoxConfigNotFound });
      expect(await storedCount()).toBe(before);
    });

    it('refuses every invalid field with its message in errors, and places nothing', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ configId: undefined }, messages.configRequired],
        [{ configId: 0 }, messages.configRequired],
        [{ configId: 1.5 }, messages.configRequired],
        [{ configId: '1' }, 'configId must be a number.'],
        [{ latitude: undefined }, messages.locationRequired],
        [{ longitude: undefined }, messages.locationRequired],
        [{ latitude: null, longitude: null }, messages.locationRequired], // no point chosen on the map
        [{ latitude: 90.0001 }, messages.latitudeInvalid],
        [{ latitude: -91 }, messages.latitudeInvalid],
        [{ longitude: 180.5 }, messages.longitudeInvalid],
        [{ longitude: -181 }, messages.longitudeInvalid],
        [{ coins: undefined }, messages.coinsRequired],
        [{ coins: -1 }, messages.numberMin0],
        [{ coins: 2.5 }, messages.integerOnly],
        [{ coins: limits.int32Max + 1 }, messages.numberTooLarge],
        [{ expiresAt: undefined }, messages.expiresAtRequired],
        [{ expiresAt: '' }, messages.expiresAtRequired],
        [{ expiresAt: 'next friday' }, messages.sendAtInvalid], // only 'invalid', not also 'from past'
        [{ expiresAt: '2030-13-01T10:00:00Z' }, messages.sendAtInvalid],
        [{ expiresAt: '2030-01-01T25:00:00Z' }, messages.sendAtInvalid],
        [{ expiresAt: isoIn(-1) }, messages.expiresAtPast],
        [{ expiresAt: '2020-01-01T00:00:00.000Z' }, messages.expiresAtPast],
      ];
      const before = await storedCount();
      for (const [override, message] of cases) {
        const res = await place({ ...validManualBox(configId), ...override });
        expect(res.statusCode, JSON.stringify(override)).toBe(400);
        expect(res.json(), JSON.stringify(override)).toEqual({ message, errors: [message] });
      }
      expect(await storedCount()).toBe(before);
    });

    it('lists every problem of a bad body in errors', async () => {
      const res = await place({ latitude: 100, coins: -1, expiresAt: isoIn(-2) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.validationFailed);
      expect(res.json().errors).toEqual(
        expect.arrayContaining([
          messages.configRequired,
          messages.latitudeInvalid,
          messages.locationRequired,
          messages.numberMin0,
          messages.expiresAtPast,
        ]),
      );
    });
  });

  describe('GET /api/giftbox/{id} ManualBoxes', () => {
    it(`lists the config's boxes newest first, at most ${manualBoxesShown}, while manualBoxCount counts them all`, async () => {
      const busy = await createGiftBoxConfig(t.db, { type: 'Busy config' });
      const other = await createGiftBoxConfig(t.db, { type: 'Other config' });
      const start = Date.UTC(2025, 0, 1);
      const boxIds: number[] = [];
      for (let i = 0; i < manualBoxesShown + 5; i++) {
        boxIds.push(await createGiftBox(t.db, busy, { createdAt: new Date(start + i * 60_000) }));
      }
      await createGiftBox(t.db, other);

      const config = await detail(busy);

      expect(config.manualBoxCount).toBe(manualBoxesShown + 5);
      expect(config.ManualBoxes).toHaveLength(manualBoxesShown);
      expect(config.ManualBoxes.map((b) => b.id)).toEqual(boxIds.slice(5).reverse());
      expect(config.ManualBoxes.every((b) => b.configId === busy)).toBe(true);
      expect((await detail(other)).ManualBoxes).toHaveLength(1);
    });
  });

  describe('DELETE /api/giftbox/manual/{id}', () => {
    it('removes the box; its config stays and counts one box less', async () => {
      const id = await createGiftBoxConfig(t.db, { type: 'Shrinking config' });
      const keep = await createGiftBox(t.db, id);
      const drop = await createGiftBox(t.db, id);

      const res = await remove(drop);

      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: messages.giftBoxDeleted, body: null });
      expect(await stored(drop)).toBeUndefined();
      const config = await detail(id);
      expect(config.manualBoxCount).toBe(1);
      expect(config.ManualBoxes.map((b) => b.id)).toEqual([keep]);
    });

    it('answers 404 for an unknown box (a second delete too) and 400 for an id that is not a number', async () => {
      const id = await createGiftBox(t.db, configId);
      expect((await remove(id)).statusCode).toBe(200);
      for (const missing of [id, 2_000_000_000]) {
        const res = await remove(missing);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: messages.giftBoxNotFound });
      }
      expect((await remove('abc')).statusCode).toBe(400);
    });

    it('is not taken for a config: DELETE /giftbox/manual is no config delete, GET /giftbox/manual no config read', async () => {
      const before = await detail(configId);
      const res = await t.app.inject({ method: 'DELETE', url: '/api/giftbox/manual', headers: admin.headers });
      expect(res.statusCode).toBe(400); // "manual" is not a config id
      const read = await t.app.inject({ url: '/api/giftbox/manual', headers: admin.headers });
      expect(read.statusCode).toBe(400);
      expect(await detail(configId)).toEqual(before);
    });
  });
});
