import { csvDateFormMessage, type CsvDateOrder, defaultCsvDateOrder, normaliseDate } from './csv-dates.js';
import { CsvError, isBlankCsvRow, readCsvRecords, toCsv } from './csv.js';
import { limits } from './limits.js';
import { messages } from './messages.js';
import { readNumberText } from './number-text.js';
import { todayIso } from './schemas/fields.js';

/**
 * The rules of a bulk gift-card import (docs/behaviour.md §3 CSV columns, §4 Bulk rows, §5 Bulk
 * CSV row messages), written once for the portal's preview and the server's POST
 * /multiplegiftcard: the columns and template, a CSV file's text to rows, and row validation.
 */

export const giftCardCsvColumns = [
  { header: 'Serial Number', key: 'serialNumber' },
  { header: 'Control Code', key: 'controlCode' },
  { header: 'Coin Price', key: 'price' },
  { header: 'Currency', key: 'currency' },
  { header: 'Amount', key: 'amount' },
  { header: 'Store Name', key: 'storeName' },
  { header: 'Store Address', key: 'storeAddress' },
  { header: 'Valid Till', key: 'validTill' },
  { header: 'Expiry Duration in Minutes', key: 'expiryDuration' },
] as const;
export type GiftCardCsvKey = (typeof giftCardCsvColumns)[number]['key'];

/** The example row of the downloadable template (GET /giftcard/csv-template). */
export const giftCardCsvExample: Record<GiftCardCsvKey, string> = {
  serialNumber: 'GC-0001',
  controlCode: 'CTRL-0001',
  price: '500',
  currency: 'SEK',
  amount: '100',
  storeName: 'corner shop',
  storeAddress: 'storgatan 1, stockholm',
  validTill: '2030-12-31',
  expiryDuration: '1440',
};

/** A row's nine CSV cells, as text. */
export type GiftCardCsvFields = Record<GiftCardCsvKey, string>;
/** docs/behaviour.md §3 Bulk upload row: the card fields as text (as typed or read), plus its errors. */
export type BulkRowFields = GiftCardCsvFields & { cardPicture: string };
export interface BulkRow extends BulkRowFields {
  id: string;
  hasErrors: boolean;
  errors: string[];
}

const normaliseHeader = (h: string) => h.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * A cell as a row keeps it, read from a file or typed in the Errors dialog: trimmed, and a Valid
 * Till that is a date as YYYY-MM-DD, read in `order` (docs/behaviour.md §5; one that is not stays
 * as written, for its message).
 */
export function cleanBulkCell(key: GiftCardCsvKey, raw: string, order: CsvDateOrder = defaultCsvDateOrder): string {
  const s = raw.trim();
  return key === 'validTill' ? normaliseDate(s, order) || s : s;
}

/** Every cell of a row through cleanBulkCell. */
export function cleanBulkCells(cells: GiftCardCsvFields, order: CsvDateOrder = defaultCsvDateOrder): GiftCardCsvFields {
  const out = {} as GiftCardCsvFields;
  for (const { key } of giftCardCsvColumns) out[key] = cleanBulkCell(key, String(cells[key] ?? ''), order);
  return out;
}

/**
 * A Valid Till as written, when reading it as a date changed it (`1/5/2027` read as `2027-05-01`),
 * so the screen can show both; undefined when the row keeps it as it was written.
 */
export function validTillAsWritten(raw: string, cleaned: string): string | undefined {
  const s = raw.trim();
  return s !== cleaned ? s : undefined;
}

/** A row read from a CSV file: its cells, cleaned, and what reading its line found. */
export interface CsvBulkRow extends BulkRowFields {
  /** Valid Till as the file has it, when it was read as a date written otherwise (validTillAsWritten). */
  validTillAsWritten?: string;
  /**
   * Problems of the row's line itself (an unmatched quote: messages.csvUnmatchedQuote), which its
   * cells alone do not show; its cells were read from that line alone (readCsvRecords).
   */
  lineErrors?: string[];
}

/**
 * Reads a CSV file's text into bulk rows: the first row with content is the header; completely
 * empty rows (before it too) are dropped; dates are read in `order`. A quote out of place costs
 * only its own row (its lineErrors), not the file; in the header it refuses the file.
 */
export function csvToBulkRows(text: string, order: CsvDateOrder = defaultCsvDateOrder): CsvBulkRow[] {
  const table = readCsvRecords(text);
  const start = table.findIndex((record) => !isBlankCsvRow(record.cells));
  const header = table[start];
  if (!header) throw new CsvError(messages.csvEmpty);
  if (header.unmatchedQuote)
    throw new CsvError(messages.csvMalformed + `the header row (line ${header.line}) has an unmatched quote (").`);
  const index = new Map(header.cells.map((h, i) => [normaliseHeader(h), i]));
  const missing = giftCardCsvColumns.filter((c) => !index.has(normaliseHeader(c.header))).map((c) => c.header);
  if (missing.length) throw new CsvError(messages.csvMissingColumns + missing.join(', '));
  const columnAt = giftCardCsvColumns.map((c) => index.get(normaliseHeader(c.header))!);
  const validTillAt = columnAt[giftCardCsvColumns.findIndex((c) => c.key === 'validTill')]!;
  const rows: CsvBulkRow[] = [];
  for (let r = start + 1; r < table.length; r++) {
    const { cells, unmatchedQuote } = table[r]!;
    if (isBlankCsvRow(cells)) continue; // docs/behaviour.md §4: a completely empty row is dropped
    const row = { cardPicture: '' } as CsvBulkRow;
    giftCardCsvColumns.forEach((col, i) => {
      row[col.key] = cleanBulkCell(col.key, cells[columnAt[i]!] ?? '', order);
    });
    const written = validTillAsWritten(cells[validTillAt] ?? '', row.validTill);
    if (written !== undefined) row.validTillAsWritten = written;
    if (unmatchedQuote) row.lineErrors = [messages.csvUnmatchedQuote];
    rows.push(row);
  }
  if (rows.length === 0) throw new CsvError(messages.csvEmpty);
  if (rows.length > limits.csvMaxRows) throw new CsvError(messages.csvTooManyRows);
  return rows;
}

/**
 * The uniqueness key of a serial number or a control code: trimmed, any case. Rows are checked
 * against each other and against the stored cards (unique on lower(...)) with it, and an image's
 * file name finds its row's serial number with it.
 */
export const giftCardCodeKey = (code: string) => code.trim().toLowerCase();

/** A rule of docs/behaviour.md §5 that a bulk row breaks: the field it is about, and its message. */
export interface BulkFieldError {
  field: keyof BulkRowFields;
  message: string;
}

/**
 * Every message a bulk row can get, by the field it is about. The rules below take their
 * messages from here, and bulkFieldOfMessage reads it backwards, so a message always has its field.
 */
const bulkRowMessages = {
  serialNumber: {
    required: messages.csvSerialRequired,
    tooLong: messages.csvSerialTooLong,
    unique: messages.csvSerialUnique,
  },
  controlCode: {
    required: messages.csvControlCodeRequired,
    tooLong: messages.csvControlCodeTooLong,
    unique: messages.csvControlCodeUnique,
  },
  price: { integer: messages.csvCoinPriceInteger },
  currency: { required: messages.csvCurrencyRequired, tooLong: messages.csvCurrencyTooLong },
  amount: { integer: messages.csvAmountInteger },
  storeName: { required: messages.csvStoreNameRequired, tooLong: messages.csvStoreNameTooLong },
  storeAddress: { required: messages.csvStoreAddressRequired, tooLong: messages.csvStoreAddressTooLong },
  validTill: {
    required: messages.csvValidTillRequired,
    formDMY: csvDateFormMessage.DMY,
    formMDY: csvDateFormMessage.MDY,
    formYMD: csvDateFormMessage.YMD,
    past: messages.csvValidTillPast,
  },
  expiryDuration: { integer: messages.csvExpiryDurationInteger, tooLong: messages.csvExpiryDurationTooLong },
  cardPicture: { required: messages.csvCardPictureRequired },
} as const satisfies Record<keyof BulkRowFields, Record<string, string>>;
type BulkRowMessages = typeof bulkRowMessages;

const fieldOfMessage = new Map<string, keyof BulkRowFields>(
  (Object.keys(bulkRowMessages) as (keyof BulkRowFields)[]).flatMap((field) =>
    Object.values(bulkRowMessages[field]).map((message: string) => [message, field] as const),
  ),
);

/**
 * The field a bulk row's message is about, for the messages a row carries as text (the server's
 * answer); undefined for a message no bulk rule gives.
 */
export const bulkFieldOfMessage = (message: string): keyof BulkRowFields | undefined => fieldOfMessage.get(message);

const fieldError = <F extends keyof BulkRowMessages>(field: F, rule: keyof BulkRowMessages[F]): BulkFieldError => ({
  field,
  message: bulkRowMessages[field][rule] as string,
});

/**
 * A whole number, 0 or more, written as every number field takes it (readNumberText: digits, no
 * 1e5 or 0x10), at most `max`.
 */
const isWholeNumber = (s: string, max: number) => {
  const n = readNumberText(s);
  return n !== undefined && Number.isInteger(n) && n >= 0 && n <= max;
};

/**
 * One row's own errors (docs/behaviour.md §5 bulk messages), in column order. `today` is YYYY-MM-DD;
 * a Valid Till is read in `order`.
 */
export function bulkRowErrors(
  row: Partial<BulkRowFields>,
  today = todayIso(),
  order: CsvDateOrder = defaultCsvDateOrder,
): BulkFieldError[] {
  const v = (k: keyof BulkRowFields) => String(row[k] ?? '').trim();
  const errors: BulkFieldError[] = [];
  // The same length limits as the single-card form (schemas/gift-cards.ts).
  const text = (k: 'serialNumber' | 'controlCode' | 'currency' | 'storeName' | 'storeAddress') => {
    if (!v(k)) errors.push(fieldError(k, 'required'));
    else if (v(k).length > limits.giftCardTextMax[k]) errors.push(fieldError(k, 'tooLong'));
  };
  text('serialNumber');
  text('controlCode');
  if (!isWholeNumber(v('price'), limits.int32Max)) errors.push(fieldError('price', 'integer'));
  text('currency');
  if (!isWholeNumber(v('amount'), limits.int32Max)) errors.push(fieldError('amount', 'integer'));
  text('storeName');
  text('storeAddress');
  const date = v('validTill');
  if (!date) errors.push(fieldError('validTill', 'required'));
  else {
    const iso = normaliseDate(date, order);
    if (!iso) errors.push(fieldError('validTill', `form${order}`));
    else if (iso < today) errors.push(fieldError('validTill', 'past'));
  }
  const expiry = v('expiryDuration');
  if (!isWholeNumber(expiry, Infinity)) errors.push(fieldError('expiryDuration', 'integer'));
  else if (!isWholeNumber(expiry, limits.expiryDurationMax)) errors.push(fieldError('expiryDuration', 'tooLong'));
  return errors;
}

/** The fields that must be unique (docs/behaviour.md §5), each compared by giftCardCodeKey. */
export type BulkUniqueField = 'serialNumber' | 'controlCode';

/**
 * A row's uniqueness errors (docs/behaviour.md §5: 'Serial number should be unique.' / 'Control
 * code should be unique.'), given whether a key (giftCardCodeKey) is taken elsewhere: by another
 * row of the file, or by a stored card.
 */
export function bulkUniqueErrors(
  row: Partial<BulkRowFields>,
  isTaken: (field: BulkUniqueField, key: string) => boolean,
): BulkFieldError[] {
  const errors: BulkFieldError[] = [];
  for (const field of ['serialNumber', 'controlCode'] as const) {
    const key = giftCardCodeKey(String(row[field] ?? ''));
    if (key && isTaken(field, key)) errors.push(fieldError(field, 'unique'));
  }
  return errors;
}

/**
 * Every row's error messages, as a row carries them (BulkRow.errors, the API's answer): its own
 * (dates read in `order`), plus uniqueness against the other rows.
 */
export function validateBulkRows<T extends Partial<BulkRowFields>>(
  rows: T[],
  today = todayIso(),
  order: CsvDateOrder = defaultCsvDateOrder,
): string[][] {
  const count = (field: BulkUniqueField) => {
    const m = new Map<string, number>();
    for (const r of rows) {
      const k = giftCardCodeKey(String(r[field] ?? ''));
      if (k) m.set(k, (m.get(k) ?? 0) + 1);
    }
    return m;
  };
  const counts = { serialNumber: count('serialNumber'), controlCode: count('controlCode') };
  const takenByAnother = (field: BulkUniqueField, key: string) => (counts[field].get(key) ?? 0) > 1;
  return rows.map((r) =>
    [...bulkRowErrors(r, today, order), ...bulkUniqueErrors(r, takenByAnother)].map((e) => e.message),
  );
}

/** docs/behaviour.md §4 Bulk rows: the status a row shows. */
export type BulkRowStatus = 'errors' | 'imageMissing' | 'ready';
export function bulkRowStatus(row: Pick<BulkRow, 'hasErrors' | 'cardPicture'>): BulkRowStatus {
  if (row.hasErrors) return 'errors';
  return row.cardPicture ? 'ready' : 'imageMissing';
}
export const bulkRowStatusLabel: Record<BulkRowStatus, string> = {
  errors: 'Show Errors',
  imageMissing: 'Image Missing',
  ready: 'Successfull', // docs/behaviour.md §4, verbatim
};

/** The template file (header row + one example row). */
export function giftCardCsvTemplate(): string {
  return toCsv([giftCardCsvColumns.map((c) => c.header), giftCardCsvColumns.map((c) => giftCardCsvExample[c.key])]);
}

/** A bulk row as the server turns it into a card (after validateBulkRows found no errors, in the same `order`). */
export function bulkRowToCard(row: BulkRowFields, order: CsvDateOrder = defaultCsvDateOrder) {
  const cells = cleanBulkCells(row, order);
  return {
    serialNumber: cells.serialNumber,
    controlCode: cells.controlCode,
    price: Number(cells.price),
    currency: cells.currency,
    amount: Number(cells.amount),
    storeName: cells.storeName,
    storeAddress: cells.storeAddress,
    validTill: cells.validTill,
    expiryDuration: Number(cells.expiryDuration),
    cardPicture: row.cardPicture.trim(),
  };
}
