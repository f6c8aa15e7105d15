// Compression: a browser opening /login downloads the portal's JavaScript
// compressed (the build's .br/.gz siblings, docs/operations/compression.md), not the ~370 KB of
// plain script. Measured on the wire: the bytes of the response bodies Chromium received.
import { expect, test } from './support/fixtures';

/** What /login may cost in JavaScript on the wire (brotli: 104 KB when written; gzip -9: ~119 KB). */
const loginJsBudget = 130 * 1024;

test('/login loads its JavaScript compressed, within the budget', async ({ page }) => {
  type Script = { url: string; encoding: string | undefined; wireBytes: number; bytes: number };
  const measured: Array<Promise<Script | null>> = [];
  page.on('requestfinished', (request) => {
    measured.push(
      (async () => {
        const response = await request.response();
        if (!response || request.resourceType() !== 'script') return null;
        return {
          url: request.url(),
          encoding: (await response.allHeaders())['content-encoding'],
          wireBytes: (await request.sizes()).responseBodySize,
          bytes: (await response.body()).length,
        };
      })(),
    );
  });

  // A fresh context: nothing cached, every script comes over the wire.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const scripts = (await Promise.all(measured)).filter((s): s is Script => s !== null);

  const total = scripts.reduce((sum, s) => sum + s.wireBytes, 0);
  const plain = scripts.reduce((sum, s) => sum + s.bytes, 0);
  console.log(
    `[compression] /login JavaScript: ${scripts.length} files, ${(total / 1024).toFixed(1)} KB on the wire ` +
      `(${(plain / 1024).toFixed(1)} KB decoded); ${scripts.map((s) => s.encoding ?? 'identity').join(', ')}`,
  );

  expect(scripts.length).toBeGreaterThan(0);
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(loginJsBudget);
  // Every script big enough to have a compressed sibling came compressed (the build skips < 1 KB).
  for (const s of scripts.filter((s) => s.bytes >= 1024)) {
    expect(['br', 'gzip'], s.url).toContain(s.encoding);
    expect(s.wireBytes, s.url).toBeLessThan(s.bytes);
  }
});
