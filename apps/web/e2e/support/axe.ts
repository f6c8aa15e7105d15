import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** What a failing test reports of one violation: its rule, impact, and where (first targets). */
export interface Finding {
  screen: string;
  theme: 'light' | 'dark';
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Transitions (hover colours, theme) finished: axe reads the colours a user finally sees. Spinners spin on. */
async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

async function run(page: Page, screen: string, theme: 'light' | 'dark', rules?: string[]): Promise<Finding[]> {
  await settled(page);
  // Legacy mode: axe runs in the page itself (no cross-origin frames here), without the extra
  // blank page the default mode opens to merge frame results: the same rules, far less time.
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (rules) builder = builder.withRules(rules);
  const { violations } = await builder.analyze();
  return violations.map((v) => ({
    screen,
    theme,
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
}

/**
 * Runs axe-core (every rule: WCAG 2.x A/AA and best practices) on the screen as it is, then its
 * colour contrast again in the dark theme (the `dark` class on <html> is what lib/theme.ts sets,
 * with the browser's colour scheme to match), and returns to the light theme.
 *
 * Serious and critical findings fail the test; moderate and minor ones are listed
 * in the test's annotations ("a11y minor") for the report.
 */
export async function expectAccessible(page: Page, screen: string) {
  const light = await run(page, screen, 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  const dark = await run(page, screen, 'dark', ['color-contrast']);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));

  const findings = [...light, ...dark];
  for (const f of findings.filter((f) => f.impact !== 'serious' && f.impact !== 'critical')) {
    test.info().annotations.push({
      type: 'a11y minor',
      description: `${f.screen} (${f.theme}): ${f.rule} [${f.impact}] ${f.help} — ${f.targets.join(' | ')}`,
    });
  }
  const blocking = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
  expect.soft(blocking, `serious or critical accessibility violations on ${screen}`).toEqual([]);
}
