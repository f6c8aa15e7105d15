import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { csvToBulkRows, giftCardCsvColumns } from '../src/bulk-gift-cards.js';
import { CsvError, parseCsv, readCsvRecords } from '../src/csv.js';
import { limits } from '../src/limits.js';
import { messages } from '../src/messages.js';

/**
 * Files that are not gift-card CSVs: each refused with its own message, the
 * parser bounded by its caps (rows, columns, field length) and stopping at the first problem, and
 * never anything but a CsvError. The big inputs are here so that a parser gone quadratic again
 * would not finish.
 */

const header = giftCardCsvColumns.map((c) => c.header).join(',');
const cardLine = (n: number) => `GC-${n},CC-${n},100,SEK,50,shop ${n},street ${n},2099-01-01,60`;
const MB = 1024 * 1024;
const malformed = (why: string) => messages.csvMalformed + why;

/** What parseCsv or csvToBulkRows throws, as its message; anything but a CsvError fails the test. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (err) {
    expect(err).toBeInstanceOf(CsvError);
    return (err as CsvError).message;
  }
  throw new Error('expected the input to be refused');
}

describe('binary input', () => {
  test('a NUL character anywhere, even after megabytes of good lines, is "not a text file"', () => {
    const png = String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
    expect(refusal(() => csvToBulkRows(png))).toBe(malformed('it is not a text file.'));
    const late = `${header}\r\n${Array.from({ length: 5_000 }, (_, i) => cardLine(i)).join('\r\n')}\r\n\u0000`;
    expect(refusal(() => csvToBulkRows(late))).toBe(malformed('it is not a text file.'));
    // UTF-16 bytes read as 8-bit text: a zero beside every letter.
    const utf16 = [...`${header}\r\n`].map((c) => c + '\u0000').join('');
    expect(refusal(() => csvToBulkRows(utf16))).toBe(malformed('it is not a text file.'));
  });
});

describe('caps: rows, columns, field length', () => {
  test('100 columns are read; the 101st is refused, with its line', () => {
    expect(parseCsv('x,'.repeat(99) + 'x')[0]).toHaveLength(100);
    expect(refusal(() => parseCsv('x,'.repeat(100) + 'x'))).toBe(malformed('more than 100 columns on line 1.'));
    expect(refusal(() => parseCsv(`a\n${'x,'.repeat(100_000)}`))).toBe(malformed('more than 100 columns on line 2.'));
  });

  test('100,000 columns: it stops at the cap, before the rest of the line (a quote never closed at its end)', () => {
    expect(refusal(() => csvToBulkRows('h,'.repeat(100_000) + '"'))).toBe(
      malformed('more than 100 columns on line 1.'),
    );
  });

  test('a field of 10,000 characters is read; a longer one, like a 4 MB line, is refused with its line', () => {
    expect(parseCsv('y'.repeat(10_000))[0]![0]).toHaveLength(10_000);
    expect(parseCsv(`"${'""'.repeat(10_000)}"`)[0]![0]).toBe('"'.repeat(10_000));
    expect(refusal(() => parseCsv('y'.repeat(10_001)))).toBe(
      malformed('a field on line 1 has more than 10000 characters.'),
    );
    expect(refusal(() => csvToBulkRows('x'.repeat(4 * MB)))).toBe(
      malformed('a field on line 1 has more than 10000 characters.'),
    );
    const quoted = `${header}\r\n${cardLine(1).replace('shop 1', `"${'z'.repeat(4 * MB)}"`)}`;
    expect(refusal(() => csvToBulkRows(quoted))).toBe(malformed('a field on line 2 has more than 10000 characters.'));
  });

  test('the caps are parameters: rows, columns and field length', () => {
    expect(parseCsv('h\n1\n2', 2, 1, 1)).toEqual([['h'], ['1'], ['2']]);
    expect(refusal(() => parseCsv('h\n1\n2\n3', 2, 1, 1))).toBe(messages.csvTooManyRows);
    expect(refusal(() => parseCsv('h\n1,2', 2, 1, 1))).toBe(malformed('more than 1 columns on line 2.'));
    expect(refusal(() => parseCsv('h\n12', 2, 1, 1))).toBe(malformed('a field on line 2 has more than 1 characters.'));
  });

  test(`${limits.csvMaxRows} rows are read, blank lines between them dropped; one more row is refused`, () => {
    const lines = Array.from({ length: limits.csvMaxRows }, (_, i) => cardLine(i + 1));
    const spaced = lines.flatMap((l, i) => (i % 100 === 0 ? [l, '', ',,,,,,,,', '  '] : [l]));
    expect(csvToBulkRows([header, ...spaced].join('\r\n'))).toHaveLength(limits.csvMaxRows);
    expect(refusal(() => csvToBulkRows([header, ...lines, cardLine(0)].join('\n')))).toBe(messages.csvTooManyRows);
  });

  test('5 MB of line breaks: refused after the cap of empty rows', () => {
    expect(refusal(() => csvToBulkRows('\n'.repeat(5 * MB)))).toBe(
      malformed(`more than ${limits.csvMaxRows} empty rows.`),
    );
    expect(refusal(() => csvToBulkRows(`${header}\r\n${',,,,,,,,\r\n'.repeat(limits.csvMaxRows + 1)}`))).toBe(
      malformed(`more than ${limits.csvMaxRows} empty rows.`),
    );
  });
});

describe('unbalanced quotes: parseCsv refuses the file', () => {
  const lines = Array.from({ length: 3_000 }, (_, i) => cardLine(i + 1));
  const strayAt = (rows: string[], line: number) =>
    rows.map((l, i) => (i === line - 2 ? l.replace(',CC-', ',"CC-') : l));

  test('an opening quote never closed: refused, not read to the end as one field', () => {
    expect(refusal(() => parseCsv([header, ...strayAt(lines, 1_500)].join('\r\n')))).toBe(
      malformed('a quoted field is never closed.'),
    );
  });

  test('two stray quotes lines apart: refused at the first, never the rows between swallowed into one field', () => {
    const twice = strayAt(strayAt(lines, 500), 2_500);
    expect(refusal(() => parseCsv([header, ...twice].join('\r\n')))).toBe(
      malformed('a quoted field on line 500 is never closed.'),
    );
  });

  test('a quote in the middle of a field, or text after a closing quote, says its line', () => {
    expect(refusal(() => parseCsv('a,b"c",d'))).toBe(malformed('a quote in the middle of a field on line 1.'));
    expect(refusal(() => parseCsv('h\n"abc"def,x'))).toBe(malformed('a quote in the middle of a field on line 2.'));
    expect(refusal(() => parseCsv('h\nx,"a"\n"b" c'))).toBe(malformed('a quote in the middle of a field on line 3.'));
  });

  test('well-formed quotes still read: escapes, line breaks inside, spaces around, an empty quoted field', () => {
    expect(parseCsv(' "a, ""b""" ,"two\r\nlines",""\r\n"x"')).toEqual([['a, "b"', 'two\r\nlines', ''], ['x']]);
  });
});

describe('unbalanced quotes in a bulk import: the row it breaks is marked, every other row read', () => {
  const lines = Array.from({ length: 3_000 }, (_, i) => cardLine(i + 1));
  /** A stray quote before the control code of the card on `line` (the header is line 1). */
  const strayAt = (rows: string[], line: number) =>
    rows.map((l, i) => (i === line - 2 ? l.replace(',CC-', ',"CC-') : l));
  const marked = (rows: ReturnType<typeof csvToBulkRows>) =>
    rows.flatMap((r, i) => (r.lineErrors ? [[i + 1, r.lineErrors, r.controlCode] as const] : []));
  const unmarkedAsWritten = (rows: ReturnType<typeof csvToBulkRows>, except: number[]) =>
    rows.every((r, i) => except.includes(i + 1) || (r.lineErrors === undefined && r.controlCode === `CC-${i + 1}`));

  test('an opening quote never closed: that row only, its cells read from its line, the quote kept', () => {
    const rows = csvToBulkRows([header, ...strayAt(lines, 1_500)].join('\r\n'));
    expect(rows).toHaveLength(3_000);
    expect(marked(rows)).toEqual([[1_499, [messages.csvUnmatchedQuote], '"CC-1499']]);
    expect(rows[1_498]).toMatchObject({ serialNumber: 'GC-1499', price: '100', expiryDuration: '60' });
    expect(unmarkedAsWritten(rows, [1_499])).toBe(true);
    // At the very start of the last line, with nothing after it.
    expect(marked(csvToBulkRows(`${header}\n${cardLine(1)}\n"${cardLine(2)}`))).toEqual([
      [2, [messages.csvUnmatchedQuote], 'CC-2'],
    ]);
  });

  test('two stray quotes 2,000 lines apart, and one on every line: each on its own row, nothing swallowed', () => {
    const twice = csvToBulkRows([header, ...strayAt(strayAt(lines, 500), 2_500)].join('\r\n'));
    expect(twice).toHaveLength(3_000);
    expect(marked(twice).map(([n]) => n)).toEqual([499, 2_499]);
    expect(unmarkedAsWritten(twice, [499, 2_499])).toBe(true);
    const everyLine = csvToBulkRows([header, ...lines.map((l) => l.replace(',CC-', ',"CC-'))].join('\n'));
    expect(everyLine).toHaveLength(3_000);
    expect(everyLine.every((r, i) => r.lineErrors && r.controlCode === `"CC-${i + 1}`)).toBe(true);
  });

  test('a stray quote closed by another one just before a comma on the next line: both rows marked, not merged', () => {
    const text = [header, cardLine(1), cardLine(2).replace(',CC-', ',"CC-'), cardLine(3).replace(',100,', '",100,')];
    const rows = csvToBulkRows([...text, cardLine(4)].join('\n'));
    expect(rows.map((r) => [r.serialNumber, r.controlCode, r.price, Boolean(r.lineErrors)])).toEqual([
      ['GC-1', 'CC-1', '100', false],
      ['GC-2', '"CC-2', '100', true],
      ['GC-3', 'CC-3"', '100', true],
      ['GC-4', 'CC-4', '100', false],
    ]);
  });

  test('a stray quote whose field would run past 10,000 characters marks its row, not the file', () => {
    const far = strayAt(lines, 2).map((l, i) => (i === 399 ? l.replace(',100,', '",100,') : l));
    const rows = csvToBulkRows([header, ...far].join('\r\n'));
    expect(rows).toHaveLength(3_000);
    expect(marked(rows).map(([n]) => n)).toEqual([1, 400]);
  });

  test('a quote in the middle of a field, or text after a closing quote: the row marked, its text kept', () => {
    const rows = csvToBulkRows(
      [
        header,
        cardLine(1).replace('shop 1', 'shop "one"'),
        cardLine(2).replace('shop 2', '"shop" 2'),
        cardLine(3),
      ].join('\n'),
    );
    expect(rows.map((r) => [r.storeName, Boolean(r.lineErrors)])).toEqual([
      ['shop "one"', true],
      ['"shop" 2', true],
      ['shop 3', false],
    ]);
  });

  test('a quoted field running past its line into a row of the wrong width: its first line is the broken row', () => {
    const rows = csvToBulkRows(`${header}\nGC-1,CC-1,100,SEK,50,"shop\nGC-2,CC-2",100\n${cardLine(3)}`);
    expect(rows.map((r) => [r.serialNumber, r.storeName, Boolean(r.lineErrors)])).toEqual([
      ['GC-1', '"shop', true],
      ['GC-2', '', true],
      ['GC-3', 'shop 3', false],
    ]);
  });

  test('legitimate quotes still read: line breaks inside (first, middle, last column), commas, "" escapes', () => {
    const others = giftCardCsvColumns.map((c) => c.header).filter((h) => h !== 'Store Address');
    const store = '"the ""best"" shop, north"';
    // Store Address first, in the middle (the template's order) and last; over two or three lines.
    const first = `Store Address,${others.join(',')}\r\n"Storgatan 1,\r\nplan 2",GC-1,CC-1,100,SEK,50,${store},2099-01-01,60`;
    const middle = `${header}\nGC-1,CC-1,100,SEK,50,${store},"Storgatan 1,\nplan 2,\n111 22 Stockholm",2099-01-01,60`;
    const last = `${others.join(',')},Store Address\nGC-1,CC-1,100,SEK,50,${store},2099-01-01,60,"Storgatan 1\nplan 2"\n`;
    const read = (text: string) =>
      csvToBulkRows(text).map((r) => [r.storeAddress, r.storeName, r.expiryDuration, r.lineErrors]);
    expect(read(first)).toEqual([['Storgatan 1,\r\nplan 2', 'the "best" shop, north', '60', undefined]]);
    expect(read(middle)).toEqual([
      ['Storgatan 1,\nplan 2,\n111 22 Stockholm', 'the "best" shop, north', '60', undefined],
    ]);
    expect(read(last)).toEqual([['Storgatan 1\nplan 2', 'the "best" shop, north', '60', undefined]]);
  });

  test('an unmatched quote in the header refuses the file: its columns cannot be known', () => {
    expect(refusal(() => csvToBulkRows(`"${header}\n${cardLine(1)}`))).toBe(
      malformed('the header row (line 1) has an unmatched quote (").'),
    );
  });

  test('the caps still hold on a broken line: 2 MB of fields after a quote never closed', () => {
    expect(refusal(() => csvToBulkRows(`${header}\r\n"${'x,'.repeat(2 * MB)}`))).toBe(
      malformed('more than 100 columns on line 2.'),
    );
  });
});

describe('empty, header only, wrong header, BOM, line ends', () => {
  test('no rows: an empty file, only line breaks, a header alone or with empty rows', () => {
    for (const text of ['', '\r\n\r\n', '\ufeff', header, `\ufeff${header}\r\n`, `${header}\n\n,,,,,,,,\n  ,\n`])
      expect(refusal(() => csvToBulkRows(text))).toBe(messages.csvEmpty);
  });

  test('a wrong header names the columns missing', () => {
    expect(refusal(() => csvToBulkRows(`Serial,Control Code,Price\n${cardLine(1)}`))).toBe(
      messages.csvMissingColumns +
        'Serial Number, Coin Price, Currency, Amount, Store Name, Store Address, Valid Till, Expiry Duration in Minutes',
    );
  });

  test('a BOM, CRLF, LF and CR mixed, blank lines before the header and between rows: every row read', () => {
    const text = `\ufeff\r\n\n${header}\r\n${cardLine(1)}\n${cardLine(2)}\r${cardLine(3)}\r\n\r\n${cardLine(4)}\r`;
    expect(csvToBulkRows(text).map((r) => [r.serialNumber, r.expiryDuration])).toEqual([
      ['GC-1', '60'],
      ['GC-2', '60'],
      ['GC-3', '60'],
      ['GC-4', '60'],
    ]);
  });
});

/** RFC 4180 writing, for the round trip: quotes a field that holds a quote, a comma or a line break. */
const writeCsv = (table: string[][]) =>
  table.map((row) => row.map((f) => (/[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(',')).join('\r\n');

describe('any input (fast-check)', () => {
  const csvChars = fc.constantFrom('a', 'b', ' ', ',', '"', '\r', '\n', '\u0000', '\ufeff', 'é', '\t');

  test('any table of fields written as RFC 4180 reads back the same', () => {
    const field = fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\r', '\n', 'é', '\t'), maxLength: 6 });
    fc.assert(
      fc.property(
        fc.array(fc.array(field, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 }),
        (table) => {
          // A last row of one empty field is a trailing line break, which is no row.
          fc.pre(!(table.at(-1)!.length === 1 && table.at(-1)![0] === ''));
          expect(parseCsv(writeCsv(table), 100, 100, 100)).toEqual(table);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  test('read leniently, any table of one width (2 to 5) written as RFC 4180 reads back the same, nothing marked', () => {
    // Fields with quotes, spaces and line breaks but no comma: a line inside such a field never looks like a row.
    const field = fc.string({ unit: fc.constantFrom('a', ' ', '"', '\r', '\n', 'é', '\t'), maxLength: 6 });
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 5 })
          .chain((w) => fc.array(fc.array(field, { minLength: w, maxLength: w }), { minLength: 1, maxLength: 8 })),
        (table) => {
          const records = readCsvRecords(writeCsv(table), 100, 100, 100);
          expect(records.map((r) => r.cells)).toEqual(table);
          expect(records.filter((r) => r.unmatchedQuote)).toEqual([]);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  test('one stray quote anywhere in a card file marks its own row only; every other row reads as written', () => {
    const lines = Array.from(
      { length: 12 },
      (_, i) => `GC-${i},CC-${i},100,SEK,50,"shop ${i}, north",street ${i},2099-01-01,60`,
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: lines.length - 1 }), fc.nat(), (k, at) => {
        const position = at % (lines[k]!.length + 1);
        const broken = lines.map((l, i) => (i === k ? l.slice(0, position) + '"' + l.slice(position) : l));
        const rows = csvToBulkRows([header, ...broken].join('\r\n'));
        expect(rows).toHaveLength(lines.length);
        rows.forEach((r, i) => {
          if (i === k) expect(r.lineErrors).toEqual([messages.csvUnmatchedQuote]);
          else expect([r.serialNumber, r.storeName, r.lineErrors]).toEqual([`GC-${i}`, `shop ${i}, north`, undefined]);
        });
      }),
      { numRuns: 1_000 },
    );
  });

  test('any text: rows within the caps, or a CsvError; readCsvRecords and csvToBulkRows the same', () => {
    fc.assert(
      fc.property(fc.string({ unit: csvChars, maxLength: 60 }), (text) => {
        let table: string[][] | null = null;
        try {
          table = parseCsv(text, 3, 4, 5);
        } catch (err) {
          expect(err).toBeInstanceOf(CsvError);
        }
        if (table) {
          const blank = table.filter((r) => r.every((f) => f.trim() === ''));
          expect(table.length - blank.length).toBeLessThanOrEqual(3 + 1);
          expect(blank.length).toBeLessThanOrEqual(3);
          for (const row of table) {
            expect(row.length).toBeLessThanOrEqual(4);
            for (const f of row) expect(f.length).toBeLessThanOrEqual(5);
          }
        }
        try {
          readCsvRecords(text, 3, 4, 5);
        } catch (err) {
          expect(err).toBeInstanceOf(CsvError);
        }
        try {
          csvToBulkRows(`${header}\n${text}`);
        } catch (err) {
          expect(err).toBeInstanceOf(CsvError);
        }
      }),
      { numRuns: 1_000 },
    );
  });
});
