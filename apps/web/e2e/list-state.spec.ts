import type { APIRequestContext } from '@playwright/test';
import { limits } from '@strideadmin/contract';
import { createUserViaApi, uniqueLetters } from './support/api';
import { expect, test, type Page } from './support/fixtures';
import { daysFromToday, uploadCardPictureViaApi } from './support/gift-cards';

/**
 * List state against the real server (docs/behaviour.md §12): the exact count past the cap, the
 * sidebar that returns to a list as it was left, Clear filters, and Back through searches. Each
 * test works under its own unique name, so the rows other specs create never show up.
 */

const summary = (page: Page) => page.getByTestId('page-summary');
const rowNames = (page: Page) => page.getByRole('table', { name: 'Users' }).getByRole('rowheader').getByRole('link');
const sidebarLink = (page: Page, name: string) => page.getByTestId('sidebar').getByRole('link', { name, exact: true });

/** 1,001 gift cards of one store, in one POST /api/multiplegiftcard (the bulk import's call). */
async function seedCards(request: APIRequestContext, token: string, storeName: string, n: number) {
  const cardPicture = await uploadCardPictureViaApi(request, token);
  const run = uniqueLetters().toUpperCase();
  const giftCards = Array.from({ length: n }, (_, i) => ({
    serialNumber: `LS-${run}-${i}`,
    controlCode: `LC-${run}-${i}`,
    price: 100,
    currency: 'SEK',
    amount: 50,
    storeName,
    storeAddress: 'Storgatan 1, Stockholm',
    validTill: daysFromToday(30),
    expiryDuration: 60,
    cardPicture,
  }));
  const res = await request.post('/api/multiplegiftcard', {
    data: { giftCards },
    headers: { authorization: `Bearer ${token}` },
    timeout: 60_000,
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('past 1,000 rows: Count exactly shows the real total and pages, Last page works, a new filter counts to 1,000 again', async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000);
  const { token } = await signIn('admin');
  const store = `Countstore ${uniqueLetters()}`;
  const total = limits.listCountCap + 1;
  await seedCards(page.request, token, store, total);

  await page.goto(`/card-list?storeName=${encodeURIComponent(store)}`);
  await expect(summary(page)).toHaveText('Showing 1–20 of more than 1,000');
  await expect(page.getByRole('button', { name: 'Last page' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Count exactly' }).click();
  await expect(summary(page)).toHaveText('Showing 1–20 of 1,001');
  await expect(page).toHaveURL(/[?&]count=exact(&|$)/);
  await expect(page.getByRole('button', { name: 'Count exactly' })).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Gift card pages' });
  await expect(nav.getByRole('button', { name: 'Page 51' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'First page' })).toBeDisabled();

  await nav.getByRole('button', { name: 'Last page' }).click();
  await expect(summary(page)).toHaveText('Showing 1,001–1,001 of 1,001');
  await expect(page).toHaveURL(/[?&]page=51(&|$)/);
  await expect(page.getByRole('table', { name: 'Gift Cards' }).getByRole('row')).toHaveCount(2); // header + 1
  await expect(nav.getByRole('button', { name: 'Last page' })).toBeDisabled();
  await expect(nav.getByRole('button', { name: 'Page 51' })).toHaveAttribute('aria-current', 'page');

  // Reload keeps the exact count (it is in the URL).
  await page.reload();
  await expect(summary(page)).toHaveText('Showing 1,001–1,001 of 1,001');

  await nav.getByRole('button', { name: 'First page' }).click();
  await expect(summary(page)).toHaveText('Showing 1–20 of 1,001');

  // Applying a filter (the same store, not yet expired) counts up to 1,000 again.
  await page.getByRole('button', { name: 'Expired' }).click();
  await page.getByRole('option', { name: 'No' }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(summary(page)).toHaveText('Showing 1–20 of more than 1,000');
  await expect(page).not.toHaveURL(/count=exact/);
});

test('the sidebar returns to the list as it was left; Clear filters resets; Back steps through the searches', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const raw = uniqueLetters();
  const surname = raw.charAt(0).toUpperCase() + raw.slice(1);
  for (let i = 0; i < 12; i++) {
    const first = String.fromCharCode(65 + i) + 'nna';
    await createUserViaApi(page.request, token, { name: `${first} ${surname}`, email: `u${i}.${raw}@example.com` });
  }

  await page.goto('/user-list');
  const nameFilter = page.getByRole('searchbox', { name: 'Name' });
  await nameFilter.fill(surname);
  await nameFilter.press('Enter');
  await expect(summary(page)).toHaveText('Showing 1–12 of 12');
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
  await page.getByRole('table', { name: 'Users' }).getByRole('button', { name: 'Name' }).click();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(summary(page)).toHaveText('Showing 11–12 of 12');
  const leftAt = page.url();
  expect(new URL(leftAt).search).toBe(`?page=2&limit=10&order=asc&sort=name&name=${surname}`);

  // Another screen, then back through the sidebar: the same filters, sort, page and page size.
  await sidebarLink(page, 'Quiz Questions').click();
  await expect(page).toHaveURL('/quiz-list');
  await sidebarLink(page, 'User').click();
  await expect(page).toHaveURL(leftAt);
  await expect(summary(page)).toHaveText('Showing 11–12 of 12');
  await expect(nameFilter).toHaveValue(surname);
  await expect(rowNames(page)).toHaveText([`Knna ${surname}`, `Lnna ${surname}`]);

  // Clicking the entry while on the list keeps it as it is.
  await sidebarLink(page, 'User').click();
  await expect(page).toHaveURL(leftAt);
  await expect(summary(page)).toHaveText('Showing 11–12 of 12');

  // Clear filters: every user again, from page 1 (sort and page size stay).
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL('/user-list?limit=10&order=asc&sort=name');
  await expect(nameFilter).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeDisabled();

  // Back steps through the searches: the list as it was, the other screen, the list again, the
  // search before the last page…
  await page.goBack();
  await expect(page).toHaveURL(leftAt);
  await expect(summary(page)).toHaveText('Showing 11–12 of 12');
  await page.goBack();
  await expect(page).toHaveURL('/quiz-list');
  await page.goBack();
  await expect(page).toHaveURL(leftAt);
  await page.goBack();
  await expect(page).toHaveURL(`/user-list?limit=10&order=asc&sort=name&name=${surname}`);
  await expect(summary(page)).toHaveText('Showing 1–10 of 12');
  await expect(nameFilter).toHaveValue(surname);

  // …and the sidebar remembers the last search shown, whichever way it was reached.
  await sidebarLink(page, 'Home').click();
  await expect(page).toHaveURL('/');
  await sidebarLink(page, 'User').click();
  await expect(page).toHaveURL(`/user-list?limit=10&order=asc&sort=name&name=${surname}`);
  await expect(summary(page)).toHaveText('Showing 1–10 of 12');
});
