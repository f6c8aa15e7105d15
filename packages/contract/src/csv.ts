import { limits } from './limits.js';
import { messages } from './messages.js';

/**
 * CSV in general: reading a file's text into rows of cells, and writing rows of cells. Nothing here
 * knows a gift card; the gift-card columns and rules are in bulk-gift-cards.ts.
 */

export class CsvError extends Error {}

/** A row whose every cell is empty or spaces. */
export const isBlankCsvRow = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/**
 * RFC 4180 CSV: quoted fields, "" escapes, CRLF, LF or CR line ends (mixed too), a leading BOM.
 * Throws CsvError when malformed: a quote in the middle of a field or text after a closing quote
 * (so an unclosed quote never silently swallows the rows after it), a quoted field never closed,
 * a NUL character. Linear in the text and bounded: fields are cut with `slice` (never built a
 * character at a time), and it stops at once after `maxColumns` fields in a row, a field longer
 * than `maxFieldLength` (the longest card field is 500: a longer one is not a card's, and would
 * only slow the screens that show it), `maxRows` rows with content after the header, or `maxRows`
 * empty rows.
 */
export function parseCsv(
  text: string,
  maxRows: number = limits.csvMaxRows,
  maxColumns = 100,
  maxFieldLength = 10_000,
): string[][] {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\u0000')) throw new CsvError(messages.csvMalformed + 'it is not a text file.');
  const rows: string[][] = [];
  const n = text.length;
  if (n === 0) return rows;
  let row: string[] = [];
  let filled = 0; // rows with content, the header included
  let blank = 0;
  const line = () => rows.length + 1;
  const isBlankOrTab = (c: number) => c === 0x20 || c === 0x09;
  const endRow = () => {
    if (isBlankCsvRow(row)) {
      if (++blank > maxRows) throw new CsvError(messages.csvMalformed + `more than ${maxRows} empty rows.`);
    } else if (++filled > maxRows + 1) throw new CsvError(messages.csvTooManyRows);
    rows.push(row);
    row = [];
  };
  let i = 0;
  for (;;) {
    // One field from i: spaces, then a quoted field, or an unquoted one up to a comma or line end.
    let j = i;
    while (j < n && isBlankOrTab(text.charCodeAt(j))) j++;
    let value: string;
    if (text.charCodeAt(j) === 0x22) {
      // The closing quote: the next one that is not doubled ("" is one quote in the value).
      let q = text.indexOf('"', j + 1);
      let doubled = false;
      while (q >= 0 && text.charCodeAt(q + 1) === 0x22) {
        doubled = true;
        q = text.indexOf('"', q + 2);
      }
      if (q < 0) throw new CsvError(messages.csvMalformed + 'a quoted field is never closed.');
      value = text.slice(j + 1, q);
      if (doubled) value = value.split('""').join('"');
      j = q + 1;
      while (j < n && isBlankOrTab(text.charCodeAt(j))) j++;
      const c = text.charCodeAt(j);
      if (j < n && c !== 0x2c && c !== 0x0a && c !== 0x0d)
        throw new CsvError(
          messages.csvMalformed +
            (/[\r\n]/.test(value)
              ? `a quoted field on line ${line()} is never closed.`
              : `a quote in the middle of a field on line ${line()}.`),
        );
    } else {
      for (; j < n; j++) {
        const c = text.charCodeAt(j);
        if (c === 0x2c || c === 0x0a || c === 0x0d) break;
        if (c === 0x22)
          throw new CsvError(messages.csvMalformed + `a quote in the middle of a field on line ${line()}.`);
      }
      value = text.slice(i, j);
    }
    if (row.length === maxColumns)
      throw new CsvError(messages.csvMalformed + `more than ${maxColumns} columns on line ${line()}.`);
    if (value.length > maxFieldLength)
      throw new CsvError(
        messages.csvMalformed + `a field on line ${line()} has more than ${maxFieldLength} characters.`,
      );
    row.push(value);
    if (j >= n) {
      endRow();
      return rows;
    }
    const c = text.charCodeAt(j);
    i = j + 1;
    if (c === 0x2c) continue; // a comma: another field follows (empty at the very end)
    if (c === 0x0d && text.charCodeAt(i) === 0x0a) i++;
    endRow();
    if (i >= n) return rows;
  }
}

/**
 * What a spreadsheet reads as the start of a formula (OWASP CSV Injection; ASVS 5.0 1.2.10):
 * = + - @, tab, carriage return, line feed, NUL.
 */
const formulaStart = /^[=+\-@\t\r\n\0]/;

/**
 * One cell of a CSV the product WRITES: a value that a spreadsheet would run as a formula gets a
 * leading `'` (shown as text, never evaluated), then RFC 4180 quoting (2.6, 2.7) when it holds a
 * quote, a comma or a line break. Every CSV writer goes through toCsv, hence through this.
 */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (formulaStart.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A whole CSV file from rows of cells (each through csvCell), CRLF line ends as RFC 4180 says. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}
