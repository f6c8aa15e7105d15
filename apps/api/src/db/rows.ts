/** The rows of a raw query's result (pg and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error('a query answered no rows array');
  return rows as T[];
}
