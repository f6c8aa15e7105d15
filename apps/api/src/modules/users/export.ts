import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { csvBoolean, csvDownload, csvNumber, csvText, csvTimestamp } from '../../db/csv-export.js';
import { roles, users } from '../../db/schema.js';
import { type ListUsersQuery, userSortColumnOf, usersWhere } from './service.js';

/** GET /users/export: the User list's columns (docs/behaviour.md §12), never a password hash or token. */
export function exportUsers(database: Database, query: ListUsersQuery, now = new Date()) {
  return csvDownload(
    database,
    {
      name: 'users',
      columns: [
        ['ID', csvNumber(users.id)],
        ['Name', csvText(users.name)],
        ['Email', csvText(users.email)],
        ['Role', csvText(roles.name)],
        ['Coins', csvNumber(users.totalCoins)],
        ['Status', csvBoolean(users.isActive, 'Active', 'Inactive')],
        ['Created', csvTimestamp(users.createdAt)],
      ],
      from: sql`${users} inner join ${roles} on ${roles.id} = ${users.roleId}`,
      where: usersWhere(query),
      order: { column: userSortColumnOf[query.sort], id: users.id, direction: query.order },
    },
    now,
  );
}
