/** SQLSTATE 23505 unique_violation (of `constraint`, when given), from pg or PGlite, through Drizzle's wrapping. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === undefined || name === constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
