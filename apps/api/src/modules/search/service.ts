import { limits, type QuickSearchResult } from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { searchGiftCards } from '../gift-cards/index.js';
import { searchUsers } from '../users/index.js';

/**
 * GET /search (docs/behaviour.md §12 Quick search): users by name or e-mail and gift cards by
 * serial number, each module searching its own table, at most limits.quickSearchLimit of each.
 */
export async function quickSearch(db: Db, text: string): Promise<QuickSearchResult> {
  const [users, giftCards] = await Promise.all([
    searchUsers(db, text, limits.quickSearchLimit),
    searchGiftCards(db, text, limits.quickSearchLimit),
  ]);
  return { users, giftCards };
}
