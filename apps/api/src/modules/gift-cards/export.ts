import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { csvBoolean, csvDate, csvDownload, csvNumber, csvText } from '../../db/csv-export.js';
import { giftCards } from '../../db/schema.js';
import { giftCardIsExpired } from './expiry.js';
import { giftCardSortColumnOf, giftCardsWhere, type ListGiftCardsQuery } from './service.js';

/**
 * The control code is what redeems a card: whoever holds it holds the card's value. An export is
 * a file that gets mailed, shared and left in Downloads, so it carries only the code's last 4
 * characters (enough to match a card in hand against its row); the rest, and all of a code of 4
 * characters or fewer, is replaced by *.
 */
const maskedControlCode = sql`case when length(${giftCards.controlCode}) > 4 then repeat('*', length(${giftCards.controlCode}) - 4) || right(${giftCards.controlCode}, 4) else repeat('*', length(${giftCards.controlCode})) end`;

/** GET /giftcard/export: the Gift Card list's columns (docs/behaviour.md §12), the expiry judged at `now`. */
export function exportGiftCards(database: Database, query: ListGiftCardsQuery, now = new Date()) {
  return csvDownload(
    database,
    {
      name: 'gift-cards',
      columns: [
        ['ID', csvNumber(giftCards.id)],
        ['Serial Number', csvText(giftCards.serialNumber)],
        ['Store Name', csvText(giftCards.storeName)],
        ['Coin Price', csvNumber(giftCards.price)],
        ['Amount', csvNumber(giftCards.amount)],
        ['Currency', csvText(giftCards.currency)],
        ['Valid Till', csvDate(giftCards.validTill)],
        ['Expired', csvBoolean(giftCardIsExpired(now), 'Yes', 'No')],
        ['Control Code', csvText(maskedControlCode)],
      ],
      from: sql`${giftCards}`,
      where: giftCardsWhere(query, now),
      order: { column: giftCardSortColumnOf[query.sort], id: giftCards.id, direction: query.order },
    },
    now,
  );
}
