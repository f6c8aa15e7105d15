import { messages, storageKeys } from '@strideadmin/contract';
import { paths } from '../src/lib/paths';
import { accounts } from './support/accounts';
import { expect, test, type Page } from './support/fixtures';

const storedSession = (page: Page) => page.evaluate((key) => localStorage.getItem(key), storageKeys.session);

test('an administrator signs in with the form and out with the account menu', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(accounts.admin.email);
  await page.getByLabel('Password').fill(accounts.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${accounts.admin.name}` })).toBeVisible();
  const stored = JSON.parse((await storedSession(page))!) as { user: { roleName: string }; token: string };
  expect(stored.user.roleName).toBe('Admin');
  expect(stored.token.length).toBeGreaterThan(20);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedSession(page)).toBeNull();
  // Signed out for real: the home screen sends us back.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test("typing on the sign-in form fetches the signed-in screens' code; after the click only Home's calls remain", async ({
  page,
}) => {
  // docs/decisions/0019-portal-loading.md: not on opening /login, but once the administrator types.
  const signedInCode = /\/assets\/(query|shell|dashboard-page)-[\w-]+\.js$/;
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (signedInCode.test(new URL(r.url()).pathname)) fetched.push(new URL(r.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);

  await page.getByLabel('Email').fill(accounts.admin.email);
  await expect.poll(() => fetched.length).toBe(3);
  await page.getByLabel('Password').fill(accounts.admin.password);
  await page.waitForLoadState('networkidle');
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) calls.push(new URL(r.url()).pathname);
  });
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: `Welcome, ${accounts.admin.name}` })).toBeVisible();
  await expect(page.locator('figure svg [data-mark]').first()).toBeVisible();
  expect(fetched).toHaveLength(3); // none of that code fetched again
  expect(calls).toEqual(expect.arrayContaining(['/api/auth/login', '/api/dashboard']));
});

/**
 * Opens /login with login.html's own entry (src/sign-in.tsx) held back, so the form on the page is
 * the HTML's, and marks its heading on the element object itself (a renderer that replaced the
 * element would not carry it; attributes it did not render it may take away). Returns the release.
 */
async function openLoginEntryHeld(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/sign-in-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' }); // DOMContentLoaded waits for the held entry
  await page.locator('h1').evaluate((h) => Object.assign(h, { fromHtml: true }));
  return release;
}

/** Whether the heading is still the element openLoginEntryHeld marked. */
const headingFromHtml = (page: Page) =>
  page.locator('h1').evaluate((h) => (h as HTMLElement & { fromHtml?: boolean }).fromHtml === true);

test('/login comes as HTML holding the form: painted before any script runs, then used as it is', async ({
  browser,
  baseURL,
}) => {
  // No script at all: the sign-in form is in the page the server sent (dist/login.html).
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const bare = await noScript.newPage();
  await bare.goto('/login');
  await expect(bare.getByRole('heading', { name: 'Sign in to StrideAdmin' })).toBeVisible();
  await expect(bare.getByLabel('Email')).toBeVisible();
  await expect(bare.getByLabel('Password')).toBeVisible();
  // Submitted before a script could take it (the browser's own submit): a POST, never the password in the address.
  await expect(bare.getByRole('form', { name: 'Sign in' })).toHaveAttribute('method', 'post');
  await noScript.close();

  // With scripts: the portal draws the screen over the same elements (no flash, nothing replaced).
  const ctx = await browser.newContext({ baseURL });
  const page = await ctx.newPage();
  const release = await openLoginEntryHeld(page);
  // Typed before any script ran: kept (an empty field would be "Email is required").
  await page.getByLabel('Email').fill('ada-at-example');
  release();
  await page.waitForLoadState('networkidle'); // the scripts ran and took the form over
  await page.getByLabel('Password').fill('x');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please enter valid email')).toBeVisible(); // the portal's own check ran
  expect(await headingFromHtml(page)).toBe(true);
  await ctx.close();
});

test('/login opened cold runs the form without the portal: what is typed first is kept, the portal comes with typing, the sign-in goes on in the same page', async ({
  page,
}) => {
  // docs/decisions/0019-portal-loading.md, fifth pass: login.html's own entry (src/sign-in.tsx).
  const portalCode = /\/assets\/portal-[\w-]+\.js$/;
  const portalFetched: string[] = [];
  page.on('request', (r) => {
    if (portalCode.test(new URL(r.url()).pathname)) portalFetched.push(r.url());
  });
  // The page's entry held: the form is there, from the HTML, before any script has run.
  const release = await openLoginEntryHeld(page);
  await page.getByLabel('Email').fill(accounts.admin.email);
  release();
  await page.waitForLoadState('networkidle');
  // Taken over, not replaced: the same elements, what was typed still there; the portal not asked for.
  expect(await headingFromHtml(page)).toBe(true);
  await expect(page.getByLabel('Email')).toHaveValue(accounts.admin.email);
  expect(portalFetched).toEqual([]);

  // Typing (once the screen runs) fetches the portal, ready for the sign-in.
  await page.getByLabel('Password').fill(accounts.admin.password);
  await expect.poll(() => portalFetched.length).toBe(1);

  // One document throughout: a mark on the window survives the sign-in.
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${accounts.admin.name}` })).toBeVisible();
  expect(await page.evaluate(() => (window as Window & { samePage?: boolean }).samePage)).toBe(true);
  expect(portalFetched).toHaveLength(1);
});

test('on login.html the sign-in goes back to where it was asked for, and the forgot-password link opens its page in the same document', async ({
  page,
}) => {
  // Signed out, a deep link leads to /login, which remembers it (docs/behaviour.md §2); reloaded
  // there, /login is the server's login.html, and the history's entry still holds where to go back.
  await page.goto(paths.userList);
  await expect(page).toHaveURL(/\/login$/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const portalScripts = () =>
    page.evaluate(
      () => performance.getEntriesByType('resource').filter((e) => /\/assets\/portal-/.test(e.name)).length,
    );
  expect(await portalScripts()).toBe(0); // the page is login.html's, without the portal
  await page.evaluate(() => Object.assign(window, { samePage: true }));

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('form', { name: 'Forgot password' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(accounts.admin.email);
  await page.getByLabel('Password').fill(accounts.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/user-list$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as Window & { samePage?: boolean }).samePage)).toBe(true);
});

test('a User-role account is refused with the spec message and nothing is stored', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(accounts.appUser.email);
  await page.getByLabel('Password').fill(accounts.appUser.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByTestId('form-error')).toHaveText(messages.onlyAdmin);
  // Shown once, under the form (docs/behaviour.md §8): no toast repeats it.
  await expect(page.getByText(messages.onlyAdmin)).toHaveCount(1);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedSession(page)).toBeNull();
});

test('the form shows the contract validation messages and the server message for a wrong password', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(messages.emailRequired)).toBeVisible();
  await expect(page.getByText(messages.passwordRequired)).toBeVisible();

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').click();
  await expect(page.getByText(messages.emailInvalid)).toBeVisible();

  await page.getByLabel('Email').fill(accounts.admin.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('form-error')).toHaveText(messages.invalidCredentials);
  await expect(page.getByText(messages.invalidCredentials)).toHaveCount(1);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  expect(await storedSession(page)).toBeNull();
});

test('the server answering Unauthorized shows the session-expired toast and signs out', async ({ page, signIn }) => {
  const { token } = await signIn('admin');
  const profileLoaded = page.waitForResponse((r) => /\/api\/users\/\d+$/.test(r.url()) && r.status() === 200);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await profileLoaded; // the shell's refresh of the signed-in user has landed

  // The token stops being valid (here: its signature no longer matches) while the portal is open.
  await page.evaluate(
    ([key, bad]) => {
      const s = JSON.parse(localStorage.getItem(key!)!) as { token: string };
      localStorage.setItem(key!, JSON.stringify({ ...s, token: bad }));
    },
    [storageKeys.session, token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA')],
  );
  await page.reload();

  await expect(page.getByTestId('toast').filter({ hasText: messages.sessionExpired })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedSession(page)).toBeNull();
});

test.describe('corrupt stored session', () => {
  test.use({ allowConsoleErrors: [/Stored session is corrupt/] });

  test('is logged, treated as signed out and cleared', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    await page.addInitScript((key) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, '{"user": {"name": 42}, "tok');
        sessionStorage.setItem('seeded', '1');
      }
    }, storageKeys.session);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page)).toBeNull();
    expect(logged.some((l) => l.includes('Stored session is corrupt'))).toBe(true);
  });
});

test('no answer from the server gives the spec message, under the form (once)', async ({ page }) => {
  await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
  await page.goto('/login');
  await page.getByLabel('Email').fill(accounts.admin.email);
  await page.getByLabel('Password').fill(accounts.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('form-error')).toHaveText(messages.noResponse);
  await expect(page.getByText(messages.noResponse)).toHaveCount(1);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  expect(await storedSession(page)).toBeNull();
});
