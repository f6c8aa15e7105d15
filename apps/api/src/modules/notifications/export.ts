import { sql } from 'drizzle-orm';
import { audienceOptions, languageOptions, notificationStatusLabels } from '@strideadmin/contract';
import type { Database } from '../../db/client.js';
import { csvDownload, csvLabel, csvNumber, csvText, csvTimestamp } from '../../db/csv-export.js';
import { notifications } from '../../db/schema.js';
import { type ListNotificationsQuery, notificationSortColumnOf, notificationsWhere } from './service.js';

const statusLabels = Object.entries(notificationStatusLabels).map(([value, label]) => ({ value, label }));

/** GET /notification/export: the Push Notification list's columns (docs/behaviour.md §12). */
export function exportNotifications(database: Database, query: ListNotificationsQuery, now = new Date()) {
  return csvDownload(
    database,
    {
      name: 'notifications',
      columns: [
        ['ID', csvNumber(notifications.id)],
        ['Title', csvText(notifications.title)],
        ['Message', csvText(notifications.message)],
        ['Language', csvLabel(notifications.language, languageOptions)],
        ['Audience', csvLabel(notifications.audience, audienceOptions)],
        ['Send Time', csvTimestamp(notifications.sendAt)],
        ['Status', csvLabel(notifications.status, statusLabels)],
        ['Recipients', csvNumber(notifications.recipientCount)],
        ['Delivered', csvNumber(notifications.deliveredCount)],
        ['Failed', csvNumber(notifications.failedCount)],
        ['Created', csvTimestamp(notifications.createdAt)],
      ],
      from: sql`${notifications}`,
      where: notificationsWhere(query),
      order: { column: notificationSortColumnOf[query.sort], id: notifications.id, direction: query.order },
    },
    now,
  );
}
