import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Integration tests through app.inject() on a real database. The driver comes from TEST_DB
// (pglite by default; postgres needs TEST_DATABASE_URL): the root config runs this file as the
// projects api:pglite and api:postgres.
export default defineConfig({
  test: {
    name: 'api',
    // Explicit, so that `extends` from the root config still resolves paths from here.
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/global-setup.ts'],
    setupFiles: ['test/setup/fail-on-console.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
