import { describe, expect, test } from 'vitest';
import {
  bulkFieldOfMessage,
  bulkRowErrors,
  bulkRowToCard,
  csvToBulkRows,
  giftCardCsvColumns,
  validateBulkRows,
} from '../src/bulk-gift-cards.js';
import {
  csvDateFormMessage,
  csvDateOrderSentence,
  csvDateOrders,
  defaultCsvDateOrder,
  normaliseDate,
  type CsvDateOrder,
} from '../src/csv-dates.js';
import { messages } from '../src/messages.js';
import { validBulkRow } from './support/bulk-row.js';

/**
 * docs/behaviour.md §5 The CSV file: how a bulk CSV's Valid Till is read. Year-first and month-name
 * dates the same in every order; numbers with the year last in the one order CSV_DATE_ORDER sets
 * (day first by default); anything else refused, never guessed.
 */

const header = giftCardCsvColumns.map((c) => c.header).join(',');
const line = (validTill: string) => `GC-1,CC-1,500,SEK,100,shop,addr,${validTill},60`;
const today = '2026-06-15';
const valid = validBulkRow;

describe('normaliseDate: the same in every order', () => {
  test.each([
    ['2027-12-31', '2027-12-31'],
    [' 2027-12-31 ', '2027-12-31'],
    ['2027/1/5', '2027-01-05'],
    ['2027.01.05', '2027-01-05'],
    ['2027-12-31T10:00:00Z', '2027-12-31'],
    ['2027-12-31 00:00', '2027-12-31'],
    ['31 December 2027', '2027-12-31'],
    ['Dec 31, 2027', '2027-12-31'],
    ['31-dec-2027', '2027-12-31'],
    ['1 maj 2027', '2027-05-01'],
    ['3 okt. 2027', '2027-10-03'],
    ['2027-02-30', ''],
    ['2027-13-01', ''],
    ['2027/12-31', ''],
    ['30 Febr 2027', ''],
    ['tomorrow', ''],
    ['next tuesday', ''],
    ['1/5/27', ''],
    ['31/12', ''],
    ['', ''],
  ])('%s → %s', (raw, iso) => {
    for (const order of csvDateOrders) expect(normaliseDate(raw, order), order).toBe(iso);
  });
});

describe('normaliseDate: numbers with the year last follow the order', () => {
  const cases: Array<[string, Record<CsvDateOrder, string>]> = [
    ['1/5/2027', { DMY: '2027-05-01', MDY: '2027-01-05', YMD: '' }],
    ['31/12/2027', { DMY: '2027-12-31', MDY: '', YMD: '' }],
    ['12/31/2027', { DMY: '', MDY: '2027-12-31', YMD: '' }],
    ['31.12.2027', { DMY: '2027-12-31', MDY: '', YMD: '' }],
    ['31-12-2027', { DMY: '2027-12-31', MDY: '', YMD: '' }],
    ['05.01.2027 00:00', { DMY: '2027-01-05', MDY: '2027-05-01', YMD: '' }],
    ['32/1/2027', { DMY: '', MDY: '', YMD: '' }],
    ['2/30/2027', { DMY: '', MDY: '', YMD: '' }],
    ['29/2/2028', { DMY: '2028-02-29', MDY: '', YMD: '' }],
    ['29/2/2027', { DMY: '', MDY: '', YMD: '' }],
    ['1/5.2027', { DMY: '', MDY: '', YMD: '' }],
  ];
  test.each(cases)('%s', (raw, expected) => {
    for (const order of csvDateOrders) expect(normaliseDate(raw, order), order).toBe(expected[order]);
  });

  test('day first unless told otherwise', () => {
    expect(defaultCsvDateOrder).toBe('DMY');
    expect(normaliseDate('1/5/2027')).toBe('2027-05-01');
  });
});

describe('what the screen says, and what a date that cannot be read is told', () => {
  test('the sentence above the table, in each order', () => {
    expect(csvDateOrderSentence).toEqual({
      DMY: 'Dates are read day first: 31/12/2027 or 2027-12-31.',
      MDY: 'Dates are read month first: 12/31/2027 or 2027-12-31.',
      YMD: 'Dates are read year first: 2027/12/31 or 2027-12-31.',
    });
  });

  test.each([
    ['32/1/2027', 'DMY'],
    ['12/31/2027', 'DMY'],
    ['2/30/2027', 'MDY'],
    ['31/12/2027', 'MDY'],
    ['31/12/2027', 'YMD'],
    ['tomorrow', 'DMY'],
    ['2099-02-30', 'DMY'],
  ] as const)('%s in %s: a Valid Till error naming the form expected', (validTill, order) => {
    const errors = bulkRowErrors({ ...valid, validTill }, today, order);
    expect(errors).toEqual([{ field: 'validTill', message: csvDateFormMessage[order] }]);
    expect(bulkFieldOfMessage(csvDateFormMessage[order])).toBe('validTill');
  });

  test('the form messages', () => {
    expect(csvDateFormMessage).toEqual({
      DMY: messages.csvValidTillFormDMY,
      MDY: messages.csvValidTillFormMDY,
      YMD: messages.csvValidTillFormYMD,
    });
    expect(messages.csvValidTillFormDMY).toBe(
      'Valid till date could not be read: write it day first, as 31/12/2027, or as 2027-12-31.',
    );
  });

  test('a readable date in the past is still "from past", in any form', () => {
    expect(bulkRowErrors({ ...valid, validTill: '14/6/2026' }, today, 'DMY').map((e) => e.message)).toEqual([
      messages.csvValidTillPast,
    ]);
    expect(bulkRowErrors({ ...valid, validTill: '6/15/2026' }, today, 'MDY')).toEqual([]);
  });
});

describe('a file read in an order', () => {
  test('every row keeps its date as YYYY-MM-DD, and what was written when that differs', () => {
    const text = [header, line('1/5/2027'), line('2027-05-01'), line('31/12/2027'), line('tomorrow')].join('\n');
    const dmy = csvToBulkRows(text);
    expect(dmy.map((r) => [r.validTill, r.validTillAsWritten])).toEqual([
      ['2027-05-01', '1/5/2027'],
      ['2027-05-01', undefined],
      ['2027-12-31', '31/12/2027'],
      ['tomorrow', undefined],
    ]);
    const mdy = csvToBulkRows(text, 'MDY');
    expect(mdy.map((r) => [r.validTill, r.validTillAsWritten])).toEqual([
      ['2027-01-05', '1/5/2027'],
      ['2027-05-01', undefined],
      ['31/12/2027', undefined],
      ['tomorrow', undefined],
    ]);
    expect(validateBulkRows(mdy, today, 'MDY').map((e) => e.filter((m) => m.startsWith('Valid')))).toEqual([
      [],
      [],
      [messages.csvValidTillFormMDY],
      [messages.csvValidTillFormMDY],
    ]);
  });

  test('the server turns a row into a card in the same order', () => {
    expect(bulkRowToCard({ ...valid, validTill: '1/5/2027' }).validTill).toBe('2027-05-01');
    expect(bulkRowToCard({ ...valid, validTill: '1/5/2027' }, 'MDY').validTill).toBe('2027-01-05');
  });
});
