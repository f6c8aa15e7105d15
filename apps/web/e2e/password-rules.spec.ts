import { messages } from '@strideadmin/contract';
import { createAdminViaApi, createUserViaApi, uniqueLetters } from './support/api';
import { expect, test, type Page } from './support/fixtures';

const errorOf = (page: Page, label: string) => page.getByLabel(label).locator('xpath=following-sibling::p[1]');

test("Reset User Password of an administrator: the 12-character rule before sending, the server's common-password refusal under the field", async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const name = `Ada ${uniqueLetters()}`;
  const id = await createUserViaApi(page.request, token, {
    name,
    email: `${name.replace(' ', '.').toLowerCase()}@example.com`,
    role: 'Admin',
  });
  await page.goto(`/update-user?id=${id}`);

  await page.getByLabel('New Password').fill('a-b-c-d-e-f');
  await page.getByLabel('Confirm Password').fill('a-b-c-d-e-f');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(errorOf(page, 'New Password')).toHaveText(messages.adminPasswordMin);

  await page.getByLabel('New Password').fill('Qwerty123456');
  await page.getByLabel('Confirm Password').fill('Qwerty123456');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(errorOf(page, 'New Password')).toHaveText(messages.passwordTooCommon);
  await expect(page).toHaveURL(new RegExp(`/update-user\\?id=${id}$`));
});

test('Change Password: a common new password is refused under the field, the session stays', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const me = await createAdminViaApi(page.request, token, `Cleo ${uniqueLetters()}`);
  await signIn(me);
  await page.goto('/profile');
  await page.getByLabel('Old Password').fill(me.password);
  await page.getByLabel('New Password').fill('1q2w3e4r5t6y');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(errorOf(page, 'New Password')).toHaveText(messages.passwordTooCommon);
  const login = await page.request.post('/api/auth/login', {
    data: { email: me.email, password: me.password, adminPortal: true },
  });
  expect(login.status()).toBe(200);
});
