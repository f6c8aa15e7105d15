import { count, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsvDateOrder, messages } from '@strideadmin/contract';
import { giftCards } from '../../../src/db/schema.js';
import { buildTestApp, createGiftCard, dateIn, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { type BulkRowBody, bulkRow } from './gift-card-data.js';

describe('POST /api/multiplegiftcard', () => {
  let t: TestApp;
  let admin: LoggedIn;

  const post = (giftCards: object[]) =>
    t.app.inject({ method: 'POST', url: '/api/multiplegiftcard', payload: { giftCards }, headers: admin.headers });
  const storedSerials = async (rows: Array<{ serialNumber: string }>) => {
    const found = await t.db
      .select({ serialNumber: giftCards.serialNumber })
      .from(giftCards)
      .where(
        inArray(
          giftCards.serialNumber,
          rows.map((r) => r.serialNumber.trim()),
        ),
      );
    return found.map((r) => r.serialNumber).sort();
  };
  const total = async () => (await t.db.select({ n: count() }).from(giftCards))[0]!.n;
  /** A row of the 201 body: the row as sent, its id, and its errors. */
  const failedRow = (row: BulkRowBody, id: string, errors: string[]) => ({ ...row, id, hasErrors: true, errors });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('creates every row when all are valid: 200 with an empty body, the cards stored normalised', async () => {
    const rows = [
      bulkRow({ id: 'row-1' }),
      bulkRow({ id: 'row-2' }),
      // Cells as a spreadsheet may leave them: spaces around, a European date (docs/behaviour.md §5: normalised).
      bulkRow({ serialNumber: '  PAD-1 ', storeName: ' willys ', validTill: '31.12.2099', price: ' 250 ' }),
    ];

    const res = await post(rows);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.giftCardsCreated, body: [] });
    const padded = await t.app.inject({ url: '/api/giftcard?serialNumber=PAD-1', headers: admin.headers });
    expect(padded.json().body.rows).toEqual([
      {
        id: expect.any(Number),
        serialNumber: 'PAD-1',
        controlCode: rows[2]!.controlCode,
        price: 250,
        currency: 'SEK',
        amount: 100,
        storeName: 'willys',
        storeAddress: 'storgatan 1, stockholm',
        validTill: '2099-12-31',
        expiryDuration: 1440,
        cardPicture: rows[2]!.cardPicture,
        isExpired: false,
        redeemedAt: null,
        createdAt: expect.any(String),
      },
    ]);
    expect(await storedSerials(rows)).toEqual(['PAD-1', rows[0]!.serialNumber, rows[1]!.serialNumber].sort());
  });

  it('accepts numbers as cells, as a client may send them', async () => {
    const row = { ...bulkRow(), price: 10, amount: 20, expiryDuration: 0 };
    const res = await post([row]);
    expect(res.statusCode).toBe(200);
    expect(await storedSerials([row])).toEqual([row.serialNumber]);
  });

  it('answers 201 with exactly the duplicate rows (of the database, of the request), and stores the others', async () => {
    await createGiftCard(t.db, { serialNumber: 'TAKEN-SERIAL', controlCode: 'TAKEN-CODE' });
    const fine1 = bulkRow({ id: 'fine-1' });
    const takenSerial = bulkRow({ id: 'taken-serial', serialNumber: 'taken-serial' }); // any case
    const takenCode = bulkRow({ id: 'taken-code', controlCode: ' Taken-Code ' });
    const twinA = bulkRow({ id: 'twin-a', serialNumber: 'TWIN-1' });
    const twinB = bulkRow({ id: 'twin-b', serialNumber: 'twin-1' });
    const codeTwinA = bulkRow({ id: 'code-twin-a', controlCode: 'SAME-CODE' });
    const codeTwinB = bulkRow({ id: 'code-twin-b', controlCode: 'same-code' });
    // Taken in the database and repeated in the request: the message once.
    const both1 = bulkRow({ id: 'both-1', serialNumber: 'TAKEN-SERIAL' });
    const both2 = bulkRow({ id: 'both-2', serialNumber: 'Taken-Serial' });
    const fine2 = bulkRow({ id: 'fine-2' });
    const rows = [fine1, takenSerial, takenCode, twinA, twinB, codeTwinA, codeTwinB, both1, both2, fine2];
    const before = await total();

    const res = await post(rows);

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: messages.giftCardsPartlyCreated,
      body: [
        failedRow(takenSerial, 'taken-serial', [messages.csvSerialUnique]),
        failedRow(takenCode, 'taken-code', [messages.csvControlCodeUnique]),
        failedRow(twinA, 'twin-a', [messages.csvSerialUnique]),
        failedRow(twinB, 'twin-b', [messages.csvSerialUnique]),
        failedRow(codeTwinA, 'code-twin-a', [messages.csvControlCodeUnique]),
        failedRow(codeTwinB, 'code-twin-b', [messages.csvControlCodeUnique]),
        failedRow(both1, 'both-1', [messages.csvSerialUnique]),
        failedRow(both2, 'both-2', [messages.csvSerialUnique]),
      ],
    });
    expect(await total()).toBe(before + 2);
    expect(await storedSerials(rows)).toEqual([fine1.serialNumber, fine2.serialNumber, 'TAKEN-SERIAL'].sort());
  });

  it('refuses, row by row, what slipped past the portal, with the docs/behaviour.md §5 messages; stores the rest', async () => {
    const cases: Array<[Partial<BulkRowBody>, string[]]> = [
      [{ validTill: 'not-a-date' }, [messages.csvValidTillFormDMY]],
      [{ validTill: '2099-02-30' }, [messages.csvValidTillFormDMY]],
      [{ validTill: '12/31/2099' }, [messages.csvValidTillFormDMY]],
      [{ validTill: dateIn(-1) }, [messages.csvValidTillPast]],
      [{ validTill: '' }, [messages.csvValidTillRequired]],
      [{ price: 'abc' }, [messages.csvCoinPriceInteger]],
      [{ price: '1.5' }, [messages.csvCoinPriceInteger]],
      [{ price: '-5' }, [messages.csvCoinPriceInteger]],
      [{ amount: '' }, [messages.csvAmountInteger]],
      [{ amount: '99999999999' }, [messages.csvAmountInteger]],
      [{ cardPicture: '' }, [messages.csvCardPictureRequired]],
      [{ cardPicture: '   ' }, [messages.csvCardPictureRequired]],
      [{ expiryDuration: '12345' }, [messages.csvExpiryDurationTooLong]],
      [{ expiryDuration: 'soon' }, [messages.csvExpiryDurationInteger]],
      [{ serialNumber: '' }, [messages.csvSerialRequired]],
      [{ controlCode: ' ' }, [messages.csvControlCodeRequired]],
      [{ currency: '' }, [messages.csvCurrencyRequired]],
      [{ storeName: '' }, [messages.csvStoreNameRequired]],
      [{ storeAddress: '' }, [messages.csvStoreAddressRequired]],
      [
        { price: 'x', validTill: dateIn(-3), cardPicture: '' },
        [messages.csvCoinPriceInteger, messages.csvValidTillPast, messages.csvCardPictureRequired],
      ],
    ];
    const bad = cases.map(([override], i) => bulkRow({ id: `bad-${i}`, ...override }));
    const good = [bulkRow({ id: 'good-1' }), bulkRow({ id: 'good-2' })];
    const before = await total();

    const res = await post([good[0]!, ...bad, good[1]!]);

    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(messages.giftCardsPartlyCreated);
    expect(res.json().body).toEqual(cases.map(([, errors], i) => failedRow(bad[i]!, `bad-${i}`, errors)));
    expect(await total()).toBe(before + 2);
    expect(await storedSerials([...good, ...bad])).toEqual(good.map((r) => r.serialNumber).sort());
  });

  it('answers 201 with every row, and stores nothing, when no row is valid', async () => {
    const rows = [bulkRow({ id: 'a', price: 'free' }), bulkRow({ id: 'b', cardPicture: '' })];
    const before = await total();

    const res = await post(rows);

    expect(res.statusCode).toBe(201);
    expect(res.json<{ body: Array<{ id: string }> }>().body.map((r) => r.id)).toEqual(['a', 'b']);
    expect(await total()).toBe(before);
  });

  it('names a row without an id by its index in the request, and answers cells as sent', async () => {
    const { id: _ignored, ...noId } = bulkRow({ price: ' 1.5 ' });
    const nulls = { ...bulkRow(), storeName: null, currency: undefined };

    const res = await post([bulkRow(), noId, nulls]);

    expect(res.statusCode).toBe(201);
    expect(res.json().body).toEqual([
      failedRow(noId as BulkRowBody, '1', [messages.csvCoinPriceInteger]),
      failedRow({ ...nulls, storeName: '', currency: '' }, '2', [
        messages.csvCurrencyRequired,
        messages.csvStoreNameRequired,
      ]),
    ]);
  });

  it('refuses a request that is not a list of rows, or too many rows, as a whole', async () => {
    const cases: Array<[object, string]> = [
      [{ giftCards: [] }, messages.csvEmpty],
      [{ giftCards: Array.from({ length: 10_001 }, () => ({})) }, messages.csvTooManyRows],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/multiplegiftcard', payload, headers: admin.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, errors: [message] });
    }
    for (const payload of [{}, { giftCards: 'rows' }, { giftCards: [{ price: { n: 1 } }] }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/multiplegiftcard', payload, headers: admin.headers });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toEqual(expect.any(Array));
    }
  });

  describe('in one transaction', () => {
    afterAll(async () => {
      await t.db.execute(sql`drop trigger if exists fail_on_boom on gift_cards`);
      await t.db.execute(sql`drop trigger if exists sneak_in on gift_cards`);
    });

    it('writes nothing at all when the database fails part way (after 1,000 rows went in)', async () => {
      // A database failure on the last row only, as a full disk or a lost connection would be.
      await t.db.execute(sql`create or replace function fail_on_boom() returns trigger language plpgsql as $$
        begin
          if new.serial_number = 'BOOM' then raise exception 'simulated failure'; end if;
          return new;
        end $$`);
      await t.db.execute(sql`create trigger fail_on_boom before insert on gift_cards
        for each row execute function fail_on_boom()`);
      const rows = Array.from({ length: 1000 }, () => bulkRow());
      rows.push(bulkRow({ serialNumber: 'BOOM' }));
      const before = await total();

      const res = await post(rows);

      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: messages.internalError });
      expect(await total()).toBe(before);
      await t.db.execute(sql`drop trigger fail_on_boom on gift_cards`);
    });

    it('reports a card stored meanwhile by someone else as that row error, not a failure', async () => {
      // Between the uniqueness check and the INSERT another request stores RACE-1 (simulated by
      // a trigger that inserts it first): ON CONFLICT DO NOTHING skips our row.
      await t.db.execute(sql`create or replace function sneak_in() returns trigger language plpgsql as $$
        begin
          if new.serial_number = 'RACE-1' and pg_trigger_depth() = 1 then
            insert into gift_cards (serial_number, control_code, amount, currency, store_name, store_address, valid_till, price)
            values (new.serial_number, 'SOMEONE-ELSE', 1, 'SEK', 'other store', 'elsewhere', current_date, 1);
          end if;
          return new;
        end $$`);
      await t.db.execute(sql`create trigger sneak_in before insert on gift_cards
        for each row execute function sneak_in()`);
      const raced = bulkRow({ id: 'raced', serialNumber: 'RACE-1' });
      const fine = bulkRow({ id: 'fine' });

      const res = await post([raced, fine]);

      expect(res.statusCode).toBe(201);
      expect(res.json().body).toEqual([failedRow(raced, 'raced', [messages.csvSerialUnique])]);
      expect(await storedSerials([raced, fine])).toEqual(['RACE-1', fine.serialNumber].sort());
      const [stored] = await t.db
        .select({ controlCode: giftCards.controlCode })
        .from(giftCards)
        .where(inArray(giftCards.serialNumber, ['RACE-1']));
      expect(stored).toEqual({ controlCode: 'SOMEONE-ELSE' });
      await t.db.execute(sql`drop trigger sneak_in on gift_cards`);
    });

    it('lets only one of two identical imports at once create the cards, the other gets every row back', async () => {
      const rows = Array.from({ length: 50 }, (_, i) => bulkRow({ id: `r${i}` }));
      const before = await total();

      const answers = await Promise.all([post(rows), post(rows)]);

      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
      const partial = answers.find((a) => a.statusCode === 201)!;
      expect(partial.json().body).toEqual(
        rows.map((r) => failedRow(r, r.id!, [messages.csvSerialUnique, messages.csvControlCodeUnique])),
      );
      expect(await total()).toBe(before + rows.length);
    });
  });

  it("a serial number too long to store is that row's error, not a failed request", async () => {
    const long = bulkRow({ id: 'long', serialNumber: '码'.repeat(2000) });
    const fine = bulkRow({ id: 'fine' });
    const res = await post([long, fine]);
    expect(res.statusCode).toBe(201);
    expect(res.json().body).toEqual([failedRow(long, 'long', [messages.csvSerialTooLong])]);
    expect(await storedSerials([fine])).toEqual([fine.serialNumber.trim()]);
  });

  it('a NUL character anywhere is refused with a clear 400 and nothing is stored', async () => {
    const before = await total();
    const res = await post([bulkRow({ storeName: 'nul\u0000here' }), bulkRow()]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.valueNotStorable });
    expect(await total()).toBe(before);
  });

  it('a lone UTF-16 surrogate (malformed text) is refused with a clear 400, not a 500, and nothing is stored', async () => {
    const before = await total();
    // In the serial number (the uniqueness check reads it) and in another cell (the insert does).
    for (const row of [bulkRow({ serialNumber: 'SN-\ud800' }), bulkRow({ storeName: 'shop \udfff' })]) {
      const res = await post([row, bulkRow()]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: messages.valueNotStorable });
    }
    expect(await total()).toBe(before);
  });
});

describe('the dates of POST /api/multiplegiftcard follow CSV_DATE_ORDER, as GET /api/config/gift-cards says', () => {
  /** A fresh server with CSV_DATE_ORDER (unset: the default), and an administrator on it. */
  async function serverWith(order: CsvDateOrder | undefined) {
    const t = await buildTestApp(order ? { env: { CSV_DATE_ORDER: order } } : {});
    return { t, admin: await loginAs(t, 'Admin') };
  }
  const validTillOf = async (t: TestApp, admin: LoggedIn, serial: string) => {
    const res = await t.app.inject({ url: `/api/giftcard?serialNumber=${serial}`, headers: admin.headers });
    return res.json<{ body: { rows: Array<{ validTill: string }> } }>().body.rows.map((r) => r.validTill);
  };

  it('day first by default: 1/5/2099 is 1 May, 12/31/2099 is refused naming the form, ISO always works', async () => {
    const { t, admin } = await serverWith(undefined);
    try {
      const settings = await t.app.inject({ url: '/api/config/gift-cards', headers: admin.headers });
      expect(settings.statusCode).toBe(200);
      expect(settings.json()).toEqual({ body: { csvDateOrder: 'DMY' } });
      const rows = [
        bulkRow({ id: 'dmy', serialNumber: 'DMY-1', validTill: '1/5/2099' }),
        bulkRow({ id: 'iso', serialNumber: 'DMY-2', validTill: '2099-12-31' }),
        bulkRow({ id: 'us', serialNumber: 'DMY-3', validTill: '12/31/2099' }),
      ];
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/multiplegiftcard',
        payload: { giftCards: rows },
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().body).toEqual([
        { ...rows[2], id: 'us', hasErrors: true, errors: [messages.csvValidTillFormDMY] },
      ]);
      expect(await validTillOf(t, admin, 'DMY-1')).toEqual(['2099-05-01']);
      expect(await validTillOf(t, admin, 'DMY-2')).toEqual(['2099-12-31']);
    } finally {
      await t.close();
    }
  });

  it('CSV_DATE_ORDER=MDY: the same cells read month first, and the settings say so', async () => {
    const { t, admin } = await serverWith('MDY');
    try {
      const settings = await t.app.inject({ url: '/api/config/gift-cards', headers: admin.headers });
      expect(settings.json()).toEqual({ body: { csvDateOrder: 'MDY' } });
      const rows = [
        bulkRow({ id: 'mdy', serialNumber: 'MDY-1', validTill: '1/5/2099' }),
        bulkRow({ id: 'us', serialNumber: 'MDY-3', validTill: '12/31/2099' }),
        bulkRow({ id: 'eu', serialNumber: 'MDY-4', validTill: '31/12/2099' }),
      ];
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/multiplegiftcard',
        payload: { giftCards: rows },
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().body).toEqual([
        { ...rows[2], id: 'eu', hasErrors: true, errors: [messages.csvValidTillFormMDY] },
      ]);
      expect(await validTillOf(t, admin, 'MDY-1')).toEqual(['2099-01-05']);
      expect(await validTillOf(t, admin, 'MDY-3')).toEqual(['2099-12-31']);
      // Signed-in portal users who may read gift cards only.
      expect((await t.app.inject({ url: '/api/config/gift-cards' })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
