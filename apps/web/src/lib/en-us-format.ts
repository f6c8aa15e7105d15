import { groupThousands } from '@strideadmin/contract';

/**
 * The portal's figures and dates as en-US writes them, by hand. The portal writes them in the
 * browser's locale; when that locale is en-US, the helpers of format.ts and the dashboard's scale
 * use these instead of an Intl formatter, because the first Intl formatter a page makes costs it
 * the locale data (tens of milliseconds of the main thread, in the middle of Home's first render:
 * docs/decisions/0019-portal-loading.md, ninth pass). Each function writes exactly what
 * `Intl.DateTimeFormat('en-US', …)` / `Intl.NumberFormat('en-US', …)` write for the same options
 * (test/lib/en-us-format.test.ts compares them over thousands of values), and answers undefined
 * for a value it does not cover, which the caller then gives to Intl. Other locales always use Intl.
 */

/** The browser's locale is en-US: the one its Intl formatters use by default (Chromium, Firefox). */
export const browserIsEnUs = (): boolean => typeof navigator !== 'undefined' && navigator.language === 'en-US';

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const short = (name: string) => name.slice(0, 3);

/** The date styles the portal writes, each with the Intl options it stands for. */
export const enUsDateStyles = {
  /** "November 27, 2026" */
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  /** "Nov 27, 2026" */
  short: { year: 'numeric', month: 'short', day: 'numeric' },
  /** "Nov 27" */
  dayShort: { day: 'numeric', month: 'short' },
  /** "Nov 26" (month and two-digit year) */
  monthShort: { month: 'short', year: '2-digit' },
  /** "Friday, November 27, 2026" */
  dayLong: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** "November 2026" */
  monthLong: { month: 'long', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type EnUsDateStyle = keyof typeof enUsDateStyles;

/** `d` in `style`, in the browser's time zone; undefined outside the years 1000–9999. */
export function enUsDate(d: Date, style: EnUsDateStyle): string | undefined {
  const year = d.getFullYear();
  if (!(year >= 1000 && year <= 9999)) return undefined; // also an invalid date (NaN)
  const month = months[d.getMonth()]!;
  const day = d.getDate();
  switch (style) {
    case 'long':
      return `${month} ${day}, ${year}`;
    case 'short':
      return `${short(month)} ${day}, ${year}`;
    case 'dayShort':
      return `${short(month)} ${day}`;
    case 'monthShort':
      return `${short(month)} ${String(year % 100).padStart(2, '0')}`;
    case 'dayLong':
      return `${weekdays[d.getDay()]}, ${month} ${day}, ${year}`;
    case 'monthLong':
      return `${month} ${year}`;
  }
}

/** A whole number with commas between thousands ("-12,345"); undefined for anything else. */
export function enUsInteger(n: number): string | undefined {
  return Number.isSafeInteger(n) && !Object.is(n, -0) ? groupThousands(n) : undefined;
}

/** The compact options the dashboard's axis uses ("1.2K", "3M"). */
export const enUsCompactOptions = { notation: 'compact', maximumFractionDigits: 1 } satisfies Intl.NumberFormatOptions;
const compactUnits = [
  [1e3, 'K'],
  [1e6, 'M'],
  [1e9, 'B'],
  [1e12, 'T'],
] as const;

/**
 * A whole number from 0 below 10¹⁵ as `Intl.NumberFormat('en-US', enUsCompactOptions)` writes
 * it: below 1,000 as it is, else in thousands, millions, billions or trillions to one decimal
 * (halves rounded up), the next unit when that rounds to 1,000 ("999,950" is "1M"); undefined for
 * anything else.
 */
export function enUsCompact(n: number): string | undefined {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e15 || Object.is(n, -0)) return undefined;
  if (n < 1000) return String(n);
  for (let i = compactUnits.length - 1; i >= 0; i--) {
    const [unit, suffix] = compactUnits[i]!;
    if (n < unit) continue;
    const tenth = unit / 10;
    const rest = n % tenth;
    const tenths = (n - rest) / tenth + (rest * 2 >= tenth ? 1 : 0); // exact: integers below 2⁵³
    if (tenths >= 10_000 && i + 1 < compactUnits.length) return enUsCompact(compactUnits[i + 1]![0]);
    const whole = Math.floor(tenths / 10);
    const fraction = tenths % 10;
    return `${whole}${fraction ? `.${fraction}` : ''}${suffix}`;
  }
  return undefined;
}
