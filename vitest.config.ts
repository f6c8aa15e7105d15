import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The API suite runs on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine (CI's). The
    // API's test files spend much of their time waiting (on PostgreSQL, on the servers and CLIs they
    // start as child processes, on timers), so two share two cores well: the API suite on PGlite
    // took 328 s with two workers against 505 s with one on the same machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
