import { messages } from './messages.js';

/**
 * How the dates of a gift-card CSV are read (docs/behaviour.md §5 The CSV file), written once for
 * the portal's preview and the server's POST /multiplegiftcard. A date with the year first
 * (2027-12-31, 2027/12/31, an ISO date and time) and a date with the month in words (31 December
 * 2027, Dec 31, 2027, 31-dec-2027, in English or Swedish) are read the same way everywhere. A date
 * of numbers with the year last (31/12/2027, 31.12.2027, 31-12-2027) is read in ONE order, the
 * server's setting CSV_DATE_ORDER: day first (DMY, the default), month first (MDY), or not at all
 * (YMD: only year-first dates). Nothing is guessed: a date that does not fit is refused with a
 * message naming the form expected, never read some other way.
 */

export const csvDateOrders = ['DMY', 'MDY', 'YMD'] as const;
export type CsvDateOrder = (typeof csvDateOrders)[number];
/** The market is Swedish and European: day first. */
export const defaultCsvDateOrder: CsvDateOrder = 'DMY';

/** The sentence the import screen shows above its table: "Dates are read day first: 31/12/2027 or 2027-12-31." */
export const csvDateOrderSentence: Record<CsvDateOrder, string> = {
  DMY: messages.csvDatesReadDMY,
  MDY: messages.csvDatesReadMDY,
  YMD: messages.csvDatesReadYMD,
};

/** A Valid Till that cannot be read, in each order: the message names the form expected. */
export const csvDateFormMessage: Record<CsvDateOrder, string> = {
  DMY: messages.csvValidTillFormDMY,
  MDY: messages.csvValidTillFormMDY,
  YMD: messages.csvValidTillFormYMD,
};

/** Month names (English and Swedish) by month; a word names a month when it is 3 letters or more of one. */
const monthNames: readonly (readonly string[])[] = [
  ['january', 'januari'],
  ['february', 'februari'],
  ['march', 'mars'],
  ['april'],
  ['may', 'maj'],
  ['june', 'juni'],
  ['july', 'juli'],
  ['august', 'augusti'],
  ['september'],
  ['october', 'oktober'],
  ['november'],
  ['december'],
];

function monthOfName(word: string): number {
  const w = word.toLowerCase();
  if (w.length < 3) return 0;
  const i = monthNames.findIndex((names) => names.some((name) => name.startsWith(w)));
  return i + 1;
}

/** A time after the date, as spreadsheets and ISO write it ("T10:00:00Z", " 00:00"): ignored. */
const time = String.raw`(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?`;
const yearFirst = new RegExp(String.raw`^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})${time}$`);
const yearLast = new RegExp(String.raw`^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})${time}$`);
const dayThenMonthName = /^(\d{1,2})(?:st|nd|rd|th|:e|:a)?\.?[\s-]+([a-zåäö]+)\.?,?[\s-]+(\d{4})$/i;
const monthNameThenDay = /^([a-zåäö]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i;

/** y-m-d as YYYY-MM-DD when that day exists (no 2027-02-30, no 32/1/2027), else ''. */
function isoOf(y: number, m: number, d: number): string {
  if (m < 1 || m > 12 || d < 1 || d > 31) return '';
  const iso = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const check = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(check.getTime()) && check.toISOString().slice(0, 10) === iso ? iso : '';
}

/**
 * A CSV cell's date as YYYY-MM-DD, read by the rules above in `order`; '' when it is not a date in
 * them. The same text gives the same date in the portal and on the server (no Date.parse, whose
 * guesses differ between browsers).
 */
export function normaliseDate(raw: string, order: CsvDateOrder = defaultCsvDateOrder): string {
  const s = raw.trim();
  if (!s) return '';
  let m: RegExpExecArray | null;
  if ((m = yearFirst.exec(s))) return isoOf(Number(m[1]), Number(m[3]), Number(m[4]));
  if ((m = yearLast.exec(s))) {
    const [a, b, y] = [Number(m[1]), Number(m[3]), Number(m[4])];
    if (order === 'DMY') return isoOf(y, b, a);
    if (order === 'MDY') return isoOf(y, a, b);
    return '';
  }
  if ((m = dayThenMonthName.exec(s))) return isoOf(Number(m[3]), monthOfName(m[2]!), Number(m[1]));
  if ((m = monthNameThenDay.exec(s))) return isoOf(Number(m[3]), monthOfName(m[1]!), Number(m[2]));
  return '';
}
