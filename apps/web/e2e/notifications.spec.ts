import { messages } from '@strideadmin/contract';
import { uniqueLetters } from './support/api';
import { createAppUser, inboxTitles } from './support/app-users';
import { expect, test, type Page } from './support/fixtures';
import { commitDelete } from './support/undo';
import { dataCells } from './support/cells';

/**
 * Push notifications against the real server, whose delivery worker runs in the e2e server
 * (docs/behaviour.md §11): the title and message carry a unique tag, so the other specs' notifications
 * never get in the way.
 */
const table = (page: Page) => page.getByRole('table', { name: 'Push Notifications' });
const rowOf = (page: Page, title: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
const cell = (page: Page, title: string, column: number) => dataCells(rowOf(page, title)).nth(column);

test('send to one chosen user: it is delivered to that user only, shows as Sent 1 / 1, filters, and is deleted', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const tag = uniqueLetters();
  const nina = await createAppUser(page.request, token, `Nina ${tag}`);
  const otto = await createAppUser(page.request, token, `Otto ${tag}`);
  const title = `Walk ${tag}`;
  const message = `Double coins this weekend, ${tag}!`;

  await page.goto('/notification-list');
  await expect(page.getByRole('heading', { name: 'Push Notifications', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Send Notification' }).first().click();
  await expect(page).toHaveURL('/add-notification');

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Message').fill(message);
  await expect(page.getByTestId('message-count')).toHaveText(`${message.length} / 1000 characters`);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await page.getByRole('button', { name: 'Audience' }).click();
  await page.getByRole('option', { name: 'Chosen users' }).click();

  // The searchable user select: both users match the tag; Nina is picked.
  const users = page.getByRole('combobox', { name: 'Users' });
  await users.pressSequentially(tag);
  const listbox = page.getByRole('listbox', { name: 'Users' });
  await expect(listbox.getByRole('option')).toHaveCount(2);
  await expect(listbox.getByRole('option', { name: otto.name })).toBeVisible();
  await listbox.getByRole('option', { name: nina.name }).click();
  await expect(page.getByRole('list', { name: 'Chosen users' }).getByRole('listitem')).toHaveText([nina.name]);
  // The list closes after a choice, so it does not cover the rest of the form.
  await expect(listbox).toBeHidden();

  await page.getByRole('button', { name: 'Send Notification' }).click();
  await expect(page).toHaveURL('/notification-list');
  await expect(page.getByTestId('toast').filter({ hasText: messages.notificationQueued })).toBeVisible();

  // The worker delivers it; the list refreshes by itself while it is queued.
  await expect(rowOf(page, title)).toHaveCount(1);
  await expect(cell(page, title, 0)).toHaveText(message);
  await expect(cell(page, title, 0).locator('[title]')).toHaveAttribute('title', message);
  await expect(cell(page, title, 1)).toHaveText('Chosen users');
  await expect(cell(page, title, 3)).toHaveText('Sent', { timeout: 20_000 });
  await expect(cell(page, title, 4)).toHaveText('1 / 1');
  // Language is a column shown on demand (docs/behaviour.md §12 Columns).
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Language' }).check();
  await expect(cell(page, title, 1)).toHaveText('English');
  await page.keyboard.press('Escape');

  // Nina's app inbox has it; Otto's does not.
  expect(await inboxTitles(page.request, nina)).toContain(title);
  expect(await inboxTitles(page.request, otto)).not.toContain(title);

  // Filters: title, then message (contains, any case), both kept in the URL.
  const titleFilter = page.getByRole('searchbox', { name: 'Title' });
  const messageFilter = page.getByRole('searchbox', { name: 'Message' });
  await titleFilter.fill(title.toUpperCase());
  await titleFilter.press('Enter');
  await expect(page).toHaveURL(`/notification-list?title=${title.toUpperCase().replace(' ', '+')}`);
  await expect(table(page).getByRole('rowheader')).toHaveText([title]);
  await titleFilter.fill('');
  await messageFilter.fill(`weekend, ${tag}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/notification-list\?message=weekend%2C\+/);
  await expect(table(page).getByRole('rowheader')).toHaveText([title]);
  await messageFilter.fill(`nothing ${tag}`);
  await messageFilter.press('Enter');
  await expect(page.getByText('No notifications found')).toBeVisible();
  await page.goBack();
  await expect(table(page).getByRole('rowheader')).toHaveText([title]);

  // Delete, after confirming: gone from the list and from Nina's inbox.
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete notification ${title}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await commitDelete(page);
  await expect(page.getByTestId('toast').filter({ hasText: messages.notificationDeleted })).toBeVisible();
  await expect(page.getByText('No notifications found')).toBeVisible();
  expect(await inboxTitles(page.request, nina)).not.toContain(title);
});

test('the send form refuses a send time in the past and Chosen users without a user; a later time schedules it', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/add-notification');
  await page.getByRole('button', { name: 'Send Notification' }).click();
  const errorOf = (label: string) => page.getByLabel(label).locator('xpath=following-sibling::p[1]');
  await expect(errorOf('Title')).toHaveText(messages.titleRequired);
  await expect(errorOf('Message')).toHaveText(messages.messageRequired);
  await expect(page.getByText(messages.languageRequired)).toBeVisible();
  await expect(page.getByText(messages.audienceRequired)).toBeVisible();

  const title = `Later ${uniqueLetters()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Message').fill('Soon');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Swedish' }).click();
  await page.getByRole('button', { name: 'Audience' }).click();
  await page.getByRole('option', { name: 'Chosen users' }).click();
  await page.getByLabel('Send time').fill('2020-01-01T10:00');
  await page.getByRole('button', { name: 'Send Notification' }).click();
  await expect(page.getByText(messages.sendAtPast)).toBeVisible();
  await page.getByLabel('Send time').fill('');
  await page.getByRole('button', { name: 'Send Notification' }).click();
  await expect(page.getByText(messages.recipientsRequired)).toBeVisible();
  await expect(page).toHaveURL('/add-notification');

  // A send time to come: scheduled, and queued in the list until then (the local time entered is
  // the instant sent).
  await page.getByRole('button', { name: 'Audience' }).click();
  await page.getByRole('option', { name: 'Active users' }).click();
  await page.getByLabel('Send time').fill('2099-06-01T09:30');
  await page.getByRole('button', { name: 'Send Notification' }).click();
  await expect(page).toHaveURL('/notification-list');
  await expect(page.getByTestId('toast').filter({ hasText: messages.notificationScheduled })).toBeVisible();
  await expect(cell(page, title, 3)).toHaveText('Queued');
  await expect(cell(page, title, 2).locator('time')).toHaveAttribute(
    'datetime',
    await page.evaluate(() => new Date('2099-06-01T09:30').toISOString()),
  );
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete notification ${title}?` });
  await expect(dialog).toContainText('It will not be sent.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(rowOf(page, title)).toHaveCount(0);
  await commitDelete(page);
  await expect(page.getByTestId('toast').filter({ hasText: messages.notificationDeleted })).toBeVisible();
});
