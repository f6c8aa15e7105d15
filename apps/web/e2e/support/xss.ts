import { expect, type Page } from '@playwright/test';

/**
 * Attack payloads for output tests (ASVS 5.0 1.2.1 / 1.3): markup that runs script if the portal
 * ever inserts data as HTML, and spreadsheet formulas (OWASP CSV Injection). Each HTML payload
 * sets window.__xss when it runs.
 */
export const html = {
  script: '<script>window.__xss=1</script>',
  img: '<img src=x onerror="window.__xss=1">',
  svg: '"><svg onload=window.__xss=1>',
} as const;

export const formulas = {
  cmd: `=cmd|' /C calc'!A0`,
  plus: '+1+1',
  minus: '-2+3',
  at: '@SUM(1)',
  hyperlink: '=HYPERLINK("http://evil")',
} as const;

/**
 * Watches a page for a payload that ran or became markup: any dialog (alert/confirm/prompt) is
 * recorded and dismissed; `expectInert()` then asserts none fired, window.__xss is unset, and the
 * document holds no element a payload would have made (an on* handler attribute, an inline
 * script naming __xss). The DOM check does not depend on the script actually running, so it
 * still holds when a Content-Security-Policy would have blocked the handler.
 */
export function watchForXss(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return async function expectInert() {
    const found = await page.evaluate(() => ({
      xss: (window as unknown as { __xss?: unknown }).__xss,
      handlers: [...document.querySelectorAll('[onerror], [onload]')].map((e) => e.outerHTML),
      scripts: [...document.scripts].filter((s) => s.text.includes('__xss')).map((s) => s.outerHTML),
    }));
    expect(found, 'no payload ran or became markup').toEqual({ xss: undefined, handlers: [], scripts: [] });
    expect(dialogs, 'no dialog opened').toEqual([]);
  };
}
