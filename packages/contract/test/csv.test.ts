import { describe, expect, test } from 'vitest';
import {
  bulkFieldOfMessage,
  bulkRowErrors,
  bulkRowStatus,
  bulkRowStatusLabel,
  bulkRowToCard,
  csvToBulkRows,
  giftCardCsvColumns,
  giftCardCsvTemplate,
  validateBulkRows,
  type BulkRowFields,
} from '../src/bulk-gift-cards.js';
import { CsvError, parseCsv } from '../src/csv.js';
import { messages } from '../src/messages.js';
import { validBulkRow } from './support/bulk-row.js';

const header = giftCardCsvColumns.map((c) => c.header).join(',');
const today = '2026-06-15';
const valid = validBulkRow;

describe('parseCsv (RFC 4180)', () => {
  test('quoted commas, escaped quotes, newlines inside quotes, CRLF and LF', () => {
    expect(parseCsv('a,"b, c","say ""hi"""\r\n1,"line\nbreak",3\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', 'line\nbreak', '3'],
    ]);
  });

  test('a leading BOM is ignored; a last line without newline is kept', () => {
    expect(parseCsv('\uFEFFx,y\n1,2')).toEqual([
      ['x', 'y'],
      ['1', '2'],
    ]);
  });

  test('malformed files are refused with a clear message, never a hang', () => {
    expect(() => parseCsv('a,"never closed\n1,2')).toThrow(CsvError);
    expect(() => parseCsv('a,"never closed\n1,2')).toThrow(messages.csvMalformed);
    expect(() => parseCsv('a,b"c",d')).toThrow(/quote in the middle/);
    expect(() => parseCsv('PK\u0003\u0004\u0000\u0000binary')).toThrow(/not a text file/);
    expect(() => parseCsv('x,'.repeat(100_000))).toThrow(/more than 100 columns/);
  });

  test('more rows than the limit are refused', () => {
    expect(() => parseCsv('h\n' + '1\n'.repeat(11), 10)).toThrow(messages.csvTooManyRows);
  });
});

describe('csvToBulkRows', () => {
  test('uses the header row (any order, any case), trims, normalises dates, drops completely empty rows', () => {
    const shuffled = [...giftCardCsvColumns].reverse().map((c) => c.header.toUpperCase());
    const text = `${shuffled.join(',')}\r\n60," 31/12/2030 ",addr,"shop, north",100,SEK,500,CC-1, SN-1 \r\n,,,,,,,,\r\n\r\n`;
    const rows = csvToBulkRows(text);
    expect(rows).toEqual([
      { ...valid, storeName: 'shop, north', storeAddress: 'addr', validTillAsWritten: '31/12/2030' },
    ]);
  });

  test('extra columns are ignored; missing columns are named', () => {
    expect(csvToBulkRows(`${header},Notes\nSN-1,CC-1,500,SEK,100,shop,addr,2030-12-31,60,hello`)).toHaveLength(1);
    expect(() => csvToBulkRows('Serial Number,Control Code\nA,B')).toThrow(
      messages.csvMissingColumns +
        'Coin Price, Currency, Amount, Store Name, Store Address, Valid Till, Expiry Duration in Minutes',
    );
  });

  test('a file with only a header, or nothing, has no rows', () => {
    expect(() => csvToBulkRows(`${header}\n\n`)).toThrow(messages.csvEmpty);
    expect(() => csvToBulkRows('')).toThrow(messages.csvEmpty);
  });

  test('the template is a header row plus one valid example', () => {
    const rows = csvToBulkRows(giftCardCsvTemplate());
    expect(giftCardCsvTemplate().split('\r\n')[0]).toBe(header);
    expect(rows).toHaveLength(1);
    expect(validateBulkRows(rows, today)).toEqual([[]]);
  });
});

/** A row's own error messages (bulkRowErrors gives each with its field). */
const messagesOf = (row: BulkRowFields) => bulkRowErrors(row, today).map((e) => e.message);

describe('row validation (docs/behaviour.md §5 Bulk CSV row messages)', () => {
  test('a valid row has no errors', () => {
    expect(messagesOf(valid)).toEqual([]);
  });

  test('every message, verbatim', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((k) => [k, ''])) as BulkRowFields;
    expect(messagesOf(empty)).toEqual([
      'Serial number is required.',
      'Control Code is required.',
      'Coin Price should be a valid integer value.',
      'Currency is required.',
      'Amount should be a valid integer value.',
      'Store Name is required.',
      'Store Address is required.',
      'Valid till date is required.',
      'Expiry Duration should be a valid integer value.',
    ]);
    expect(messagesOf({ ...valid, validTill: '2026-06-14' })).toEqual(['Valid till date can not be from past.']);
    expect(messagesOf({ ...valid, validTill: today })).toEqual([]);
    expect(messagesOf({ ...valid, price: '12.5', amount: 'ten', expiryDuration: '-1' })).toEqual([
      'Coin Price should be a valid integer value.',
      'Amount should be a valid integer value.',
      'Expiry Duration should be a valid integer value.',
    ]);
    expect(messagesOf({ ...valid, expiryDuration: '12345' })).toEqual([messages.csvExpiryDurationTooLong]);
    expect(messagesOf({ ...valid, validTill: 'someday' })).toEqual([messages.csvValidTillFormDMY]);
  });

  test('each error names the field it is about, and a message alone finds the same field', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((k) => [k, ''])) as BulkRowFields;
    const long = (n: number) => 'x'.repeat(n + 1);
    const tooLong: BulkRowFields = {
      ...valid,
      serialNumber: long(100),
      controlCode: long(100),
      currency: long(50),
      storeName: long(255),
      storeAddress: long(500),
    };
    expect(bulkRowErrors(empty, today).map((e) => e.field)).toEqual(giftCardCsvColumns.map((c) => c.key));
    expect(bulkRowErrors(tooLong, today)).toEqual([
      { field: 'serialNumber', message: messages.csvSerialTooLong },
      { field: 'controlCode', message: messages.csvControlCodeTooLong },
      { field: 'currency', message: messages.csvCurrencyTooLong },
      { field: 'storeName', message: messages.csvStoreNameTooLong },
      { field: 'storeAddress', message: messages.csvStoreAddressTooLong },
    ]);
    const others = [
      { ...valid, validTill: '2026-06-14' },
      { ...valid, validTill: 'someday', expiryDuration: '12345' },
    ].flatMap((row) => bulkRowErrors(row, today));
    for (const e of [...bulkRowErrors(empty, today), ...bulkRowErrors(tooLong, today), ...others]) {
      expect(bulkFieldOfMessage(e.message)).toBe(e.field);
    }
    expect(bulkFieldOfMessage(messages.csvSerialUnique)).toBe('serialNumber');
    expect(bulkFieldOfMessage(messages.csvControlCodeUnique)).toBe('controlCode');
    expect(bulkFieldOfMessage(messages.csvCardPictureRequired)).toBe('cardPicture');
    expect(bulkFieldOfMessage(messages.giftCardNotFound)).toBeUndefined();
  });

  test('serial numbers and control codes must be unique against the other rows (case and spaces ignored)', () => {
    const rows = [
      valid,
      { ...valid, serialNumber: ' sn-1 ', controlCode: 'CC-2' },
      { ...valid, serialNumber: 'SN-3', controlCode: 'cc-1' },
      { ...valid, serialNumber: 'SN-4', controlCode: 'CC-4' },
    ];
    expect(validateBulkRows(rows, today)).toEqual([
      ['Serial number should be unique.', 'Control code should be unique.'],
      ['Serial number should be unique.'],
      ['Control code should be unique.'],
      [],
    ]);
  });

  test('row status and its label (docs/behaviour.md §4, Successfull verbatim)', () => {
    expect(bulkRowStatus({ hasErrors: true, cardPicture: 'x' })).toBe('errors');
    expect(bulkRowStatus({ hasErrors: false, cardPicture: '' })).toBe('imageMissing');
    expect(bulkRowStatus({ hasErrors: false, cardPicture: 'http://x/a.png' })).toBe('ready');
    expect(bulkRowStatusLabel).toEqual({ errors: 'Show Errors', imageMissing: 'Image Missing', ready: 'Successfull' });
  });

  test('a valid row becomes a card with numbers and an ISO date', () => {
    expect(bulkRowToCard({ ...valid, validTill: '31/12/2030', cardPicture: ' http://x/a.png ' })).toEqual({
      serialNumber: 'SN-1',
      controlCode: 'CC-1',
      price: 500,
      currency: 'SEK',
      amount: 100,
      storeName: 'corner shop',
      storeAddress: 'main street 1',
      validTill: '2030-12-31',
      expiryDuration: 60,
      cardPicture: 'http://x/a.png',
    });
  });
});
