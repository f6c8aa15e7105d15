import { storageKeys } from '@strideadmin/contract';
import { accounts } from './support/accounts';
import { expect, test } from './support/fixtures';

const sidebarLabels = [
  'Home',
  'User',
  'Quiz Questions',
  'Gift Cards',
  'Push Notifications',
  'Complaint Queries',
  'Gift Box Config',
  'Activity',
];

test('the sidebar lists the modules in order and highlights the current entry', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/');
  const nav = page.getByTestId('sidebar').getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(sidebarLabels);
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
});

test('the top bar shows the administrator and a keyboard menu with type-ahead', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/');
  await expect(page.getByTestId('user-name')).toHaveText(accounts.admin.name);
  await expect(page.getByTestId('default-avatar')).toHaveText('EA');

  const menuButton = page.getByRole('button', { name: 'Account menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'Logout']);
  // Typing 'l' jumps to Logout; after 350 ms the typed text clears, so 'p' then finds Profile.
  await page.keyboard.type('l');
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toHaveAttribute('data-focus', '');
  await page.waitForTimeout(400);
  await page.keyboard.type('p');
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('data-focus', '');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // Enter on a type-ahead match activates it (after the 350 ms that clear the typed text).
  await page.waitForTimeout(400);
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('data-focus', '');
  await page.keyboard.type('lo');
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toHaveAttribute('data-focus', '');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
});

test('the theme toggles, is kept across reload, and defaults to the system preference', async ({ page, signIn }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn('admin');
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveClass(/dark/); // nothing stored: the system's dark
  expect(await page.evaluate((k) => localStorage.getItem(k), storageKeys.theme)).toBeNull();

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).not.toHaveClass(/dark/);
  expect(await page.evaluate((k) => localStorage.getItem(k), storageKeys.theme)).toBe('light');

  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expect(html).not.toHaveClass(/dark/); // the stored choice beats the system

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(html).toHaveClass(/dark/);
});

test('the sign-in screen has the theme toggle too, and the choice carries into the portal', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  const html = page.locator('html');
  await expect(html).toHaveClass(/dark/);
  // The page's HTML is drawn at build time; the button's name follows the theme in force from the first paint.
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).not.toHaveClass(/dark/);
  expect(await page.evaluate((k) => localStorage.getItem(k), storageKeys.theme)).toBe('light');

  await page.reload();
  await expect(html).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveClass(/dark/);

  const { accounts } = await import('./support/accounts');
  await page.getByLabel('Email').fill(accounts.admin.email);
  await page.getByLabel('Password').fill(accounts.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expect(html).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
});

test.describe('phone-sized screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is a slide-over', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/');
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(dialog.getByRole('link')).toHaveText(sidebarLabels);
    await expect(dialog.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
