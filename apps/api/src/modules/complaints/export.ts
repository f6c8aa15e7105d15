import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { csvBoolean, csvDownload, csvNumber, csvText, csvTimestamp } from '../../db/csv-export.js';
import { complaintQueries, users } from '../../db/schema.js';
import { complaintQueriesWhere, complaintQuerySortColumnOf, type ListComplaintQueriesQuery } from './service.js';

/** GET /message/export: the Complaint Query list's columns (docs/behaviour.md §12); a deleted sender leaves both cells empty. */
export function exportComplaintQueries(database: Database, query: ListComplaintQueriesQuery, now = new Date()) {
  return csvDownload(
    database,
    {
      name: 'complaint-queries',
      columns: [
        ['ID', csvNumber(complaintQueries.id)],
        ['Title', csvText(complaintQueries.title)],
        ['User Name', csvText(users.name)],
        ['User Email', csvText(users.email)],
        ['Source', csvText(complaintQueries.source)],
        ['Is Read', csvBoolean(complaintQueries.isRead, 'Yes', 'No')],
        ['Received', csvTimestamp(complaintQueries.createdAt)],
      ],
      from: sql`${complaintQueries} left join ${users} on ${users.id} = ${complaintQueries.userId}`,
      where: complaintQueriesWhere(query),
      order: { column: complaintQuerySortColumnOf[query.sort], id: complaintQueries.id, direction: query.order },
    },
    now,
  );
}
