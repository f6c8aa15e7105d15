import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreateGiftBoxConfig, type GiftBoxConfig, limits, messages } from '@strideadmin/contract';
import { giftBoxConfigs, giftBoxes } from '../../../src/db/schema.js';
import {
  buildTestApp,
  createGiftBox,
  createGiftBoxConfig,
  type LoggedIn,
  loginAs,
  type TestApp,
  validConfig,
} from '../../helpers/index.js';

const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('the gift box config calls', () => {
  let t: TestApp;
  let admin: LoggedIn;

  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/giftbox', payload, headers: admin.headers });
  const put = (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/giftbox', payload, headers: admin.headers });
  const get = (id: number | string) => t.app.inject({ url: `/api/giftbox/${id}`, headers: admin.headers });
  const del = (id: number | string) =>
    t.app.inject({ method: 'DELETE', url: `/api/giftbox/${id}`, headers: admin.headers });
  const stored = async (id: number) => (await t.db.select().from(giftBoxConfigs).where(eq(giftBoxConfigs.id, id)))[0];
  const storedCount = async () => (await t.db.select({ id: giftBoxConfigs.id }).from(giftBoxConfigs)).length;
  const boxesOf = async (configId: number) =>
    (await t.db.select({ id: giftBoxes.id }).from(giftBoxes).where(eq(giftBoxes.configId, configId))).length;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  describe('POST /api/giftbox', () => {
    it('adds the config and answers its id; it reads back as sent, trimmed, with no boxes yet', async () => {
      const config = validConfig({ type: '  Gold box ', minCoins: 10, maxCoins: 10, isActive: false });

      const res = await post(config);

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: messages.giftBoxConfigCreated, body: { id: expect.any(Number) } });
      const id: number = res.json().body.id;
      const read = await get(id);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({
        body: {
          ...config,
          id,
          type: 'Gold box',
          manualBoxCount: 0,
          createdAt: expect.stringMatching(iso),
          updatedAt: expect.stringMatching(iso),
          ManualBoxes: [],
        },
      });
    });

    it('makes a config active unless told otherwise; zero is a valid number everywhere', async () => {
      const { isActive: _, ...withoutFlag } = validConfig({
        minCoins: 0,
        maxCoins: 0,
        stepsToUnlock: 0,
        boxesPerDay: 0,
      });
      const res = await post(withoutFlag);
      expect(res.statusCode, res.body).toBe(200);
      expect(await stored(res.json().body.id)).toMatchObject({ isActive: true, minCoins: 0, boxesPerDay: 0 });
    });

    it('answers 409 for a Config Name already taken, in any case and with outer spaces, and stores nothing', async () => {
      expect((await post(validConfig({ type: 'Silver Box' }))).statusCode).toBe(200);
      const before = await storedCount();
      for (const type of ['Silver Box', 'silver box', 'SILVER BOX', '  sIlVeR bOx  ']) {
        const res = await post(validConfig({ type }));
        expect(res.statusCode, type).toBe(409);
        expect(res.json()).toEqual({ message: messages.configNameTaken });
      }
      expect(await storedCount()).toBe(before);
      // A name that only contains the taken one is another name.
      expect((await post(validConfig({ type: 'Silver Box XL' }))).statusCode).toBe(200);
    });

    it('refuses every invalid field with its message in errors, and stores nothing', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ type: '' }, messages.configNameRequired],
        [{ type: '   ' }, messages.configNameRequired],
        [{ type: undefined }, messages.configNameRequired],
        [{ type: 'x'.repeat(limits.configNameMax + 1) }, `At most ${limits.configNameMax} characters.`],
        [{ minCoins: undefined }, messages.minCoinsRequired],
        [{ minCoins: '5' }, 'minCoins must be a number.'],
        [{ minCoins: -1 }, messages.numberMin0],
        [{ minCoins: 1.5 }, messages.integerOnly],
        [{ minCoins: limits.int32Max + 1, maxCoins: limits.int32Max + 1 }, messages.numberTooLarge],
        [{ maxCoins: undefined }, messages.maxCoinsRequired],
        [{ minCoins: -1, maxCoins: -1 }, messages.numberMin0],
        [{ minCoins: 51, maxCoins: 50 }, messages.coinRangeInvalid],
        [{ stepsToUnlock: undefined }, messages.stepsToUnlockRequired],
        [{ stepsToUnlock: -5 }, messages.numberMin0],
        [{ stepsToUnlock: 10.25 }, messages.integerOnly],
        [{ boxesPerDay: undefined }, messages.boxesPerDayRequired],
        [{ boxesPerDay: -1 }, messages.numberMin0],
        [{ boxesPerDay: 0.5 }, messages.integerOnly],
        [{ boxesPerDay: limits.int32Max + 1 }, messages.numberTooLarge],
      ];
      const before = await storedCount();
      for (const [override, message] of cases) {
        const res = await post({ ...validConfig(), ...override });
        expect(res.statusCode, JSON.stringify(override)).toBe(400);
        expect(res.json(), JSON.stringify(override)).toEqual({ message, errors: [message] });
      }
      // A negative Max Coins is also below the (valid) Min Coins: both messages.
      const negativeMax = await post(validConfig({ minCoins: 0, maxCoins: -1 }));
      expect(negativeMax.statusCode).toBe(400);
      expect(negativeMax.json().errors).toEqual([messages.numberMin0, messages.coinRangeInvalid]);
      expect(await storedCount()).toBe(before);
    });

    it('lists every problem of a bad body in errors', async () => {
      const res = await post({ type: '', minCoins: -1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.validationFailed);
      expect(res.json().errors).toEqual(
        expect.arrayContaining([
          messages.configNameRequired,
          messages.numberMin0,
          messages.maxCoinsRequired,
          messages.stepsToUnlockRequired,
          messages.boxesPerDayRequired,
        ]),
      );
    });
  });

  describe('GET /api/giftbox/{id}', () => {
    it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
      const missing = await get(2_000_000_000);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: messages.giftBoxConfigNotFound });
      expect((await get('abc')).statusCode).toBe(400);
    });
  });

  describe('PUT /api/giftbox', () => {
    it('changes every field of updateId and answers the stored config with its box count', async () => {
      const id = await createGiftBoxConfig(t.db, { createdAt: new Date('2024-05-01T10:00:00.000Z') });
      await createGiftBox(t.db, id);
      await createGiftBox(t.db, id);
      const fields: CreateGiftBoxConfig = {
        type: 'Platinum box',
        minCoins: 100,
        maxCoins: 500,
        stepsToUnlock: 20000,
        boxesPerDay: 1,
        isActive: false,
      };

      const res = await put({ updateId: id, ...fields });

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(messages.giftBoxConfigUpdated);
      const body: GiftBoxConfig = res.json().body;
      expect(body).toEqual({
        id,
        ...fields,
        manualBoxCount: 2,
        createdAt: '2024-05-01T10:00:00.000Z',
        updatedAt: expect.stringMatching(iso),
      });
      const { ManualBoxes, ...read } = (await get(id)).json().body;
      expect(read).toEqual(body);
      expect(ManualBoxes).toHaveLength(2);
    });

    it('keeps its own name, also in another case; a name of another config answers 409 in any case', async () => {
      const id = await createGiftBoxConfig(t.db, { type: 'Ruby box' });
      await createGiftBoxConfig(t.db, { type: 'Emerald box' });

      const recased = await put({ updateId: id, ...validConfig({ type: 'RUBY BOX' }) });
      expect(recased.statusCode, recased.body).toBe(200);
      expect((await stored(id))?.type).toBe('RUBY BOX');

      for (const type of ['Emerald box', 'emerald BOX', ' EMERALD BOX ']) {
        const res = await put({ updateId: id, ...validConfig({ type }) });
        expect(res.statusCode, type).toBe(409);
        expect(res.json()).toEqual({ message: messages.configNameTaken });
      }
      expect((await stored(id))?.type).toBe('RUBY BOX');
    });

    it('answers 404 for an unknown updateId', async () => {
      const res = await put({ updateId: 2_000_000_000, ...validConfig() });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: messages.giftBoxConfigNotFound });
    });

    it('refuses a missing updateId and the same invalid fields as POST, leaving the config as it was', async () => {
      const id = await createGiftBoxConfig(t.db, { type: 'Unchanged box' });
      expect((await put(validConfig())).statusCode).toBe(400);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ type: '' }, messages.configNameRequired],
        [{ minCoins: 10, maxCoins: 9 }, messages.coinRangeInvalid],
        [{ stepsToUnlock: -1 }, messages.numberMin0],
        [{ boxesPerDay: 2.5 }, messages.integerOnly],
      ];
      for (const [override, message] of cases) {
        const res = await put({ updateId: id, ...validConfig(), ...override });
        expect(res.statusCode, JSON.stringify(override)).toBe(400);
        expect(res.json(), JSON.stringify(override)).toEqual({ message, errors: [message] });
      }
      expect((await stored(id))?.type).toBe('Unchanged box');
    });
  });

  describe('DELETE /api/giftbox/{id}', () => {
    it('deletes the config and every box placed under it, and nobody else’s boxes', async () => {
      const id = await createGiftBoxConfig(t.db);
      const other = await createGiftBoxConfig(t.db);
      for (let i = 0; i < 3; i++) await createGiftBox(t.db, id);
      await createGiftBox(t.db, other);

      const res = await del(id);

      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: messages.giftBoxConfigDeleted, body: null });
      expect(await stored(id)).toBeUndefined();
      expect(await boxesOf(id)).toBe(0);
      expect(await boxesOf(other)).toBe(1);
    });

    it('answers 404 to a second delete, a read and an update of the deleted config', async () => {
      const id = await createGiftBoxConfig(t.db);
      expect((await del(id)).statusCode).toBe(200);
      for (const again of [await del(id), await get(id), await put({ updateId: id, ...validConfig() })]) {
        expect(again.statusCode).toBe(404);
        expect(again.json()).toEqual({ message: messages.giftBoxConfigNotFound });
      }
    });

    it('frees the name of the deleted config', async () => {
      const id = await createGiftBoxConfig(t.db, { type: 'Reusable box' });
      expect((await del(id)).statusCode).toBe(200);
      expect((await post(validConfig({ type: 'reusable BOX' }))).statusCode).toBe(200);
    });
  });
});
