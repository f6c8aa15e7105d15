import { messages, storageKeys } from '@strideadmin/contract';
import { createAdminViaApi, uniqueLetters } from './support/api';
import { expect, test } from './support/fixtures';

// Logout ends the session on the server, not only in this browser: a token copied out of storage
// before it is refused afterwards. Each test signs in as an administrator of its own (signing out
// everywhere must never end the sessions other tests run with).

test('Logout ends the session on the server: the token copied before is refused with 401', async ({ page, signIn }) => {
  const { token } = await signIn('admin');
  const me = await createAdminViaApi(page.request, token, `Lou ${uniqueLetters()}`);
  await signIn(me);
  await page.goto('/');
  await expect(page.getByTestId('user-name')).toHaveText(me.name);

  const stored = await page.evaluate((key) => localStorage.getItem(key), storageKeys.session);
  const copied = (JSON.parse(stored!) as { token: string }).token;
  const asCopy = { authorization: `Bearer ${copied}` };
  expect((await page.request.get('/api/auth/session', { headers: asCopy })).status()).toBe(200);

  const logout = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  expect((await logout).status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.session)).toBeNull();

  const res = await page.request.get('/api/users?page=1&limit=1', { headers: asCopy });
  expect(res.status()).toBe(401);
  expect(await res.json()).toEqual({ message: messages.unauthorized });
});

test('Logout signs out here even when the server cannot be reached', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.route('**/api/auth/logout', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.session)).toBeNull();
});

test('Sign out everywhere (profile) ends the session of another browser, which then shows Session expired', async ({
  page,
  browser,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const me = await createAdminViaApi(page.request, token, `Eve ${uniqueLetters()}`);
  await signIn(me);

  // The same administrator in a second browser (its own storage), signed in through the form.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto('/login');
  await other.getByLabel('Email').fill(me.email);
  await other.getByLabel('Password').fill(me.password);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other.getByTestId('user-name')).toHaveText(me.name);

  await page.goto('/profile');
  await expect(page.getByRole('list', { name: 'Open sessions' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await expect(dialog).toContainText(messages.signOutEverywhereConfirm);
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('toast').filter({ hasText: messages.signedOutEverywhere })).toBeVisible();

  // The other browser's next call is refused: 'Session expired. Please login again.', signed out.
  await other.reload();
  await expect(other.getByTestId('toast').filter({ hasText: messages.sessionExpired })).toBeVisible();
  await expect(other).toHaveURL(/\/login$/);
  await elsewhere.close();
});
