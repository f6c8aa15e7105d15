/** Display helpers (docs/behaviour.md §2, §9), written once. */
import { browserIsEnUs, enUsDate, enUsDateStyles, enUsInteger, type EnUsDateStyle } from './en-us-format';

// docs/behaviour.md §9 'N Hours M Minutes': the contract's, so the app's API shows the same text.
export { formatDuration } from '@strideadmin/contract';

/** docs/behaviour.md §2 Card Details: first letter capitalised. */
export function capitalizeFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A value made at its first use and kept (a formatter: made at a module's load it costs the page's first screen). */
export function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

// One formatter of each kind, made at its first use and kept: `toLocaleDateString(undefined, options)`
// and `toLocaleString` build a new Intl formatter at every call, which is most of the cost of a
// table's date column or a screen of figures. The browser's locale and time zone, as before; in an
// en-US browser the dates and whole numbers are written by hand (en-us-format.ts), the same text
// without the cost of the page's first Intl formatter.

/** `d` as an Intl formatter of `options` writes it in the browser's locale, the formatter made at first use. */
function intlDateFormatter(options: Intl.DateTimeFormatOptions): (d: Date) => string {
  const intl = lazy(() => new Intl.DateTimeFormat(undefined, options));
  return (d) => intl().format(d);
}

/** `d` in `style` of en-us-format.ts, in the browser's locale: by hand in en-US, else by Intl. */
export function dateFormatter(style: EnUsDateStyle): (d: Date) => string {
  const intl = intlDateFormatter(enUsDateStyles[style]);
  return (d) => (browserIsEnUs() ? enUsDate(d, style) : undefined) ?? intl(d);
}

const dateFormat = {
  long: dateFormatter('long'),
  short: dateFormatter('short'),
  dateTime: intlDateFormatter({ year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }),
  time: intlDateFormatter({ hour: '2-digit', minute: '2-digit' }),
};
const numberFormat = lazy(() => new Intl.NumberFormat());

/** A date-only value ("2024-06-03") on its own day, anything else as JavaScript reads it; null when unreadable. */
function dateOf(value: string): Date | null {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * A readable date string (docs/behaviour.md §2 "Valid Till (readable date string)"). Date-only
 * values stay on their day.
 */
export function formatDate(value: string | null | undefined): string {
  const d = value ? dateOf(value) : null;
  return d ? dateFormat.long(d) : '—';
}

/** A readable date with a short month ("Jun 3, 2024"), for narrow table columns. */
export function formatShortDate(value: string | null | undefined): string {
  const d = value ? dateOf(value) : null;
  return d ? dateFormat.short(d) : '—';
}

/** A readable date and time (a send time, a received time), in the browser's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  const d = value ? new Date(value) : null;
  return d && !Number.isNaN(d.getTime()) ? dateFormat.dateTime(d) : '—';
}

/** The time of day alone ("14:05"), in the browser's time zone. */
export function formatTime(value: string | null | undefined): string {
  const d = value ? new Date(value) : null;
  return d && !Number.isNaN(d.getTime()) ? dateFormat.time(d) : '—';
}

/** A number with the browser's grouping ("12,345"). */
export function formatNumber(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  return (browserIsEnUs() ? enUsInteger(n) : undefined) ?? numberFormat().format(n);
}

export const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
