import { describe, expect, test } from 'vitest';
import { codeExpiresAt, expiryReason } from '../src/gift-card-expiry';

const redeemedAt = '2026-03-02T10:00:00.000Z';

describe('why a gift card is expired', () => {
  test("a redeemed card's code ends its Expiry Duration after the redemption", () => {
    expect(codeExpiresAt({ redeemedAt, expiryDuration: 90 })).toBe('2026-03-02T11:30:00.000Z');
    expect(codeExpiresAt({ redeemedAt, expiryDuration: 0 })).toBeNull(); // no duration: never
    expect(codeExpiresAt({ redeemedAt: null, expiryDuration: 90 })).toBeNull(); // not redeemed
  });

  test("the code's time when it has run out, else Valid Till; nothing for a card not expired", () => {
    const after = new Date('2026-03-02T11:30:00.000Z');
    const before = new Date('2026-03-02T11:29:59.000Z');
    expect(expiryReason({ redeemedAt, expiryDuration: 90, isExpired: true }, after)).toBe('code');
    // Expired while its code still runs: the Valid Till passed first.
    expect(expiryReason({ redeemedAt, expiryDuration: 90, isExpired: true }, before)).toBe('validTill');
    expect(expiryReason({ redeemedAt: null, expiryDuration: 90, isExpired: true }, after)).toBe('validTill');
    expect(expiryReason({ redeemedAt, expiryDuration: 90, isExpired: false }, after)).toBeNull();
  });
});
