import AxeBuilder from '@axe-core/playwright';
import { paths } from '../src/lib/paths';
import { accounts } from './support/accounts';
import { expect, test, type Page } from './support/fixtures';

/**
 * /login and Home as a browser's audit sees them (bench/lighthouse.ts scores the same pages):
 * no Content-Security-Policy violation (the portal's policy allows no eval: nothing may even try
 * one), no console error (the fixture fails a test on any), and every control whose visible text
 * is its label has that text in its accessible name (what speech input users say to reach it).
 */

// axe runs on each page: the same allowance as accessibility.spec.ts.
test.describe.configure({ timeout: 60_000 });

/** Records every CSP violation of the page (from its first script on) in window.__cspViolations. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
}
const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

/**
 * axe's label-in-name rule (not among axe's default rules: it is asked for by name). Not yet on
 * components/select.tsx: its button is named by its label alone while it shows the chosen option.
 */
async function labelInNameViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withRules(['label-content-name-mismatch'])
    .exclude('button[aria-haspopup="listbox"]')
    .analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.html}`));
}

test('/login: no CSP violation, no console error, labels in names', async ({ page }) => {
  await watchCsp(page);
  await page.goto(paths.login);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to StrideAdmin' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click(); // the form's checks run (zod, on demand)
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true', {
    timeout: 15_000,
  });
  expect(await cspViolations(page)).toEqual([]);
  expect(await labelInNameViolations(page)).toEqual([]);
});

test('Home signed in, wide and narrow: no CSP violation, no console error, labels in names', async ({
  page,
  signIn,
}) => {
  await watchCsp(page);
  await signIn('admin');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(paths.home);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // The account menu's button: the name it shows (wide screens), then what it is.
    await expect(page.getByRole('button', { name: /Account menu$/ })).toHaveAccessibleName(
      width > 640 ? `${accounts.admin.name} Account menu` : 'Account menu',
    );
    expect(await cspViolations(page), `${width} px`).toEqual([]);
    expect(await labelInNameViolations(page), `${width} px`).toEqual([]);
  }
});
