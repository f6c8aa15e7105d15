import type { APIRequestContext } from '@playwright/test';
import { messages } from '@strideadmin/contract';
import { createUserViaApi, uniqueLetters } from './support/api';
import { expect, test, type Page } from './support/fixtures';
import { commitDelete } from './support/undo';

/**
 * /user-list against the real server (docs/behaviour.md §12): each test creates users under its own
 * unique surname through POST /api/users and filters by it, so tests running side by side (and
 * the other specs' users) never show up in its rows.
 */
async function seedUsers(
  request: APIRequestContext,
  token: string,
  people: { first: string; totalCoins?: number }[],
): Promise<{ surname: string; ids: Record<string, number> }> {
  const raw = uniqueLetters();
  const surname = raw.charAt(0).toUpperCase() + raw.slice(1);
  const ids: Record<string, number> = {};
  // One after another, so creation order (the default sort, newest first) is known.
  for (const p of people) {
    ids[p.first] = await createUserViaApi(request, token, {
      name: `${p.first} ${surname}`,
      email: `${p.first.toLowerCase()}.${raw}@example.com`,
      totalCoins: p.totalCoins ?? 0,
    });
  }
  return { surname, ids };
}

const table = (page: Page) => page.getByRole('table', { name: 'Users' });
const rowNames = (page: Page) => table(page).getByRole('rowheader').getByRole('link');
const summary = (page: Page) => page.getByTestId('page-summary');
const nameFilter = (page: Page) => page.getByRole('searchbox', { name: 'Name' });
const header = (page: Page, name: string) => table(page).getByRole('columnheader', { name });

test('filtering by name: the URL carries it, reload keeps it, Back restores the previous filter', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const { surname } = await seedUsers(page.request, token, [{ first: 'Alma' }, { first: 'Bruno' }, { first: 'Cleo' }]);

  await page.goto('/user-list');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add User' })).toHaveAttribute('href', '/add-user');
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'User' })).toHaveAttribute('aria-current', 'page');

  await nameFilter(page).fill(surname);
  await nameFilter(page).press('Enter');
  await expect(page).toHaveURL(`/user-list?name=${surname}`);
  // Newest first by default.
  await expect(rowNames(page)).toHaveText([`Cleo ${surname}`, `Bruno ${surname}`, `Alma ${surname}`]);
  await expect(summary(page)).toHaveText('Showing 1–3 of 3');
  await expect(header(page, 'Created')).toHaveAttribute('aria-sort', 'descending');

  // A narrower filter, by e-mail this time (contains, any case).
  await page.getByRole('searchbox', { name: 'Email' }).fill(`BRUNO.${surname}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(`/user-list?name=${surname}&email=BRUNO.${surname}`);
  await expect(rowNames(page)).toHaveText([`Bruno ${surname}`]);

  await page.reload();
  await expect(rowNames(page)).toHaveText([`Bruno ${surname}`]);
  await expect(nameFilter(page)).toHaveValue(surname);
  await expect(page.getByRole('searchbox', { name: 'Email' })).toHaveValue(`BRUNO.${surname}`);

  await page.goBack();
  await expect(page).toHaveURL(`/user-list?name=${surname}`);
  await expect(rowNames(page)).toHaveCount(3);
  await expect(page.getByRole('searchbox', { name: 'Email' })).toHaveValue('');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL('/user-list');
  await expect(nameFilter(page)).toHaveValue('');
});

test('paging with a page size: the range, Next, and Back to the previous page', async ({ page, signIn }) => {
  const { token } = await signIn('admin');
  const firsts = ['Ada', 'Ben', 'Cai', 'Dov', 'Eli', 'Fay', 'Gus', 'Hal', 'Ida', 'Jon', 'Kit', 'Lou'];
  const { surname } = await seedUsers(
    page.request,
    token,
    firsts.map((first) => ({ first })),
  );

  await page.goto(`/user-list?name=${surname}`);
  await expect(summary(page)).toHaveText('Showing 1–12 of 12');
  const pageSize = page.getByRole('combobox', { name: 'Rows per page' });
  await expect(pageSize).toHaveValue('20');

  await pageSize.selectOption('10');
  await expect(page).toHaveURL(`/user-list?limit=10&name=${surname}`);
  await expect(summary(page)).toHaveText('Showing 1–10 of 12');
  await expect(rowNames(page)).toHaveCount(10);
  const pages = page.getByRole('navigation', { name: 'Users pages' });
  await expect(pages.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(`/user-list?page=2&limit=10&name=${surname}`);
  await expect(summary(page)).toHaveText('Showing 11–12 of 12');
  // The two oldest are on the last page.
  await expect(rowNames(page)).toHaveText([`Ben ${surname}`, `Ada ${surname}`]);
  await expect(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();

  await page.reload();
  await expect(summary(page)).toHaveText('Showing 11–12 of 12');
  await expect(pageSize).toHaveValue('10');

  await page.goBack();
  await expect(summary(page)).toHaveText('Showing 1–10 of 12');
  await expect(rowNames(page).first()).toHaveText(`Lou ${surname}`);
});

test('sorting: headers toggle ascending and descending, by pointer and keyboard', async ({ page, signIn }) => {
  const { token } = await signIn('admin');
  const { surname } = await seedUsers(page.request, token, [
    { first: 'Bea', totalCoins: 30 },
    { first: 'Abe', totalCoins: 10 },
    { first: 'Cyd', totalCoins: 20 },
  ]);
  await page.goto(`/user-list?name=${surname}`);
  await expect(rowNames(page)).toHaveText([`Cyd ${surname}`, `Abe ${surname}`, `Bea ${surname}`]);

  await table(page).getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(`/user-list?order=asc&sort=name&name=${surname}`);
  await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header(page, 'Created')).not.toHaveAttribute('aria-sort');
  await expect(rowNames(page)).toHaveText([`Abe ${surname}`, `Bea ${surname}`, `Cyd ${surname}`]);

  await table(page).getByRole('button', { name: 'Name' }).click();
  await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'descending');
  await expect(rowNames(page)).toHaveText([`Cyd ${surname}`, `Bea ${surname}`, `Abe ${surname}`]);

  await table(page).getByRole('button', { name: 'Coins' }).focus();
  await page.keyboard.press('Enter');
  await expect(header(page, 'Coins')).toHaveAttribute('aria-sort', 'ascending');
  await expect(rowNames(page)).toHaveText([`Abe ${surname}`, `Cyd ${surname}`, `Bea ${surname}`]);
  await page.keyboard.press('Space');
  await expect(header(page, 'Coins')).toHaveAttribute('aria-sort', 'descending');
  await expect(rowNames(page)).toHaveText([`Bea ${surname}`, `Cyd ${surname}`, `Abe ${surname}`]);
  await expect(page).toHaveURL(`/user-list?sort=totalCoins&name=${surname}`);

  await page.goBack();
  await expect(header(page, 'Coins')).toHaveAttribute('aria-sort', 'ascending');
});

test('delete asks for confirmation, removes the row and toasts the server message', async ({ page, signIn }) => {
  const { token } = await signIn('admin');
  const { surname } = await seedUsers(page.request, token, [{ first: 'Keep' }, { first: 'Doomed' }]);
  await page.goto(`/user-list?name=${surname}`);
  await expect(rowNames(page)).toHaveCount(2);

  await page.getByRole('button', { name: `Delete Doomed ${surname}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete user Doomed ${surname}?` });
  // The dialog element itself has no box (its panel is fixed-positioned): check what it shows.
  await expect(dialog.getByText(`The account doomed.`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowNames(page)).toHaveCount(2);

  await page.getByRole('button', { name: `Delete Doomed ${surname}` }).click();
  const answer = page.waitForResponse((r) => r.request().method() === 'DELETE' && /\/api\/users\/\d+$/.test(r.url()));
  await dialog.getByRole('button', { name: 'Delete' }).click();
  // The row goes at once; closing the Undo toast sends the delete without waiting out the window.
  await expect(rowNames(page)).toHaveText([`Keep ${surname}`]);
  await commitDelete(page);
  const { message } = (await (await answer).json()) as { message: string };
  expect(message).toBe(messages.userDeleted);
  await expect(page.getByTestId('toast').filter({ hasText: message })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rowNames(page)).toHaveText([`Keep ${surname}`]);

  await page.reload();
  await expect(rowNames(page)).toHaveText([`Keep ${surname}`]);
});

test("the administrator's own row cannot be deleted", async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/user-list?name=Erin+Admin');
  await expect(page.getByRole('button', { name: 'Delete Erin Admin' })).toBeDisabled();
});

test('a row opens the user details, by click or by Enter on its name', async ({ page, signIn }) => {
  const { token } = await signIn('admin');
  const { surname, ids } = await seedUsers(page.request, token, [{ first: 'Rowan' }]);
  await page.goto(`/user-list?name=${surname}`);

  await table(page)
    .getByRole('cell', { name: `rowan.${surname.toLowerCase()}@example.com` })
    .click();
  await expect(page).toHaveURL(`/user-details?id=${ids.Rowan}`);
  await expect(page.getByTestId('user-details-name')).toHaveText(`Rowan ${surname}`);

  await page.goBack();
  await expect(nameFilter(page)).toHaveValue(surname);
  await rowNames(page).first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/user-details?id=${ids.Rowan}`);

  await page.goBack();
  await expect(table(page).getByRole('link', { name: `Edit Rowan ${surname}` })).toHaveAttribute(
    'href',
    `/update-user?id=${ids.Rowan}`,
  );
});

test('nothing matches: the empty state offers to clear the filters; bad URL values fall back', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  const nobody = uniqueLetters();
  await page.goto(`/user-list?name=${nobody}`);
  const empty = page.getByTestId('empty-state');
  await expect(empty).toContainText('No users found');
  await expect(empty).toContainText('clear the filters');
  await expect(summary(page)).toHaveCount(0);
  await empty.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL('/user-list');
  await expect(rowNames(page).first()).toBeVisible();

  await page.goto('/user-list?page=abc&limit=7&sort=password&order=sideways');
  await expect(rowNames(page).first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('20');
  await expect(header(page, 'Created')).toHaveAttribute('aria-sort', 'descending');
  await expect(summary(page)).toHaveText(/^Showing 1–\d+ of \d+$/);
});
