import { messages } from '@strideadmin/contract';
import { createUserViaApi, uniqueLetters } from './support/api';
import { expect, test, type Page } from './support/fixtures';

const errorOf = (page: Page, label: string) => page.getByLabel(label).locator('xpath=following-sibling::p[1]');

test('an administrator adds a user and lands on their details', async ({ page, signIn }) => {
  await signIn('admin');
  const name = `Nora ${uniqueLetters()}`;
  const email = `${name.replace(' ', '.').toLowerCase()}@example.com`;
  await page.goto('/add-user');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Height (cm)').fill('172');
  await page.getByLabel('Total Coins').fill('40');
  // Tracking defaults to Disable (docs/behaviour.md §3).
  await expect(page.getByRole('button', { name: 'Tracking' })).toHaveText(/Disable/);
  await page.getByRole('button', { name: 'Gender' }).click();
  await page.getByRole('option', { name: 'Female' }).click();
  await page.getByRole('button', { name: 'Add User' }).click();

  await expect(page).toHaveURL(/\/user-details\?id=\d+$/);
  await expect(page.getByTestId('toast').filter({ hasText: messages.userCreated })).toBeVisible();
  await expect(page.getByTestId('user-details-name')).toHaveText(name);
  // The e-mail is in the details, and again in the History of the account's creation below them.
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByText(messages.noAssociatedGiftCards)).toBeVisible();
  await expect(page.getByText('Female').first()).toBeVisible();
});

test('the add-user form shows every validation message under its field', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/add-user');
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(errorOf(page, 'Name')).toHaveText(messages.nameRequired);
  await expect(errorOf(page, 'Email')).toHaveText(messages.emailRequired);

  await page.getByLabel('Name').fill('R2 D2');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Total Coins').fill('-5');
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(errorOf(page, 'Name')).toHaveText(messages.nameLettersOnly.trim());
  await expect(errorOf(page, 'Email')).toHaveText(messages.emailInvalid);
  await expect(errorOf(page, 'Total Coins')).toHaveText(messages.numberMin0);
  await expect(page).toHaveURL(/\/add-user$/);
});

test('a duplicate e-mail gets the server message under the form', async ({ page, signIn }) => {
  const { token } = await signIn('admin');
  const name = `Dora ${uniqueLetters()}`;
  const email = `${name.replace(' ', '.').toLowerCase()}@example.com`;
  await createUserViaApi(page.request, token, { name, email });
  await page.goto('/add-user');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByTestId('form-error')).toHaveText(messages.emailTaken);
});

test('an administrator edits a user, resets their password, and the user can sign in with it', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const name = `Edna ${uniqueLetters()}`;
  const email = `${name.replace(' ', '.').toLowerCase()}@example.com`;
  const id = await createUserViaApi(page.request, token, { name, email });

  await page.goto(`/update-user?id=${id}`);
  await expect(page.getByLabel('Name')).toHaveValue(name);
  // Validation first: empty name, a birthday in the future.
  await page.getByLabel('Name').fill('');
  await page.getByLabel('Date of Birth').fill('2999-01-01');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(errorOf(page, 'Name')).toHaveText(messages.nameRequired);
  await expect(errorOf(page, 'Date of Birth')).toHaveText(messages.dobInFuture);

  await page.getByLabel('Name').fill(`${name} Jr`);
  await page.getByLabel('Date of Birth').fill('1990-05-17');
  await page.getByRole('button', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Inactive' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/user-details\\?id=${id}$`));
  await expect(page.getByTestId('user-details-name')).toHaveText(`${name} Jr`);
  await expect(page.getByText('Inactive')).toBeVisible();

  // Reset User Password: the exact messages, then success back to the details.
  await page.getByRole('button', { name: 'Edit User' }).click();
  await page.getByLabel('New Password').fill('abc');
  await page.getByLabel('Confirm Password').fill('abcdef');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(errorOf(page, 'New Password')).toHaveText(messages.passwordMin);
  await page.getByLabel('New Password').fill('');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(errorOf(page, 'New Password')).toHaveText(messages.newPasswordPlease);
  await page.getByLabel('New Password').fill('walker-secret');
  await page.getByLabel('Confirm Password').fill('walker-secreT');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(errorOf(page, 'Confirm Password')).toHaveText(messages.passwordsNeedSame);
  await page.getByLabel('Confirm Password').fill('');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(errorOf(page, 'Confirm Password')).toHaveText(messages.confirmPasswordPlease);
  await page.getByLabel('Confirm Password').fill('walker-secret');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(new RegExp(`/user-details\\?id=${id}$`));
  await expect(page.getByTestId('toast').filter({ hasText: messages.userPasswordUpdated })).toBeVisible();

  // The user was deactivated above: reactivate through the API, then they sign in with the new password.
  const activate = await page.request.put('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      updateId: id,
      name: `${name} Jr`,
      dob: '1990-05-17',
      height: 0,
      weight: 0,
      gender: null,
      totalCoins: 0,
      dailyFSGoal: 0,
      isActive: true,
      isTracking: false,
      role: 'User',
    },
  });
  expect(activate.status()).toBe(200);
  const login = await page.request.post('/api/auth/login', { data: { email, password: 'walker-secret' } });
  expect(login.status()).toBe(200);
});

test('user details: the avatar enlarges, Go Back leads to the list', async ({ page, signIn }) => {
  const { token } = await signIn('admin');
  const name = `Vera ${uniqueLetters()}`;
  const id = await createUserViaApi(page.request, token, {
    name,
    email: `${name.replace(' ', '.').toLowerCase()}@example.com`,
  });
  await page.goto(`/user-details?id=${id}`);
  await page.getByRole('button', { name: 'Enlarge picture' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/user-list/);
});
