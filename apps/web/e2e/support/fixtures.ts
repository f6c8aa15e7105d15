import { test as base, expect, type Page } from '@playwright/test';
import { storageKeys } from '@strideadmin/contract';
import { accounts } from './accounts';

type Account = keyof typeof accounts;

interface Fixtures {
  /** console.error lines matching these are expected by the test; any other fails it. */
  allowConsoleErrors: RegExp[];
  /** Signs in through the API (not the form) and stores the session as the portal does. */
  signIn: (who?: Account) => Promise<{ token: string }>;
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
      const res = await page.request.post('/api/auth/login', {
        data: { email: accounts[who].email, password: accounts[who].password, adminPortal: true },
      });
      expect(res.status()).toBe(200);
      const { body } = (await res.json()) as { body: { user: unknown; token: string } };
      await page.addInitScript(
        ([key, value]) => {
          if (!sessionStorage.getItem('e2e-seeded')) {
            localStorage.setItem(key!, value!);
            sessionStorage.setItem('e2e-seeded', '1');
          }
        },
        [storageKeys.session, JSON.stringify(body)],
      );
      return { token: body.token };
    });
  },
});

export { expect };
export type { Page };
