import { describe, expect, it } from 'vitest';
import { createManualGiftBoxSchema, isIsoDateTime, messages } from '../../src/index.js';

describe('isIsoDateTime', () => {
  it('accepts moments with their offset, as forms send them', () => {
    expect(isIsoDateTime('2031-02-28T10:15:00.000Z')).toBe(true);
    expect(isIsoDateTime('2031-02-28T10:15Z')).toBe(true);
    expect(isIsoDateTime('2032-02-29T23:59:59+02:00')).toBe(true);
  });

  it('refuses a date-time without offset, an impossible date or time, and non-dates', () => {
    for (const bad of [
      '2031-02-28T10:15',
      '2031-02-30T10:15:00Z',
      '2031-02-29T10:15:00Z',
      '2031-13-01T10:15:00Z',
      '2031-04-31T10:00Z',
      '2031-01-01T24:30:00Z',
      '2031-01-01T10:60Z',
      '2031-01-01',
      'tomorrow',
      '',
    ]) {
      expect(isIsoDateTime(bad), bad).toBe(false);
    }
  });

  it('gives a field one clear message per problem', () => {
    const base = { configId: 1, latitude: 59.3, longitude: 18.1, coins: 5 };
    const issues = (expiresAt: unknown) =>
      createManualGiftBoxSchema.safeParse({ ...base, expiresAt }).error?.issues.map((i) => i.message) ?? [];
    expect(issues(undefined)).toEqual([messages.expiresAtRequired]);
    expect(issues('2031-02-30T10:00:00Z')).toEqual([messages.sendAtInvalid]);
    expect(issues('2001-01-01T10:00:00Z')).toEqual([messages.expiresAtPast]);
    expect(issues(new Date(Date.now() + 3_600_000).toISOString())).toEqual([]);
  });
});
