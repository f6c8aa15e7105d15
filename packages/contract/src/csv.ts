import { limits } from './limits.js';
import { messages } from './messages.js';

/**
 * CSV in general: reading a file's text into rows of cells, and writing rows of cells. Nothing here
 * knows a gift card; the gift-card columns and rules are in bulk-gift-cards.ts.
 */

export class CsvError extends Error {}

/** A row whose every cell is empty or spaces. */
export const isBlankCsvRow = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/** What stops reading a record: a quote out of place, or one of the caps. */
type RecordProblem = 'unclosed' | 'midField' | 'afterQuote' | 'afterQuoteMultiline' | 'columns' | 'fieldLength';

interface RecordScan {
  cells: string[];
  /** Where the record's text ends: at its line break or the end of the text (or where the problem is). */
  end: number;
  problem?: RecordProblem;
}

const isBlankOrTab = (c: number) => c === 0x20 || c === 0x09;

/**
 * One RFC 4180 record from `i` (the start of a line): its fields, up to the line break that is not
 * inside quotes. Stops at the first problem. Fields are cut with `slice`, never built a character
 * at a time.
 */
function scanRecord(text: string, i: number, maxColumns: number, maxFieldLength: number): RecordScan {
  const n = text.length;
  const cells: string[] = [];
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
      if (q < 0) return { cells, end: n, problem: 'unclosed' };
      value = text.slice(j + 1, q);
      if (doubled) value = value.split('""').join('"');
      j = q + 1;
      while (j < n && isBlankOrTab(text.charCodeAt(j))) j++;
      const c = text.charCodeAt(j);
      if (j < n && c !== 0x2c && c !== 0x0a && c !== 0x0d)
        return { cells, end: j, problem: /[\r\n]/.test(value) ? 'afterQuoteMultiline' : 'afterQuote' };
    } else {
      for (; j < n; j++) {
        const c = text.charCodeAt(j);
        if (c === 0x2c || c === 0x0a || c === 0x0d) break;
        if (c === 0x22) return { cells, end: j, problem: 'midField' };
      }
      value = text.slice(i, j);
    }
    if (cells.length === maxColumns) return { cells, end: j, problem: 'columns' };
    if (value.length > maxFieldLength) return { cells, end: j, problem: 'fieldLength' };
    cells.push(value);
    if (j >= n || text.charCodeAt(j) !== 0x2c) return { cells, end: j };
    i = j + 1; // a comma: another field follows (empty at the very end)
  }
}

/** What a problem says after messages.csvMalformed, on `line`. */
function problemText(problem: RecordProblem, line: number, maxColumns: number, maxFieldLength: number): string {
  switch (problem) {
    case 'unclosed':
      return 'a quoted field is never closed.';
    case 'afterQuoteMultiline':
      return `a quoted field on line ${line} is never closed.`;
    case 'afterQuote':
    case 'midField':
      return `a quote in the middle of a field on line ${line}.`;
    case 'columns':
      return `more than ${maxColumns} columns on line ${line}.`;
    case 'fieldLength':
      return `a field on line ${line} has more than ${maxFieldLength} characters.`;
  }
}

const lineBreak = /[\r\n]/g;
/** Where the line that holds `i` ends: its line break, or the end of the text. */
function lineEnd(text: string, i: number): number {
  lineBreak.lastIndex = i;
  return lineBreak.exec(text)?.index ?? text.length;
}

/**
 * The cells of the line [from, to) read on its own, as a spreadsheet would: a field in quotes that
 * close on this line before a comma is read as RFC 4180 says; any other quote is text. Or the cap
 * the line breaks.
 */
function looseCells(
  text: string,
  from: number,
  to: number,
  maxColumns: number,
  maxFieldLength: number,
): string[] | 'columns' | 'fieldLength' {
  const cells: string[] = [];
  let i = from;
  for (;;) {
    let j = i;
    while (j < to && isBlankOrTab(text.charCodeAt(j))) j++;
    let value: string | undefined;
    if (j < to && text.charCodeAt(j) === 0x22) {
      let doubled = false;
      for (let q = j + 1; q < to; q++) {
        if (text.charCodeAt(q) !== 0x22) continue;
        if (q + 1 < to && text.charCodeAt(q + 1) === 0x22) {
          doubled = true;
          q++;
          continue;
        }
        let k = q + 1;
        while (k < to && isBlankOrTab(text.charCodeAt(k))) k++;
        if (k >= to || text.charCodeAt(k) === 0x2c) {
          value = text.slice(j + 1, q);
          if (doubled) value = value.split('""').join('"');
          j = k;
        }
        break; // text after this quote: the field is not a quoted one after all
      }
    }
    if (value === undefined) {
      j = i;
      while (j < to && text.charCodeAt(j) !== 0x2c) j++;
      value = text.slice(i, j);
    }
    if (cells.length === maxColumns) return 'columns';
    if (value.length > maxFieldLength) return 'fieldLength';
    cells.push(value);
    if (j >= to) return cells;
    i = j + 1;
  }
}

/** One record of a CSV file, read by readCsvRecords. */
export interface CsvRecord {
  cells: string[];
  /** The line of the file it starts on (1 = the first). */
  line: number;
  /**
   * Set when its line has a quote that breaks RFC 4180 (never closed, in the middle of a field,
   * text after the closing one), or a quoted field ran past the line's end into a record of the
   * wrong shape: the record is that one line, its cells read as a spreadsheet would (looseCells).
   */
  unmatchedQuote?: true;
}

interface CsvCaps {
  maxRows: number;
  maxColumns: number;
  maxFieldLength: number;
}

/**
 * Every record of a CSV text. Strict: the first quote out of place throws a CsvError naming it.
 * Lenient: quotes are recovered at the line level, so one stray quote costs its own row, never the
 * file nor the rows after it. A record whose quoted field runs past the end of its first line is
 * kept only if it has the first record's (the header's) number of columns and at most one of its
 * lines, read on its own, would have that number too (a field with line breaks inside continues a
 * row; a stray quote swallows whole rows). Otherwise its first line is the broken row, and reading
 * goes on at the next line. The caps are the same in both.
 */
function readCsv(text: string, lenient: boolean, { maxRows, maxColumns, maxFieldLength }: CsvCaps): CsvRecord[] {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\u0000')) throw new CsvError(messages.csvMalformed + 'it is not a text file.');
  const records: CsvRecord[] = [];
  const n = text.length;
  if (n === 0) return records;
  let filled = 0; // rows with content, the header included
  let blank = 0;
  let width: number | undefined; // the first row with content's number of cells
  let line = 1;
  const refuse = (problem: RecordProblem, at: number) =>
    new CsvError(messages.csvMalformed + problemText(problem, at, maxColumns, maxFieldLength));
  /** How many lines of [from, to) would be a row of `width` cells on their own (counting stops at 2). */
  const rowLikeLines = (from: number, to: number, w: number) => {
    let found = 0;
    for (let a = from; a < to && found < 2;) {
      const b = Math.min(lineEnd(text, a), to);
      const cells = looseCells(text, a, b, maxColumns, maxFieldLength);
      if (Array.isArray(cells) && cells.length === w) found++;
      a = b + (text.charCodeAt(b) === 0x0d && text.charCodeAt(b + 1) === 0x0a ? 2 : 1);
    }
    return found;
  };
  let i = 0;
  for (;;) {
    const scan = scanRecord(text, i, maxColumns, maxFieldLength);
    let record: CsvRecord = { cells: scan.cells, line };
    let end = scan.end;
    if (!lenient) {
      if (scan.problem) throw refuse(scan.problem, records.length + 1);
    } else {
      const eol = lineEnd(text, i);
      const multiline = scan.end > eol;
      let broken = scan.problem !== undefined;
      if ((scan.problem === 'columns' || scan.problem === 'fieldLength') && !multiline)
        throw refuse(scan.problem, line);
      if (!broken && multiline && width !== undefined)
        broken = scan.cells.length !== width || rowLikeLines(i, scan.end, width) > 1;
      if (broken) {
        const cells = looseCells(text, i, eol, maxColumns, maxFieldLength);
        if (!Array.isArray(cells)) throw refuse(cells, line);
        record = { cells, line, unmatchedQuote: true };
        end = eol;
      } else if (multiline) {
        for (let k = i; k < end; k++) {
          const c = text.charCodeAt(k);
          if (c === 0x0a || (c === 0x0d && text.charCodeAt(k + 1) !== 0x0a)) line++;
        }
      }
    }
    if (isBlankCsvRow(record.cells)) {
      if (++blank > maxRows) throw new CsvError(messages.csvMalformed + `more than ${maxRows} empty rows.`);
    } else {
      if (++filled > maxRows + 1) throw new CsvError(messages.csvTooManyRows);
      width ??= record.cells.length;
    }
    records.push(record);
    if (end >= n) return records;
    // Past the record's line break (CRLF, LF or CR).
    i = end + (text.charCodeAt(end) === 0x0d && text.charCodeAt(end + 1) === 0x0a ? 2 : 1);
    line++;
    if (i >= n) return records;
  }
}

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
  return readCsv(text, false, { maxRows, maxColumns, maxFieldLength }).map((r) => r.cells);
}

/**
 * A CSV file as a spreadsheet user expects it read (the bulk import): as parseCsv, with the same
 * caps, but a quote out of place marks its own line's record (`unmatchedQuote`) instead of
 * refusing the file; every other row is read as RFC 4180 says, quoted line breaks, commas and ""
 * included. Refuses only what parseCsv refuses for a reason other than a quote.
 */
export function readCsvRecords(
  text: string,
  maxRows: number = limits.csvMaxRows,
  maxColumns = 100,
  maxFieldLength = 10_000,
): CsvRecord[] {
  return readCsv(text, true, { maxRows, maxColumns, maxFieldLength });
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
