import { messages } from '@strideadmin/contract';
import { createAdminViaApi, tinyPng, uniqueLetters } from './support/api';
import { expect, test } from './support/fixtures';

// Each test changes its own administrator, never the shared one other tests sign in as.
test('profile: picture uploaded end to end, name saved, the top bar updates at once', async ({ page, signIn }) => {
  const { token } = await signIn('admin');
  const me = await createAdminViaApi(page.request, token, `Paula ${uniqueLetters()}`);
  await signIn(me);

  await page.goto('/profile');
  await expect(page.getByLabel('Name')).toHaveValue(me.name);

  const put = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/uploads/profile_Images/'),
  );
  await page.getByLabel('Profile Picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng });
  const upload = await put;
  expect(upload.status()).toBe(200);
  const stored = upload.url().split('?')[0]!;
  const preview = page.getByTestId('file-upload').getByRole('img', { name: 'Preview' });
  await expect(preview).toHaveAttribute('src', stored);
  // The stored address serves the image.
  const served = await page.request.get(stored);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');

  await page.getByLabel('Name').fill(`${me.name} Renamed`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: messages.profileUpdated })).toBeVisible();
  await expect(page.getByTestId('user-name')).toHaveText(`${me.name} Renamed`);
  await expect(page.getByRole('button', { name: 'Account menu' }).locator('img')).toHaveAttribute('src', stored);

  await page.reload();
  await expect(page.getByTestId('user-name')).toHaveText(`${me.name} Renamed`);
});

test('profile: a failed upload shows the spec message', async ({ page, signIn }) => {
  await signIn('admin');
  await page.route('**/uploads/profile_Images/**', (route) => route.abort('connectionreset'));
  await page.goto('/profile');
  await page.getByLabel('Profile Picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByTestId('toast').filter({ hasText: messages.uploadFailed })).toBeVisible();
});

test('profile: name and date rules are the spec rules', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/profile');
  await page.getByLabel('Name').fill('');
  await page.getByLabel('Date of Birth').fill('2999-12-31');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.nameRequired)).toBeVisible();
  await expect(page.getByText(messages.dobInFuture)).toBeVisible();
});

test('change password: a wrong old password shows the server message under the form; a right one keeps this session', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const me = await createAdminViaApi(page.request, token, `Pete ${uniqueLetters()}`);
  await signIn(me);
  await page.goto('/profile');

  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText(messages.oldPasswordRequired)).toBeVisible();
  await expect(page.getByText(messages.newPasswordRequired)).toBeVisible();

  await page.getByLabel('Old Password').fill('not-my-password');
  await page.getByLabel('New Password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('form', { name: 'Change password' }).getByTestId('form-error')).toHaveText(
    messages.oldPasswordWrong,
  );

  // Another session of the same administrator, opened before the change.
  const other = await page.request.post('/api/auth/login', {
    data: { email: me.email, password: me.password, adminPortal: true },
  });
  const otherToken = ((await other.json()) as { body: { token: string } }).body.token;

  await page.getByLabel('Old Password').fill(me.password);
  await page.getByLabel('New Password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: messages.passwordChanged })).toBeVisible();

  // This session goes on; the other one has ended.
  await page.reload();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('user-name')).toHaveText(me.name);
  const otherNow = await page.request.get(`/api/users/${me.id}`, {
    headers: { authorization: `Bearer ${otherToken}` },
  });
  expect(otherNow.status()).toBe(401);
});
