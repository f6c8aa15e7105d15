import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database in `dir` (created when empty), opened the way openPglite opens it (with
 * pg_trgm, which the schema and a dump use) but bare: no migrations, no Drizzle.
 */
export async function openEmbedded(dir: string): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  return await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
}
