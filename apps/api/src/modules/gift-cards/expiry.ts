import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { type GiftCard, todayIso } from '@strideadmin/contract';
import { giftCards, type GiftCardRow } from '../../db/schema.js';

/**
 * docs/behaviour.md §3 GiftCard.isExpired as one SQL expression, to select or to filter on (never NULL):
 * a card is expired when its Valid Till is before today, or when it was redeemed and its Expiry
 * Duration (minutes, when above 0) has run out since. "Today" is the server's local date, the
 * same `todayIso` the contract checks 'Date can not be from past.' with, so a card valid till
 * today is valid all day. `now` is a parameter so that a caller (or a test) fixes the instant.
 */
export function giftCardIsExpired(now: Date = new Date()): SQL<boolean> {
  return giftCardIsExpiredAt(todayIso(now), now.toISOString());
}

/**
 * giftCardIsExpired with "today" (YYYY-MM-DD) and "now" (ISO instant) given as the statement's
 * values or as placeholders of a prepared statement (expiryParams gives their values).
 */
export function giftCardIsExpiredAt(today: unknown, now: unknown): SQL<boolean> {
  return sql<boolean>`(${giftCards.validTill} < ${today}::date or (${giftCards.expiryDuration} > 0 and ${giftCards.redeemedAt} is not null and ${giftCards.redeemedAt} + ${giftCards.expiryDuration} * interval '1 minute' < ${now}::timestamptz))`;
}

/** The values of giftCardIsExpiredAt's placeholders `today` and `now` at the instant `now`. */
export function expiryParams(now: Date): { today: string; now: string } {
  return { today: todayIso(now), now: now.toISOString() };
}

/** The columns of a gift card plus its isExpired at `now`: select these, then map with toGiftCard. */
export function giftCardColumnsWithExpiry(now: Date = new Date()) {
  return { ...getTableColumns(giftCards), isExpired: giftCardIsExpired(now) };
}

/** A gift card as the API answers it (contract giftCardSchema). */
export function toGiftCard(row: GiftCardRow & { isExpired: boolean }): GiftCard {
  return {
    id: row.id,
    serialNumber: row.serialNumber,
    amount: row.amount,
    currency: row.currency,
    storeName: row.storeName,
    storeAddress: row.storeAddress,
    cardPicture: row.cardPicture,
    validTill: row.validTill,
    expiryDuration: row.expiryDuration,
    price: row.price,
    controlCode: row.controlCode,
    isExpired: row.isExpired,
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
