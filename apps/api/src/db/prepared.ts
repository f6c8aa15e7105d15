import type { Db } from './client.js';

const statementsOf = new WeakMap<Db, Map<string, unknown>>();

/**
 * The statement named `name` on this database handle, made by `make` the first time it is asked
 * for (docs/decisions/0018-request-path.md): Drizzle's building of a select cost more than running
 * it, and a named statement is parsed by PostgreSQL once per connection. `make` prepares it under
 * `name`; one name, one statement text.
 */
export function preparedOnce<T>(db: Db, name: string, make: (name: string) => T): T {
  let byName = statementsOf.get(db);
  if (!byName) statementsOf.set(db, (byName = new Map<string, unknown>()));
  if (!byName.has(name)) byName.set(name, make(name));
  return byName.get(name) as T;
}
