import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * The seed builds its statements as SQL text (generated expressions, literal lists) and runs
 * them one at a time. Only numbers it computed and strings of its own catalogue go into the text,
 * each through the helpers below.
 */

/** A string literal. */
export function lit(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** An integer literal (refuses anything else, so no text can slip in as a number). */
export function int(n: number): string {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return String(n);
}

/** A timestamptz literal of an instant. */
export function timestamp(at: Date): string {
  return `${lit(at.toISOString())}::timestamptz`;
}

/** A text[] literal. */
export function textArray(items: readonly string[]): string {
  return `ARRAY[${items.map(lit).join(', ')}]::text[]`;
}

/** Runs one statement and answers its rows (pg and PGlite both answer `{ rows }`). */
export async function run<T = Record<string, unknown>>(db: Db, text: string): Promise<T[]> {
  const result: unknown = await db.execute(sql.raw(text));
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
