import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// End-to-end tests: real Chromium (Debian's, or CHROMIUM_PATH) against the real server built
// like `npm start` does, on a fresh embedded database. scripts/test.mjs decides skip vs fail
// when no browser is found.
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'strideadmin-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers inherit it: the fixtures read the seeded credentials
const executablePath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);

export default defineConfig({
  testDir: 'apps/web/e2e',
  outputDir: '.tmp/e2e-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A test's whole budget is a hang detector, not a speed test: on a 2-core machine, with the two
  // workers and the server sharing it, the longest journeys (several sign-ins, accessibility scans
  // in both themes) take 20–35 s. Slow screens are the bench's business.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: '.tmp/playwright.json' }]]
    : [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx apps/web/e2e/support/serve.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      // The dashboard spec syncs a day 20 days back (inside Month, outside Week): a wider window than the default 7.
      STEPS_SYNC_DAYS: '30',
    },
  },
});
