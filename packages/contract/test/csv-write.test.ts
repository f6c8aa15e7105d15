import { describe, expect, test } from 'vitest';
import { csvToBulkRows, giftCardCsvColumns, giftCardCsvTemplate } from '../src/bulk-gift-cards.js';
import { csvCell, parseCsv, toCsv } from '../src/csv.js';

/** The CSV the product writes (OWASP CSV Injection, ASVS 5.0 1.2.10; RFC 4180 2.6–2.7). */
describe('csvCell / toCsv: formula payloads are written as text', () => {
  const formulas = [
    `=cmd|' /C calc'!A0`,
    '+1+1',
    '-2+3',
    '@SUM(1)',
    '=HYPERLINK("http://evil")',
    '\t=1+1',
    '\r=1+1',
    '\n=1+1',
  ];

  test.each(formulas)('%j gets a leading quote, and reads back as exactly that text', (payload) => {
    const cell = csvCell(payload);
    // What a spreadsheet sees first in the cell (inside RFC 4180 quotes, if any) is the quote.
    expect(cell.startsWith(`'`) || cell.startsWith(`"'`)).toBe(true);
    expect(parseCsv(toCsv([[payload, 'next']]))).toEqual([[`'${payload}`, 'next']]);
  });

  test('a leading NUL too (ASVS 5.0 1.2.10)', () => {
    expect(csvCell('\0=1+1')).toBe(`'\0=1+1`);
  });

  test('every cell of a row, not only the first', () => {
    expect(toCsv([['ok', '=1+1', '@x', 'fine']])).toBe(`ok,'=1+1,'@x,fine\r\n`);
  });

  test('ordinary values are left alone; quotes, commas and line breaks are quoted (RFC 4180)', () => {
    expect(csvCell('corner shop')).toBe('corner shop');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(`it's`)).toBe(`it's`);
    expect(csvCell(500)).toBe('500');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('storgatan 1, stockholm')).toBe('"storgatan 1, stockholm"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(
      toCsv([
        ['a', 'b'],
        ['c', ''],
      ]),
    ).toBe('a,b\r\nc,\r\n');
  });

  test('a formula with a quote or comma in it is both neutralised and quoted', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
  });

  test('the template (GET /giftcard/csv-template) is written by toCsv: its header, one example row that imports', () => {
    const template = giftCardCsvTemplate();
    expect(template.split('\r\n')[0]).toBe(giftCardCsvColumns.map((c) => c.header).join(','));
    expect(template.endsWith('\r\n')).toBe(true);
    expect(csvToBulkRows(template)).toHaveLength(1);
  });
});
