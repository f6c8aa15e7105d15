import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `text` for a LIKE pattern, taken literally: its \, % and _ are escaped (backslash is LIKE's default escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The list filters' case-insensitive "contains" (docs/behaviour.md §10): `column ILIKE '%text%'`, which
 * a pg_trgm GIN index on the column serves (users_name_trgm_idx, ...). `text` may be the placeholder
 * of a prepared statement, whose value is then containsPattern(text).
 */
export function containsInsensitive(column: AnyPgColumn, text: string | Placeholder): SQL {
  return sql`${column} ilike ${typeof text === 'string' ? containsPattern(text) : text}`;
}

/** containsInsensitive's LIKE pattern for `text`. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** `column ILIKE 'text%'`: starts with `text` in any case (the quick search ranks these first). */
export function startsWithInsensitive(column: AnyPgColumn, text: string): SQL {
  return sql`${column} ilike ${`${escapeLike(text)}%`}`;
}

/** `column ILIKE '% text%'`: a later word of the column starts with `text`, in any case. */
export function wordStartsWithInsensitive(column: AnyPgColumn, text: string): SQL {
  return sql`${column} ilike ${`% ${escapeLike(text)}%`}`;
}
