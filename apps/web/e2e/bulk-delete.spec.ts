import type { APIRequestContext } from '@playwright/test';
import { messages } from '@strideadmin/contract';
import { createAdminViaApi, createUserViaApi, uniqueLetters } from './support/api';
import { expect, test, type Page } from './support/fixtures';
import { commitDelete, undoToast } from './support/undo';

/**
 * Selection, the bulk bar and undoable deletes on /user-list (docs/behaviour.md §12 "Selection and
 * undo"), against the real server. Each test makes users under its own surname and filters by it.
 */
async function seedUsers(request: APIRequestContext, token: string, firsts: string[], surname: string) {
  const ids: number[] = [];
  // One after another, so creation order (the default sort, newest first) is known.
  for (const first of firsts)
    ids.push(
      await createUserViaApi(request, token, {
        name: `${first} ${surname}`,
        email: `${first.toLowerCase()}.${surname.toLowerCase()}@example.com`,
      }),
    );
  return ids;
}

const newSurname = () => {
  const raw = uniqueLetters();
  return raw.charAt(0).toUpperCase() + raw.slice(1);
};
const table = (page: Page) => page.getByRole('table', { name: 'Users' });
const rowNames = (page: Page) => table(page).getByRole('rowheader').getByRole('link');
const bar = (page: Page) => page.getByTestId('bulk-bar');

/** How many users the server has under this name filter. */
async function countOnServer(request: APIRequestContext, token: string, name: string) {
  const res = await request.get(`/api/users?name=${name}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { body: { count: number } }).body.count;
}

test('two rows selected, deleted after a confirmation naming 2; Undo keeps them; the second time it commits', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const surname = newSurname();
  await seedUsers(page.request, token, ['Abe', 'Bea', 'Cyd'], surname);
  const bulkCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/bulk-delete')) bulkCalls.push(r.url());
  });
  await page.goto(`/user-list?name=${surname}`);
  await expect(rowNames(page)).toHaveText([`Cyd ${surname}`, `Bea ${surname}`, `Abe ${surname}`]);

  await page.getByRole('checkbox', { name: `Select Cyd ${surname}` }).check();
  await page.getByRole('checkbox', { name: `Select Bea ${surname}` }).check();
  await expect(bar(page)).toContainText('2 selected');
  await bar(page).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 2 users?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowNames(page)).toHaveText([`Abe ${surname}`]);
  await expect(undoToast(page)).toContainText('2 users will be deleted.');

  // Undo: the rows come back, and the server was never asked.
  await undoToast(page).getByRole('button', { name: 'Undo' }).click();
  await expect(rowNames(page)).toHaveText([`Cyd ${surname}`, `Bea ${surname}`, `Abe ${surname}`]);
  await expect(undoToast(page)).toHaveCount(0);
  expect(await countOnServer(page.request, token, surname)).toBe(3);
  expect(bulkCalls).toEqual([]);

  // Again, and let it go (closing the toast sends it at once).
  await page.getByRole('checkbox', { name: `Select Cyd ${surname}` }).check();
  await page.getByRole('checkbox', { name: `Select Bea ${surname}` }).check();
  await bar(page).getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/users/bulk-delete'));
  await commitDelete(page);
  const { message, body } = (await (await answer).json()) as {
    message: string;
    body: { deleted: number[]; refused: unknown[] };
  };
  expect(body.deleted).toHaveLength(2);
  expect(body.refused).toEqual([]);
  await expect(page.getByTestId('toast').filter({ hasText: message })).toBeVisible();
  await expect(rowNames(page)).toHaveText([`Abe ${surname}`]);
  expect(await countOnServer(page.request, token, surname)).toBe(1);
  await page.reload();
  await expect(rowNames(page)).toHaveText([`Abe ${surname}`]);
});

test("the signed-in administrator's own row is refused, with the reason; the others go", async ({ page, signIn }) => {
  const { token } = await signIn('admin');
  const surname = newSurname();
  const me = await createAdminViaApi(page.request, token, `Rita ${surname}`);
  await seedUsers(page.request, token, ['Abe', 'Bea'], surname);
  await signIn({ email: me.email, password: me.password });
  await page.goto(`/user-list?name=${surname}`);
  await expect(rowNames(page)).toHaveCount(3);

  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(bar(page)).toContainText('3 selected');
  await bar(page).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete 3 users?' }).getByRole('button', { name: 'Delete' }).click();
  await commitDelete(page);

  await expect(page.getByTestId('toast').filter({ hasText: messages.cannotDeleteSelf })).toContainText(
    `1 user not deleted: ${messages.cannotDeleteSelf}`,
  );
  await expect(rowNames(page)).toHaveText([`Rita ${surname}`]);
  expect(await countOnServer(page.request, token, surname)).toBe(1);
});

test('"Select all N matching" selects the rows of every page, and they are deleted together', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const surname = newSurname();
  const firsts = Array.from({ length: 12 }, (_, i) => `Walker${String.fromCharCode(65 + i)}`);
  await seedUsers(page.request, token, firsts, surname);
  await page.goto(`/user-list?name=${surname}&limit=10`);
  await expect(rowNames(page)).toHaveCount(10);

  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(bar(page)).toContainText('10 selected');
  await bar(page).getByRole('button', { name: 'Select all 12 matching' }).click();
  await expect(bar(page)).toContainText('12 selected');
  await expect(bar(page)).toContainText('All 12 users matching are selected.');

  // The selection is kept on the next page.
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(rowNames(page)).toHaveCount(2);
  await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).toBeChecked();

  await bar(page).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete 12 users?' }).getByRole('button', { name: 'Delete' }).click();
  await commitDelete(page);
  await expect(page.getByText('No users found')).toBeVisible();
  await expect.poll(() => countOnServer(page.request, token, surname)).toBe(0);
});
