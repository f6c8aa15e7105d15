import { defineConfig } from 'vitest/config';

// The API suite runs on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/web',
      { extends: './apps/api/vitest.config.ts', test: { name: 'api:pglite', env: { TEST_DB: 'pglite' } } },
      ...(onPostgres
        ? [{ extends: './apps/api/vitest.config.ts', test: { name: 'api:postgres', env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
