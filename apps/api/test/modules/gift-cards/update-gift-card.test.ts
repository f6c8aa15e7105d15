import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { giftCards } from '../../../src/db/schema.js';
import {
  buildTestApp,
  createGiftCard,
  createUser,
  dateIn,
  type LoggedIn,
  loginAs,
  type TestApp,
  validCard,
} from '../../helpers/index.js';

describe('PUT /api/giftcard', () => {
  let t: TestApp;
  let admin: LoggedIn;

  const put = (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/giftcard', payload, headers: admin.headers });
  const stored = async (id: number) => (await t.db.select().from(giftCards).where(eq(giftCards.id, id)))[0]!;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('takes exactly the docs/behaviour.md §7 fields (price is the Coin Price) and answers the message and the card', async () => {
    const id = await createGiftCard(t.db);
    const before = await stored(id);
    const fields = {
      serialNumber: 'UPD-1',
      amount: 75,
      currency: 'Euro',
      storeName: 'hemköp',
      storeAddress: 'sveavägen 10',
      cardPicture: 'https://cdn.example.com/gift_card_images/new.png',
      validTill: dateIn(10),
      expiryDuration: 9999,
      price: 42,
      controlCode: 'UPD-CTRL-1',
    };

    const res = await put({ updateId: id, ...fields });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: messages.giftCardUpdated,
      body: { id, ...fields, isExpired: false, redeemedAt: null, createdAt: before.createdAt.toISOString() },
    });
    const after = await stored(id);
    expect(after).toMatchObject(fields);
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    const read = await t.app.inject({ url: `/api/giftcard/${id}`, headers: admin.headers });
    expect(read.json().body[0]).toMatchObject(fields);
  });

  it('keeps its own serial number and control code, and leaves the redemption alone', async () => {
    const owner = await createUser(t.db);
    const redeemedAt = new Date('2025-01-02T03:04:05.000Z');
    const card = validCard();
    const id = await createGiftCard(t.db, { ...card, userId: owner.id, redeemedAt });

    // Fields outside the spec's list (owner, redemption, isExpired) are not the PUT's to change.
    const res = await put({ updateId: id, ...card, price: 1, userId: null, redeemedAt: null, isExpired: true });

    expect(res.statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ price: 1, userId: owner.id, redeemedAt });
  });

  it('answers 404 for an unknown card', async () => {
    const res = await put({ updateId: 999999, ...validCard() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: messages.giftCardNotFound });
  });

  it("answers 409 for another card's serial number or control code, and changes nothing", async () => {
    const other = validCard();
    await createGiftCard(t.db, other);
    const mine = validCard();
    const id = await createGiftCard(t.db, mine);

    const serial = await put({ updateId: id, ...mine, serialNumber: other.serialNumber, price: 7 });
    expect(serial.statusCode).toBe(409);
    expect(serial.json()).toEqual({ message: messages.serialTaken });

    const code = await put({ updateId: id, ...mine, controlCode: other.controlCode, price: 7 });
    expect(code.statusCode).toBe(409);
    expect(code.json()).toEqual({ message: messages.controlCodeTaken });

    expect(await stored(id)).toMatchObject({ serialNumber: mine.serialNumber, price: mine.price });
  });

  it('refuses invalid fields with the docs/behaviour.md §5 messages, as an errors list (docs/behaviour.md §8: each one a toast)', async () => {
    const id = await createGiftCard(t.db);
    const base = { updateId: id, ...validCard() };
    const cases: Array<[object, string]> = [
      [{ serialNumber: '' }, messages.serialNoRequired],
      [{ amount: undefined }, messages.amountRequired],
      [{ amount: '' }, 'amount must be a number.'], // there, but text
      [{ amount: 1.5 }, messages.onlyNumbers],
      [{ currency: 'S3K' }, messages.currencyLettersOnly],
      [{ storeName: ' ' }, messages.storeNameRequired],
      [{ storeAddress: '' }, messages.storeAddressRequired],
      [{ cardPicture: '' }, messages.cardPictureRequired],
      [{ validTill: dateIn(-1) }, messages.dateFromPast],
      [{ expiryDuration: 12345 }, messages.expiryDurationMaxDigits],
      [{ price: undefined }, messages.coinPriceRequired],
      [{ controlCode: '' }, messages.controlCodeRequired],
    ];
    const before = await stored(id);
    for (const [override, message] of cases) {
      const res = await put({ ...base, ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json(), JSON.stringify(override)).toEqual({ message, errors: [message] });
    }
    expect(await stored(id)).toEqual(before);

    const many = await put({ updateId: id, currency: 'S3K', validTill: dateIn(-1), expiryDuration: 12345 });
    expect(many.statusCode).toBe(400);
    expect(many.json().errors).toEqual(
      expect.arrayContaining([
        messages.serialNoRequired,
        messages.currencyLettersOnly,
        messages.dateFromPast,
        messages.expiryDurationMaxDigits,
        messages.coinPriceRequired,
      ]),
    );

    const noId = await put(validCard());
    expect(noId.statusCode).toBe(400);
    expect(noId.json().errors).toEqual(['updateId is required.']);
  });
});
