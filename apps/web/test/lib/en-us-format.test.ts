// The en-US formats written by hand (src/lib/en-us-format.ts) against Intl's own en-US output for the
// same options: dates of any day of the years 1000–9999 in several time zones, any safe integer,
// the dashboard's compact axis numbers at every rounding boundary. And the portal's helpers: in an
// en-US browser they make no Intl formatter; in another locale they write what Intl writes.
import fc from 'fast-check';
import { afterEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import {
  enUsCompact,
  enUsCompactOptions,
  enUsDate,
  enUsDateStyles,
  enUsInteger,
  type EnUsDateStyle,
} from '../../src/lib/en-us-format';

const styles = Object.keys(enUsDateStyles) as EnUsDateStyle[];
const zones = ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham'];
const originalTz = process.env.TZ;

afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('enUsDate writes what Intl.DateTimeFormat("en-US") writes', () => {
  test.each(zones)('every style, any date of the years 1000–9999, time zone %s', (zone) => {
    process.env.TZ = zone; // Node reads it again: Date's local fields and Intl's default zone follow
    const intl = Object.fromEntries(styles.map((s) => [s, new Intl.DateTimeFormat('en-US', enUsDateStyles[s])]));
    const dates = fc.date({
      min: new Date('1000-01-02T00:00:00Z'),
      max: new Date('9999-12-30T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(dates, (d) => {
        for (const style of styles)
          expect(enUsDate(d, style), `${style} ${d.toISOString()}`).toBe(intl[style]!.format(d));
      }),
      { numRuns: 400 },
    );
    // The edges of the month names, the weekdays and the two-digit years.
    for (const iso of [
      '2026-01-01T00:00:00',
      '2026-12-31T23:59:59',
      '2000-02-29T12:00:00',
      '2009-09-06T08:00:00',
      '1000-06-15T00:00:00',
    ]) {
      const d = new Date(iso);
      for (const style of styles) expect(enUsDate(d, style), `${style} ${iso}`).toBe(intl[style]!.format(d));
    }
  });

  test('leaves other years and invalid dates to Intl', () => {
    expect(enUsDate(new Date('0999-12-31T12:00:00'), 'long')).toBeUndefined();
    expect(enUsDate(new Date(Date.UTC(10000, 0, 2)), 'long')).toBeUndefined();
    expect(enUsDate(new Date('garbage'), 'short')).toBeUndefined();
  });
});

describe('enUsInteger writes what Intl.NumberFormat("en-US") writes', () => {
  const intl = new Intl.NumberFormat('en-US');
  test('any safe integer', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(enUsInteger(n)).toBe(intl.format(n));
      }),
      { numRuns: 2000 },
    );
    for (const n of [0, 999, 1000, -1000, 999_999, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]) {
      expect(enUsInteger(n)).toBe(intl.format(n));
    }
  });

  test('leaves fractions, -0, NaN and unsafe integers to Intl', () => {
    for (const n of [1.5, -0, Number.NaN, Infinity, 2 ** 53]) expect(enUsInteger(n), String(n)).toBeUndefined();
  });
});

describe('enUsCompact writes what Intl.NumberFormat("en-US", compact, one decimal) writes', () => {
  const intl = new Intl.NumberFormat('en-US', enUsCompactOptions);
  test('any whole number below 10¹⁵, and every rounding boundary', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e15 - 1 }), (n) => {
        expect(enUsCompact(n), String(n)).toBe(intl.format(n));
      }),
      { numRuns: 2000 },
    );
    for (let unit = 1; unit <= 1e14; unit *= 10) {
      for (const n of [unit, 1.049 * unit, 1.05 * unit, 9.949 * unit, 9.95 * unit, 9.999 * unit]) {
        for (const m of [Math.floor(n), Math.ceil(n), Math.floor(n) - 1]) {
          if (m >= 0 && m < 1e15) expect(enUsCompact(m), String(m)).toBe(intl.format(m));
        }
      }
    }
    for (const n of [999_950, 999_949, 999_999_950, 999_999_999_950, 1e15 - 1]) {
      expect(enUsCompact(n), String(n)).toBe(intl.format(n));
    }
  });

  test('the value axis: every tick a dashboard can draw', async () => {
    const { valueTicks } = await import('../../src/features/dashboard/chart-scale');
    for (let max = 0; max <= 2e9; max = max < 10 ? max + 1 : Math.round(max * 1.37)) {
      for (const t of valueTicks(max)) expect(enUsCompact(t), String(t)).toBe(intl.format(t));
    }
  });

  test('leaves negatives, fractions and larger numbers to Intl', () => {
    for (const n of [-1, -0, 1.5, 1e15, Number.NaN]) expect(enUsCompact(n), String(n)).toBeUndefined();
  });
});

describe("the portal's helpers", () => {
  const language = (value: string) => vi.spyOn(navigator, 'language', 'get').mockReturnValue(value);
  /** Counts the Intl formatters made until the test ends (each constructor wrapped, then put back). */
  const countIntl = () => {
    const made = { dates: 0, numbers: 0 };
    const { DateTimeFormat, NumberFormat } = Intl;
    const counting = <T extends object>(ctor: T, key: keyof typeof made) =>
      new Proxy(ctor, {
        construct: (target, args) => {
          made[key] += 1;
          return Reflect.construct<unknown[], object>(target as new (...a: unknown[]) => object, args);
        },
      });
    Intl.DateTimeFormat = counting(DateTimeFormat, 'dates');
    Intl.NumberFormat = counting(NumberFormat, 'numbers');
    onTestFinished(() => {
      Intl.DateTimeFormat = DateTimeFormat;
      Intl.NumberFormat = NumberFormat;
    });
    return made;
  };

  test('in an en-US browser write dates, whole numbers and axis figures without making an Intl formatter', async () => {
    language('en-US');
    const made = countIntl();
    const format = await import('../../src/lib/format');
    const scale = await import('../../src/features/dashboard/chart-scale');
    expect(format.formatDate('2030-01-31')).toBe('January 31, 2030');
    expect(format.formatShortDate('2030-01-31')).toBe('Jan 31, 2030');
    expect(format.formatNumber(1234567)).toBe('1,234,567');
    expect(scale.compactNumber(12_500)).toBe('12.5K');
    expect(scale.shortPeriod('2025-05-03', 'day')).toBe('May 3');
    expect(scale.shortPeriod('2025-05', 'month')).toBe('May 25');
    expect(scale.longPeriod('2025-05-03T14:00', 'hour')).toBe('Saturday, May 3, 2025, 14:00');
    expect(scale.longPeriod('2025-05', 'month')).toBe('May 2025');
    expect(made).toEqual({ dates: 0, numbers: 0 });
    // What the hand does not cover still goes to Intl.
    expect(format.formatNumber(1234.5)).toBe('1,234.5');
    expect(made).toEqual({ dates: 0, numbers: 1 });
  });

  test("in another locale write what that locale's Intl formatters write", async () => {
    language('de-DE');
    const format = await import('../../src/lib/format');
    const scale = await import('../../src/features/dashboard/chart-scale');
    const d = new Date(2030, 0, 31);
    expect(format.formatDate('2030-01-31')).toBe(d.toLocaleDateString(undefined, enUsDateStyles.long));
    expect(format.formatShortDate('2030-01-31')).toBe(d.toLocaleDateString(undefined, enUsDateStyles.short));
    expect(format.formatNumber(1234567)).toBe((1234567).toLocaleString());
    expect(scale.compactNumber(12_500)).toBe(new Intl.NumberFormat(undefined, enUsCompactOptions).format(12_500));
    expect(scale.longPeriod('2025-05', 'month')).toBe(
      new Date(2025, 4, 1).toLocaleDateString(undefined, enUsDateStyles.monthLong),
    );
  });
});
