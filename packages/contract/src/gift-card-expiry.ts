/**
 * Why a gift card is expired, for the screens that show it: a card is expired when its Valid Till
 * is before today, or when it was redeemed and its Expiry Duration (minutes, when above 0) has run
 * out since (the server's isExpired says which cards are). A redeemed card with a Valid Till years
 * away is expired by its code's time: these say when that was.
 */
export interface CardExpiryFacts {
  redeemedAt: string | null;
  expiryDuration: number;
  isExpired: boolean;
}

/** When a redeemed card's code stops working (ISO instant), or null: not redeemed, or no duration. */
export function codeExpiresAt(card: Pick<CardExpiryFacts, 'redeemedAt' | 'expiryDuration'>): string | null {
  if (!card.redeemedAt || card.expiryDuration <= 0) return null;
  const redeemed = new Date(card.redeemedAt).getTime();
  if (Number.isNaN(redeemed)) return null;
  return new Date(redeemed + card.expiryDuration * 60_000).toISOString();
}

/**
 * What made an expired card expired: 'code' when its code's time after the redemption has run out
 * (at `now`), else 'validTill'; null for a card that is not expired.
 */
export function expiryReason(card: CardExpiryFacts, now: Date = new Date()): 'code' | 'validTill' | null {
  if (!card.isExpired) return null;
  const ends = codeExpiresAt(card);
  return ends !== null && new Date(ends).getTime() <= now.getTime() ? 'code' : 'validTill';
}
