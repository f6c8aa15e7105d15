import { describe, expect, test } from 'vitest';
import { capitalizeFirst, formatDate, formatDuration, yesNo } from '../../src/lib/format';

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

  test('yesNo', () => {
    expect(yesNo(true)).toBe('Yes');
    expect(yesNo(false)).toBe('No');
  });
});
