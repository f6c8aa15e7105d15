import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreateGiftCard, messages } from '@strideadmin/contract';
import { giftCards } from '../../../src/db/schema.js';
import { buildTestApp, dateIn, type LoggedIn, loginAs, type TestApp, validCard } from '../../helpers/index.js';

describe('POST /api/giftcard', () => {
  let t: TestApp;
  let admin: LoggedIn;

  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/giftcard', payload, headers: admin.headers });
  const countOf = async (serialNumber: string) =>
    (await t.db.select().from(giftCards).where(eq(giftCards.serialNumber, serialNumber))).length;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('adds the card and answers its id; the card reads back as sent, trimmed, not expired', async () => {
    const card = validCard({ serialNumber: '  NEW-1 ', storeName: ' willys ', validTill: dateIn(0) });

    const res = await post(card);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.giftCardCreated, body: { id: expect.any(Number) } });
    const read = await t.app.inject({ url: `/api/giftcard/${res.json().body.id}`, headers: admin.headers });
    expect(read.json().body).toEqual([
      {
        ...card,
        id: res.json().body.id,
        serialNumber: 'NEW-1',
        storeName: 'willys',
        isExpired: false,
        redeemedAt: null,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('answers 409 for a serial number or a control code already taken, and stores nothing', async () => {
    const first = validCard();
    expect((await post(first)).statusCode).toBe(200);

    const sameSerial = await post(validCard({ serialNumber: first.serialNumber }));
    expect(sameSerial.statusCode).toBe(409);
    expect(sameSerial.json()).toEqual({ message: messages.serialTaken });

    const sameCode = validCard({ controlCode: first.controlCode });
    const res = await post(sameCode);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: messages.controlCodeTaken });
    expect(await countOf(sameCode.serialNumber)).toBe(0);
  });

  it('refuses invalid fields with the docs/behaviour.md §5 messages in errors', async () => {
    const cases: Array<[Partial<CreateGiftCard>, string]> = [
      [{ serialNumber: '' }, messages.serialNoRequired],
      [{ serialNumber: '   ' }, messages.serialNoRequired],
      [{ serialNumber: undefined }, messages.serialNoRequired],
      [{ amount: undefined }, messages.amountRequired],
      [{ amount: 10.5 }, messages.onlyNumbers],
      [{ currency: 'S3K' }, messages.currencyLettersOnly],
      [{ storeName: '' }, messages.storeNameRequired],
      [{ storeAddress: '' }, messages.storeAddressRequired],
      [{ cardPicture: '' }, messages.cardPictureRequired],
      [{ validTill: dateIn(-1) }, messages.dateFromPast],
      [{ expiryDuration: 12345 }, messages.expiryDurationMaxDigits],
      [{ price: undefined }, messages.coinPriceRequired],
      [{ controlCode: '' }, messages.controlCodeRequired],
    ];
    for (const [override, message] of cases) {
      const card = validCard(override);
      const res = await post(card);
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json(), JSON.stringify(override)).toEqual({ message, errors: [message] });
      expect(await countOf(card.serialNumber)).toBe(0);
    }
  });

  it('lists every problem of a bad body in errors', async () => {
    const res = await post({ currency: 'S3K', validTill: dateIn(-1) });

    expect(res.statusCode).toBe(400);
    const { message, errors } = res.json();
    expect(message).toBe(messages.validationFailed);
    expect(errors).toEqual(
      expect.arrayContaining([
        messages.serialNoRequired,
        messages.currencyLettersOnly,
        messages.dateFromPast,
        messages.coinPriceRequired,
        messages.controlCodeRequired,
      ]),
    );
  });

  it('treats serial numbers and control codes as the same card whatever their case', async () => {
    const first = validCard({ serialNumber: 'case-Test-1', controlCode: 'ctrl-Case-1' });
    expect((await post(first)).statusCode).toBe(200);
    const sameSerial = await post(validCard({ serialNumber: 'CASE-TEST-1' }));
    expect(sameSerial.statusCode).toBe(409);
    expect(sameSerial.json()).toEqual({ message: messages.serialTaken });
    const sameCode = await post(validCard({ controlCode: 'CTRL-case-1' }));
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json()).toEqual({ message: messages.controlCodeTaken });
  });

  it('a value the database cannot store (a NUL character) is a 400 with a clear message, not a 500', async () => {
    const res = await post(validCard({ storeName: 'bad\u0000name' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.valueNotStorable });
  });
});
