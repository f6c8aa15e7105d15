import {
  CsvError,
  csvToBulkRows,
  defaultCsvDateOrder,
  limits,
  messages,
  todayIso,
  validateBulkRows,
  type BulkRow,
  type CsvBulkRow,
  type CsvDateOrder,
} from '@strideadmin/contract';

/**
 * Reading a gift-card CSV into validated bulk rows (docs/behaviour.md §4, §5): the contract's csvToBulkRows and
 * validateBulkRows, dates read in the server's order (CSV_DATE_ORDER), with ids `row-1`..`row-N`.
 * Runs in the CSV worker, or on the main thread where there is no Worker. Never throws: a file that
 * cannot be read gives a message to show.
 */

/** A row of a file: a bulk row, with how its Valid Till was written and its line's own errors (an unmatched quote). */
export type BulkFileRow = BulkRow & Pick<CsvBulkRow, 'validTillAsWritten' | 'lineErrors'>;

export type CsvReadResult = { ok: true; rows: BulkFileRow[] } | { ok: false; message: string };

/** What the upload box refuses before reading (docs/behaviour.md §5: accepts .csv; our 5MB limit). */
export function checkCsvFile(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.csv$/i.test(file.name.trim())) return messages.csvNotCsv;
  if (file.size > limits.csvMaxBytes) return messages.csvTooLarge;
  return null;
}

const zipSignature = [0x50, 0x4b, 0x03, 0x04];

/**
 * The file's bytes as text: UTF-8 (with or without a BOM), or Windows-1252 when they are not valid
 * UTF-8, which is how Excel's plain "CSV" saves å, ä, ö. A workbook or any other binary file is
 * refused with a message rather than read as garbage.
 */
export function decodeCsvBytes(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  if (zipSignature.every((b, i) => bytes[i] === b))
    throw new CsvError(
      messages.csvMalformed + 'it is a spreadsheet workbook, not a CSV file. Save it as CSV and upload that file.',
    );
  if (looksUtf16(bytes))
    throw new CsvError(
      messages.csvMalformed + 'it is saved as UTF-16 (Unicode) text. Save it as CSV UTF-8 and upload that file.',
    );
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // A UTF-8 BOM on bytes that are not all UTF-8: the BOM is not text either.
    const start = utf8Bom.every((b, i) => bytes[i] === b) ? utf8Bom.length : 0;
    text = new TextDecoder('windows-1252').decode(bytes.subarray(start));
  }
  if (looksBinary(text)) throw new CsvError(messages.csvMalformed + 'it is not a text file.');
  return text;
}

const utf8Bom = [0xef, 0xbb, 0xbf];

/**
 * UTF-16 text (Notepad's "Unicode", PowerShell 5's `>`): its BOM, or, without one, ASCII letters
 * with a zero byte beside each in the first KB. Read as UTF-8 it would be a zero byte in every
 * other character.
 */
function looksUtf16(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  const pairs = Math.min(bytes.length, 1024) >> 1;
  if (pairs < 2) return false;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const most = pairs * 0.7;
  const few = pairs * 0.1;
  return (oddZeros >= most && evenZeros <= few) || (evenZeros >= most && oddZeros <= few);
}

/** Control characters other than tab and line breaks in the first 64 KB: an image, a PDF... not text. */
function looksBinary(text: string): boolean {
  const n = Math.min(text.length, 64 * 1024);
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && (c < 0x09 || c > 0x0d)) return true;
  }
  return false;
}

/** The header row as the file has it, to explain a file saved with semicolons. */
function semicolonHint(text: string): string {
  const header = text.slice(0, text.search(/\r|\n|$/));
  return header.includes(';') && !header.includes(',')
    ? ' (the columns seem to be separated by semicolons: save the file with commas)'
    : '';
}

export function parseBulkCsvText(
  text: string,
  today = todayIso(),
  dateOrder: CsvDateOrder = defaultCsvDateOrder,
): CsvReadResult {
  try {
    const fields = csvToBulkRows(text, dateOrder);
    const errors = validateBulkRows(fields, today, dateOrder);
    const rows = fields.map((f, i): BulkFileRow => {
      // The line's own errors first: they explain the others (cells shifted by a stray quote).
      const e = f.lineErrors ? [...f.lineErrors, ...errors[i]!] : errors[i]!;
      return { id: `row-${i + 1}`, ...f, hasErrors: e.length > 0, errors: e };
    });
    return { ok: true, rows };
  } catch (err) {
    if (err instanceof CsvError) {
      const hint = err.message.startsWith(messages.csvMissingColumns) ? semicolonHint(text) : '';
      return { ok: false, message: err.message + hint };
    }
    console.warn('Reading the CSV failed unexpectedly:', err);
    return { ok: false, message: messages.csvMalformed + 'it is not a valid CSV file.' };
  }
}

/** Bytes in, rows or a message out. */
export function parseBulkCsvBytes(
  buffer: ArrayBuffer,
  today = todayIso(),
  dateOrder: CsvDateOrder = defaultCsvDateOrder,
): CsvReadResult {
  let text: string;
  try {
    text = decodeCsvBytes(buffer);
  } catch (err) {
    if (err instanceof CsvError) return { ok: false, message: err.message };
    throw err;
  }
  return parseBulkCsvText(text, today, dateOrder);
}
