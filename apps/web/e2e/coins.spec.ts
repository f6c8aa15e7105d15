import { coinKindLabels, messages } from '@strideadmin/contract';
import { createUserViaApi, setPasswordViaApi, uniqueLetters } from './support/api';
import { expectAccessible } from './support/axe';
import { expect, type Page, test } from './support/fixtures';

/** User Details, Coins (docs/behaviour.md §11): the coin history and an administrator's Adjust coins. */

const totalCoinsOf = (page: Page) =>
  page.locator('dt', { hasText: /^Total Coins$/ }).locator('xpath=following-sibling::dd[1]');

test('an administrator adjusts coins with a reason: the history shows the entry and the details the new balance', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const name = `Coin ${uniqueLetters()}`;
  const id = await createUserViaApi(page.request, token, {
    name,
    email: `${name.replace(' ', '.').toLowerCase()}@example.com`,
    totalCoins: 40,
  });

  await page.goto(`/user-details?id=${id}`);
  const coins = page.getByRole('region', { name: 'Coins' });
  const history = coins.getByRole('table', { name: 'Coin history' });
  await expect(totalCoinsOf(page)).toHaveText('40');
  // The opening balance given on creation is the first adjustment.
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history.getByRole('row').nth(1)).toContainText('+40');

  await coins.getByRole('button', { name: 'Adjust coins' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adjust coins' });
  await expect(dialog.getByLabel('Amount')).toBeFocused();
  // The contract's rules, under their fields.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(messages.coinAdjustAmountRequired)).toBeVisible();
  await expect(dialog.getByText(messages.coinAdjustReasonRequired)).toBeVisible();
  await expectAccessible(page, 'user-details (Adjust coins dialog with errors)');

  // Below 0: the server refuses, and says so under the form; nothing changes.
  await dialog.getByLabel('Amount').fill('-41');
  await dialog.getByLabel('Reason').fill('Too much');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByTestId('form-error')).toHaveText(messages.coinAdjustBelowZero);

  await dialog.getByLabel('Amount').fill('-15');
  await dialog.getByLabel('Reason').fill('  Steps counted twice  ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('toast').filter({ hasText: messages.coinAdjustSaved })).toBeVisible();
  await expect(totalCoinsOf(page)).toHaveText('25');
  await expect(history.getByRole('row')).toHaveCount(3);
  const newest = history.getByRole('row').nth(1);
  await expect(newest).toContainText(coinKindLabels.adjustment);
  await expect(newest).toContainText('−15');
  await expect(newest).toContainText('Steps counted twice');

  // And it is what the server holds.
  const res = await page.request.get(`/api/users/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await res.json()) as { body: { totalCoins: number } }).body.totalCoins).toBe(25);
});

test('a role that may view users but not edit them sees the history without Adjust coins', async ({ page, signIn }) => {
  const { token } = await signIn('admin');
  const name = `Viewer ${uniqueLetters()}`;
  const id = await createUserViaApi(page.request, token, {
    name,
    email: `${name.replace(' ', '.').toLowerCase()}@example.com`,
  });
  const support = { email: `support.${uniqueLetters().toLowerCase()}@example.com`, password: 'e2e-support-password' };
  const supportId = await createUserViaApi(page.request, token, {
    name: 'Sam Support',
    email: support.email,
    role: 'Support',
  });
  await setPasswordViaApi(page.request, token, supportId, support.password);
  await signIn(support);
  await page.goto(`/user-details?id=${id}`);
  const coins = page.getByRole('region', { name: 'Coins' });
  await expect(coins.getByText(messages.noCoinHistory)).toBeVisible();
  await expect(coins.getByRole('button', { name: 'Adjust coins' })).toHaveCount(0);
});
