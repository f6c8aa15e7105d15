import { test as base, expect, type Page } from '@playwright/test';
import { storageKeys } from '@strideadmin/contract';
import { accounts } from './accounts';

type Account = keyof typeof accounts;
let signIns = 0;

interface Fixtures {
  /** console.error lines matching these are expected by the test; any other fails it. */
  allowConsoleErrors: RegExp[];
  /** Signs in through the API (not the form) and stores the session as the portal does. */
  signIn: (who?: Account | { email: string; password: string }) => Promise<{ token: string }>;
}

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  page: async ({ page, allowConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const text = msg.text();
      // The browser's own line for a 4xx/5xx answer is not an error of ours.
      if (text.startsWith('Failed to load resource')) return;
      if (allowConsoleErrors.some((re) => re.test(text))) return;
      errors.push(text);
    });
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    await use(page);
    expect(errors, 'unexpected console errors').toEqual([]);
  },
  signIn: async ({ page }, use) => {
    await use(async (who = 'admin') => {
      const { email, password } = typeof who === 'string' ? accounts[who] : who;
      const res = await page.request.post('/api/auth/login', { data: { email, password, adminPortal: true } });
      expect(res.status()).toBe(200);
      const { body } = (await res.json()) as { body: { user: unknown; token: string } };
      // Stored once, before the first page of the tab loads; a later signIn in the same test wins.
      const flag = `e2e-seeded-${++signIns}`;
      await page.addInitScript(
        ([key, value, seeded]) => {
          if (!sessionStorage.getItem(seeded!)) {
            localStorage.setItem(key!, value!);
            sessionStorage.setItem(seeded!, '1');
          }
        },
        [storageKeys.session, JSON.stringify(body), flag],
      );
      return { token: body.token };
    });
  },
});

export { expect };
export type { Page };
