import { codeExpiresAt, expiryReason, type CardExpiryFacts } from '@strideadmin/contract';
import { formatDateTime } from '../lib/format';

/**
 * The line under a card's Expired value in lists (docs/behaviour.md §3) when the reason is not in
 * sight: "Code expired 2 May 2027, 15:00" for a redeemed card whose code's time ran out (its
 * Valid Till may be years away). A card past its Valid Till needs none: that date is beside it.
 */
export function expiryNote(card: CardExpiryFacts): string | null {
  return expiryReason(card) === 'code' ? `Code expired ${formatDateTime(codeExpiresAt(card))}` : null;
}

/**
 * A redeemed card's redemption, as the Card Details dialog lists it before Expired: when it was
 * redeemed, and when its code ends or ended (without an Expiry Duration it does not). Nothing for
 * a card not redeemed: the dialog keeps its nine fields.
 */
export function redemptionRows(card: CardExpiryFacts): [string, string][] {
  if (!card.redeemedAt) return [];
  const ends = codeExpiresAt(card);
  const rows: [string, string][] = [['Redeemed', formatDateTime(card.redeemedAt)]];
  if (ends) rows.push([new Date(ends).getTime() <= Date.now() ? 'Code Expired' : 'Code Expires', formatDateTime(ends)]);
  return rows;
}

/** An Expired value's reason under it, small (lists and tables). */
export function ExpiryNote({ card }: { card: CardExpiryFacts }) {
  const note = expiryNote(card);
  return note ? <span className="block text-xs text-slate-500 dark:text-slate-400">{note}</span> : null;
}
