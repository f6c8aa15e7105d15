import { describe, expect, it } from 'vitest';
import { instantFromDateTimeLocal, toDateTimeLocal } from '../../src/lib/date-time-input';

describe('datetime-local values', () => {
  it('writes a Date as local time to the minute', () => {
    expect(toDateTimeLocal(new Date(2031, 0, 5, 7, 3, 59))).toBe('2031-01-05T07:03');
  });

  it('reads a local value as the instant it means, with its offset', () => {
    const iso = instantFromDateTimeLocal('2031-01-05T07:03');
    expect(iso).toMatch(/Z$/);
    expect(new Date(iso!).getTime()).toBe(new Date(2031, 0, 5, 7, 3).getTime());
    expect(toDateTimeLocal(new Date(iso!))).toBe('2031-01-05T07:03');
  });

  it('is null when empty, and keeps what is no time at all for the schema to refuse', () => {
    expect(instantFromDateTimeLocal('')).toBeNull();
    expect(instantFromDateTimeLocal(null)).toBeNull();
    expect(instantFromDateTimeLocal('not a time')).toBe('not a time');
  });
});
