import pg from 'pg';

/**
 * Creating and dropping the throw-away PostgreSQL databases of a test run, through a short-lived
 * connection to the server's maintenance database (TEST_DATABASE_URL).
 */

/** `url` with its database name replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

function ident(name: string): string {
  // Our names are generated ([a-z0-9_]); refuse anything else rather than quote it.
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a test database name: ${name}`);
  return `"${name}"`;
}

async function withAdminClient<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export function createDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const from = template ? ` TEMPLATE ${ident(template)}` : '';
  return withAdminClient(adminUrl, async (c) => {
    await c.query(`CREATE DATABASE ${ident(name)}${from}`);
  });
}

/** Drops the databases whose name starts with `prefix` (FORCE ends connections left open). */
export function dropDatabases(adminUrl: string, prefix: string): Promise<string[]> {
  return withAdminClient(adminUrl, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1) order by datname',
      [prefix],
    );
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${ident(datname)} WITH (FORCE)`);
    return rows.map((r) => r.datname);
  });
}

export function dropDatabase(adminUrl: string, name: string): Promise<void> {
  return withAdminClient(adminUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`);
  });
}
