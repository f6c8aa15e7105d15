import { describe, expect, test } from 'vitest';
import {
  capitalizeFirst,
  formatDate,
  formatDateTime,
  formatDuration,
  formatNumber,
  formatShortDate,
  formatTime,
  yesNo,
} from '../../src/lib/format';

describe('formatDuration (docs/behaviour.md §9: minutes over 59 shown as N Hours M Minutes)', () => {
  test.each([
    [0, '0 Minutes'],
    [59, '59 Minutes'],
    [60, '1 Hours 0 Minutes'],
    [61, '1 Hours 1 Minutes'],
    [1439, '23 Hours 59 Minutes'],
    [9999, '166 Hours 39 Minutes'],
  ])('%i minutes → %s', (minutes, shown) => {
    expect(formatDuration(minutes)).toBe(shown);
  });
});

describe('display helpers', () => {
  test('capitalizeFirst capitalises only the first letter (docs/behaviour.md §2 Store Name / Address)', () => {
    expect(capitalizeFirst('corner shop, main street')).toBe('Corner shop, main street');
    expect(capitalizeFirst('')).toBe('');
  });

  test('formatDate keeps a date-only value on its calendar day, and is readable', () => {
    const shown = formatDate('2030-01-31');
    expect(shown).toMatch(/2030/);
    expect(shown).toMatch(/31/);
    expect(shown).not.toMatch(/2030-01-31/);
    expect(formatDate(null)).toBe('—');
    expect(formatDate('garbage')).toBe('—');
  });

  test("the kept formatters write what the browser's own toLocale… calls write, call after call", () => {
    const at = '2030-01-31T17:05:00.000Z';
    const d = new Date(at);
    for (let i = 0; i < 2; i++) {
      expect(formatDate(at)).toBe(d.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }));
      expect(formatShortDate(at)).toBe(
        d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }),
      );
      expect(formatDateTime(at)).toBe(
        d.toLocaleString(undefined, {
          year: 'numeric',
          month: 'short',
          day: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
        }),
      );
      expect(formatTime(at)).toBe(d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }));
      expect(formatNumber(1234567.5)).toBe((1234567.5).toLocaleString());
    }
    expect(formatShortDate('2030-01-31')).toBe(
      new Date(2030, 0, 31).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }),
    );
    for (const f of [formatShortDate, formatDateTime, formatTime]) {
      expect(f(null)).toBe('—');
      expect(f('garbage')).toBe('—');
    }
    expect(formatNumber(undefined)).toBe('—');
  });

  test('yesNo', () => {
    expect(yesNo(true)).toBe('Yes');
    expect(yesNo(false)).toBe('No');
  });
});
