import { describe, expect, it } from 'vitest';
import { csvCell, csvFilename, csvHead, lfToCrlf } from '../../src/db/csv-export.js';
import { sql } from 'drizzle-orm';

/** COPY's output (records end in LF) for these rows, quoted as COPY quotes. */
const copyOutput = (rows: (string | null)[][]) => rows.map((r) => r.map(csvCell).join(',') + '\n').join('');
const crlfOf = (rows: (string | null)[][]) => rows.map((r) => r.map(csvCell).join(',') + '\r\n').join('');

const rows: (string | null)[][] = [
  ['1', 'Plain', 'a@b.se'],
  ['2', 'Two\nlines', 'quote " inside'],
  ['3', '"Starts, with a quote"', ''],
  ['4', null, 'Ends with LF\n'],
  ['5', 'Three\n\nlines, "and ""quotes"""', 'x'],
];

describe('lfToCrlf: COPY records end in CRLF, line ends inside quoted cells stay', () => {
  it('converts a whole file', () => {
    expect(lfToCrlf()(Buffer.from(copyOutput(rows))).toString()).toBe(crlfOf(rows));
  });

  it('gives the same bytes however the stream is cut into chunks (every cut point, and byte by byte)', () => {
    const input = Buffer.from(copyOutput(rows));
    const expected = crlfOf(rows);
    for (let cut = 0; cut <= input.length; cut++) {
      const convert = lfToCrlf();
      const out = Buffer.concat([convert(input.subarray(0, cut)), convert(input.subarray(cut))]).toString();
      expect(out, `cut at ${cut}`).toBe(expected);
    }
    const convert = lfToCrlf();
    const bytewise = Buffer.concat([...input].map((b) => convert(Buffer.from([b])))).toString();
    expect(bytewise).toBe(expected);
  });
});

describe('csvCell: as COPY (FORMAT csv) writes a cell', () => {
  it.each([
    [null, ''],
    ['', '""'],
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['cr\rhere', '"cr\rhere"'],
    ["'=1+1", "'=1+1"],
  ])('%j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('the head and the name of the file', () => {
  it('starts with a BOM and a quoted-as-needed header row in CRLF', () => {
    expect(
      csvHead({
        columns: [
          ['ID', sql`1`],
          ['Name, full', sql`2`],
        ],
      }),
    ).toBe('\uFEFFID,"Name, full"\r\n');
  });

  it("is dated by the UTC day of the export, not the server's", () => {
    expect(csvFilename('users', new Date('2026-11-26T23:30:00-05:00'))).toBe('users-2026-11-27.csv');
  });
});
