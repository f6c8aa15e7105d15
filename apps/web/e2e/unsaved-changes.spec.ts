import { messages } from '@strideadmin/contract';
import { createUserViaApi, uniqueLetters } from './support/api';
import { expect, test, type Page } from './support/fixtures';
import { createGiftBoxConfigViaApi } from './support/gift-boxes';
import { createGiftCardViaApi, uploadCardPictureViaApi } from './support/gift-cards';
import { createQuizViaApi } from './support/quiz';

/**
 * Unsaved changes (docs/behaviour.md §12): every edit and add form asks before its edits are left
 * behind, by the sidebar or any link, Back, and reload or close; an untouched or saved form does not.
 */

const sidebarLink = (page: Page, name: string) => page.getByTestId('sidebar').getByRole('link', { name, exact: true });
const leaveDialog = (page: Page) => page.getByRole('dialog', { name: messages.unsavedChangesTitle });

test('every edit and add form: untouched, the sidebar leaves at once; edited, it asks first', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const { token } = await signIn('admin');
  const run = uniqueLetters();
  const userId = await createUserViaApi(page.request, token, {
    name: `Una ${run}`,
    email: `una.${run}@example.com`,
  });
  const cardPicture = await uploadCardPictureViaApi(page.request, token);
  const { id: cardId } = await createGiftCardViaApi(page.request, token, { cardPicture });
  const quizId = await createQuizViaApi(page.request, token, { question: `Unsaved ${run}?` });
  const boxId = await createGiftBoxConfigViaApi(page.request, token, { type: `Unsaved ${run}` });

  // Each form, and one of its fields to edit.
  const forms: { path: string; field: (p: Page) => ReturnType<Page['getByLabel']>; value: string }[] = [
    { path: '/add-user', field: (p) => p.getByRole('textbox', { name: 'Name', exact: true }), value: 'Edited Name' },
    {
      path: `/update-user?id=${userId}`,
      field: (p) => p.getByRole('textbox', { name: 'Name', exact: true }),
      value: 'Edited Name',
    },
    { path: `/update-user?id=${userId}`, field: (p) => p.getByLabel('New Password'), value: 'a-new-password-1' },
    { path: '/profile', field: (p) => p.getByRole('textbox', { name: 'Name', exact: true }), value: 'Edited Name' },
    { path: '/profile', field: (p) => p.getByLabel('Old Password'), value: 'whatever-it-was' },
    { path: '/add-card', field: (p) => p.getByLabel('Serial No'), value: `SN-${run}` },
    { path: `/update-card?id=${cardId}`, field: (p) => p.getByLabel('Serial No'), value: `SN-${run}` },
    { path: '/add-quiz', field: (p) => p.getByRole('textbox', { name: 'Question', exact: true }), value: 'Why?' },
    {
      path: `/update-quiz?id=${quizId}`,
      field: (p) => p.getByRole('textbox', { name: 'Question', exact: true }),
      value: 'Why?',
    },
    { path: '/add-box', field: (p) => p.getByLabel('Config Name'), value: `Edited ${run}` },
    { path: `/update-box?id=${boxId}`, field: (p) => p.getByLabel('Config Name'), value: `Edited ${run}` },
    { path: '/add-box-manual', field: (p) => p.getByLabel('Latitude'), value: '59.33' },
    { path: '/add-notification', field: (p) => p.getByLabel('Title'), value: 'Edited title' },
  ];

  for (const { path, field, value } of forms) {
    await test.step(`${path}: ${value}`, async () => {
      await page.goto(path);
      await expect(field(page)).toBeEditable();
      await expect(field(page)).not.toHaveValue(value);
      await sidebarLink(page, 'Home').click();
      await expect(page).toHaveURL('/');
      await expect(leaveDialog(page)).toHaveCount(0);

      await page.goto(path);
      await field(page).fill(value);
      await sidebarLink(page, 'Home').click();
      await expect(leaveDialog(page).getByText(messages.unsavedChanges)).toBeVisible();
      await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
      await expect(page).toHaveURL('/');
      await expect(leaveDialog(page)).toHaveCount(0);
    });
  }
});

test('the sidebar asks: Stay keeps the edits, Leave goes', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/add-user');
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('Stella Stay');

  await sidebarLink(page, 'Gift Cards').click();
  await expect(leaveDialog(page).getByText(messages.unsavedChanges)).toBeVisible();
  await expect(leaveDialog(page).getByRole('button', { name: 'Stay' })).toBeFocused();
  await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
  await expect(leaveDialog(page)).toHaveCount(0);
  await expect(page).toHaveURL('/add-user');
  await expect(name).toHaveValue('Stella Stay');

  await sidebarLink(page, 'Gift Cards').click();
  await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL('/card-list');
  await expect(page.getByRole('heading', { name: 'Gift Cards', level: 1 })).toBeVisible();
});

test('Back asks too', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/user-list');
  await page.getByRole('link', { name: 'Add User' }).first().click();
  await expect(page).toHaveURL('/add-user');
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('Bert Back');

  await page.goBack();
  await expect(leaveDialog(page).getByText(messages.unsavedChanges)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL('/add-user');
  await expect(name).toHaveValue('Bert Back');

  await page.goBack();
  await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL('/user-list');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
});

test("reload asks with the browser's own question; untouched, it does not", async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/add-notification');
  const title = page.getByLabel('Title');
  await expect(title).toBeEditable();

  // Untouched: no question.
  const unexpected: string[] = [];
  const onDialog = (d: { type: () => string }) => unexpected.push(d.type());
  page.on('dialog', onDialog);
  await page.reload();
  await expect(title).toBeEditable();
  page.off('dialog', onDialog);
  expect(unexpected).toEqual([]);

  await title.click();
  await title.pressSequentially('Reload me');

  // Stay: the reload is called off and the edits remain.
  let asked = page.waitForEvent('dialog');
  const cancelled = page.reload({ timeout: 5_000 }).catch(() => null);
  let dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await cancelled;
  await expect(title).toHaveValue('Reload me');

  // Leave: the page reloads, the edits are gone.
  asked = page.waitForEvent('dialog');
  const reloaded = page.reload();
  dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
  await reloaded;
  await expect(title).toHaveValue('');
});

test('a saved form does not ask: neither on the way out after saving, nor later', async ({ page, signIn }) => {
  const { token } = await signIn('admin');
  const run = uniqueLetters();
  const quizId = await createQuizViaApi(page.request, token, { question: `Saved ${run}?` });
  const asked: string[] = [];
  page.on('dialog', (d) => asked.push(d.type()));

  // An add form: saving leads to the new record without a question.
  await page.goto('/add-user');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Sam ${run}`);
  await page.getByLabel('Email').fill(`sam.${run}@example.com`);
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page).toHaveURL(/\/user-details\?id=\d+$/);
  await expect(page.getByTestId('user-details-name')).toHaveText(`Sam ${run}`);
  await expect(leaveDialog(page)).toHaveCount(0);

  // An edit form: the same, and the screens after it leave freely.
  await page.goto(`/update-quiz?id=${quizId}`);
  await page.getByRole('textbox', { name: 'Question', exact: true }).fill(`Saved again ${run}?`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/quiz-list/);
  await expect(leaveDialog(page)).toHaveCount(0);
  await sidebarLink(page, 'Home').click();
  await expect(page).toHaveURL('/');
  await expect(leaveDialog(page)).toHaveCount(0);
  await page.reload();
  expect(asked).toEqual([]);
});
