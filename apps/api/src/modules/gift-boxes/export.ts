import { getTableName, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { csvBoolean, csvDownload, csvNumber, csvText, csvTimestamp } from '../../db/csv-export.js';
import { giftBoxConfigs } from '../../db/schema.js';
import { giftBoxConfigsWhere, giftBoxSortKeys, type ListGiftBoxConfigsQuery, manualBoxCountOf } from './service.js';

/** GET /giftbox/export: the Gift Box Config list's columns (docs/behaviour.md §12). */
export function exportGiftBoxConfigs(database: Database, query: ListGiftBoxConfigsQuery, now = new Date()) {
  return csvDownload(
    database,
    {
      name: 'gift-box-configs',
      columns: [
        ['ID', csvNumber(giftBoxConfigs.id)],
        ['Config Name', csvText(giftBoxConfigs.type)],
        ['Min Coins', csvNumber(giftBoxConfigs.minCoins)],
        ['Max Coins', csvNumber(giftBoxConfigs.maxCoins)],
        ['Steps to Unlock', csvNumber(giftBoxConfigs.stepsToUnlock)],
        ['Boxes per Day', csvNumber(giftBoxConfigs.boxesPerDay)],
        ['Manual Boxes', csvNumber(manualBoxCountOf(getTableName(giftBoxConfigs)))],
        ['Status', csvBoolean(giftBoxConfigs.isActive, 'Active', 'Inactive')],
        ['Created', csvTimestamp(giftBoxConfigs.createdAt)],
      ],
      from: sql`${giftBoxConfigs}`,
      where: giftBoxConfigsWhere(query),
      order: { column: giftBoxConfigs[giftBoxSortKeys[query.sort]], id: giftBoxConfigs.id, direction: query.order },
    },
    now,
  );
}
