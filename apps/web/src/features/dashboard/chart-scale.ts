import type { Dashboard } from '@strideadmin/contract';
import { browserIsEnUs, enUsCompact, enUsCompactOptions } from '../../lib/en-us-format';
import { dateFormatter, lazy } from '../../lib/format';

type Granularity = Dashboard['granularity'];

/**
 * The value axis: 0 up to a round maximum at or above `max`, in 4 or 5 steps of 1, 2 or 5 times a
 * power of ten (an empty range still gets an axis, 0 to 4).
 */
export function valueTicks(max: number): number[] {
  const target = Math.max(max, 4) / 4;
  const power = 10 ** Math.floor(Math.log10(target));
  const step = ([1, 2, 5, 10].find((m) => m * power >= target) ?? 10) * power;
  const top = Math.ceil(Math.max(max, 4) / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top + step / 2; v += step) ticks.push(Math.round(v));
  return ticks;
}

/**
 * Which periods get a label on the time axis: at most what fits in `plotWidth` (about 56 px a
 * label), counted back from the last one so that today (or this month) is always labelled.
 */
export function labelledIndexes(count: number, plotWidth: number): Set<number> {
  const fit = Math.max(1, Math.floor(plotWidth / 56));
  const every = Math.ceil(count / fit);
  const out = new Set<number>();
  for (let i = count - 1; i >= 0; i -= every) out.add(i);
  return out;
}

/** A period of the series (YYYY-MM-DDTHH:00, YYYY-MM-DD or YYYY-MM) as a local date. */
function periodDate(period: string, granularity: Granularity): Date {
  if (granularity === 'hour') return new Date(`${period.slice(0, 10)}T00:00:00`);
  return new Date(granularity === 'day' ? `${period}T00:00:00` : `${period}-01T00:00:00`);
}

// One formatter each (format.ts's dateFormatter: by hand in an en-US browser, else an Intl formatter
// made at its first use and kept, as toLocaleDateString with options makes a new one at every call).
const dayShort = dateFormatter('dayShort');
const monthShort = dateFormatter('monthShort');
const dayLong = dateFormatter('dayLong');
const monthLong = dateFormatter('monthLong');

/**
 * Short, for the time axis: "14:00", "3 May" or "May 25". An hour is the server's clock hour as
 * the server named it (the day's hours are the server's, whatever the browser's time zone).
 */
export function shortPeriod(period: string, granularity: Granularity): string {
  if (granularity === 'hour') return period.slice(11, 16);
  return (granularity === 'day' ? dayShort : monthShort)(periodDate(period, granularity));
}

/** Long, for tooltips and the screen-reader table: "Saturday, 3 May 2025, 14:00", "Saturday, 3 May 2025" or "May 2025". */
export function longPeriod(period: string, granularity: Granularity): string {
  if (granularity === 'hour') return `${dayLong(periodDate(period, granularity))}, ${period.slice(11, 16)}`;
  return (granularity === 'day' ? dayLong : monthLong)(periodDate(period, granularity));
}

const compact = lazy(() => new Intl.NumberFormat(undefined, enUsCompactOptions));
/** Axis numbers: 1.2K, 3M. */
export const compactNumber = (n: number) => (browserIsEnUs() ? enUsCompact(n) : undefined) ?? compact().format(n);
