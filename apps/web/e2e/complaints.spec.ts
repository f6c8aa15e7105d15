import { defaultQuerySource, messages } from '@strideadmin/contract';
import { uniqueLetters } from './support/api';
import { createAppUser, sendQueryFromApp } from './support/app-users';
import { expect, test, type Page } from './support/fixtures';
import { commitDelete } from './support/undo';
import { dataCells } from './support/cells';

/**
 * Complaint queries against the real server: an app user sends them (POST /api/app/message), the
 * administrator reads them in the portal. Titles carry a unique tag; the sidebar's count is shared
 * by every test of the run, so it is compared before and after rather than read as a number.
 */
const table = (page: Page) => page.getByRole('table', { name: 'Complaint Queries' });
const titleLinks = (page: Page) => table(page).getByRole('rowheader').getByRole('link');
const rowHeaderOf = (page: Page, title: string) => table(page).getByRole('rowheader', { name: title });
const titleFilter = (page: Page) => page.getByRole('searchbox', { name: 'Title' });
const isReadFilter = (page: Page) => page.getByRole('search').getByRole('button', { name: 'Is Read' });
const fact = (page: Page, label: string) =>
  page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

/** The number the sidebar's badge on Complaint Queries stands for (0 when there is no badge). */
async function unreadCount(page: Page): Promise<number> {
  const entry = page.getByTestId('sidebar').getByRole('link', { name: 'Complaint Queries' });
  const describedBy = await entry.getAttribute('aria-describedby');
  if (!describedBy) return 0;
  const text = await page.locator(`[id="${describedBy}"] .sr-only`).textContent();
  return Number(/^(\d+) unread$/.exec(text ?? '')?.[1] ?? NaN);
}

async function filterIsRead(page: Page, option: 'Yes' | 'No' | 'All') {
  await isReadFilter(page).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test('queries from the app: unread in the list, filters, the detail marks read, the count drops, delete', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const tag = uniqueLetters();
  const quinn = await createAppUser(page.request, token, `Quinn ${tag}`);
  const coins = `Coins missing ${tag}`;
  const steps = `Steps lost ${tag}`;
  const coinsMessage = `Hello,\n\nmy coins from the walk\n  on Monday are gone (${tag}).`;

  await page.goto('/query-list');
  await expect(page.getByRole('heading', { name: 'Complaint Queries', level: 1 })).toBeVisible();
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Complaint Queries' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const before = await unreadCount(page);

  await sendQueryFromApp(page.request, quinn, coins, coinsMessage);
  await sendQueryFromApp(page.request, quinn, steps, `Yesterday's steps are not counted (${tag}).`);

  // The count follows (on focus, every minute, or here on reload).
  await page.reload();
  await expect.poll(() => unreadCount(page)).toBeGreaterThanOrEqual(before + 2);
  const withOurs = await unreadCount(page);

  // Title filter: both, newest first, both marked unread.
  await titleFilter(page).fill(tag);
  await titleFilter(page).press('Enter');
  await expect(page).toHaveURL(`/query-list?title=${tag}`);
  await expect(titleLinks(page)).toHaveText([steps, coins]);
  for (const title of [steps, coins]) {
    await expect(rowHeaderOf(page, title)).toContainText('Unread');
    await expect(rowHeaderOf(page, title).getByRole('link')).toHaveAttribute('data-unread', '');
  }
  const coinsRow = table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: coins }) });
  await expect(dataCells(coinsRow).nth(0)).toHaveText(`${quinn.name}${quinn.email}`);
  await expect(dataCells(coinsRow).nth(1)).toHaveText(defaultQuerySource);
  await expect(dataCells(coinsRow).nth(2)).toHaveText('No');

  // Is Read = No (isRead=false in the URL, docs/behaviour.md §2), then Yes: none of ours is read yet.
  await filterIsRead(page, 'No');
  await expect(page).toHaveURL(`/query-list?title=${tag}&isRead=false`);
  await expect(titleLinks(page)).toHaveText([steps, coins]);
  await filterIsRead(page, 'Yes');
  await expect(page).toHaveURL(`/query-list?title=${tag}&isRead=true`);
  await expect(page.getByText('No complaint queries found')).toBeVisible();
  await filterIsRead(page, 'All');
  await expect(page).toHaveURL(`/query-list?title=${tag}`);

  // The detail: every field of docs/behaviour.md §2, Is Read Yes, and opening it marks it read.
  await page.getByRole('link', { name: `View ${coins}` }).click();
  await expect(page).toHaveURL(/\/query-details\?id=\d+$/);
  await expect(page.getByRole('heading', { name: 'Complaint Query Detail' })).toBeVisible();
  await expect(page.getByTestId('query-title')).toHaveText(coins);
  await expect(fact(page, 'User Name')).toHaveText(quinn.name);
  await expect(fact(page, 'User Email')).toHaveText(quinn.email);
  await expect(fact(page, 'Source')).toHaveText(defaultQuerySource);
  await expect(fact(page, 'Is Read')).toHaveText('Yes');
  expect(await page.getByTestId('query-message').textContent()).toBe(coinsMessage);
  await expect.poll(() => unreadCount(page)).toBe(withOurs - 1);

  // Back on the list: no longer marked unread; the other one still is.
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL('/query-list');
  await titleFilter(page).fill(tag);
  await titleFilter(page).press('Enter');
  await expect(titleLinks(page)).toHaveText([steps, coins]);
  await expect(rowHeaderOf(page, coins)).not.toContainText('Unread');
  await expect(rowHeaderOf(page, coins).getByRole('link')).not.toHaveAttribute('data-unread');
  await expect(rowHeaderOf(page, steps)).toContainText('Unread');
  await filterIsRead(page, 'Yes');
  await expect(titleLinks(page)).toHaveText([coins]);
  await filterIsRead(page, 'No');
  await expect(titleLinks(page)).toHaveText([steps]);

  // Delete the unread one, after confirming: it leaves the list and the count.
  await page.getByRole('button', { name: `Delete ${steps}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete complaint query ${steps}?` });
  await expect(dialog).toContainText(`The query from ${quinn.name} will be deleted.`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await commitDelete(page);
  await expect(page.getByTestId('toast').filter({ hasText: messages.queryDeleted })).toBeVisible();
  await expect(page.getByText('No complaint queries found')).toBeVisible();
  await expect.poll(() => unreadCount(page)).toBe(withOurs - 2);
});

test('an unknown query id says so, with a way back to the list', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/query-details?id=2147483000');
  await expect(page.getByRole('main').getByRole('alert')).toContainText(messages.queryNotFound);
  // Said once, in place: no toast repeats it, and no Retry that could not help (docs/behaviour.md §8).
  await expect(page.getByText(messages.queryNotFound)).toHaveCount(1);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to complaint queries' }).click();
  await expect(page).toHaveURL('/query-list');
});
