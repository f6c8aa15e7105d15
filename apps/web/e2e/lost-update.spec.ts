import { messages, type UserDetail } from '@strideadmin/contract';
import { createAdminViaApi, createUserViaApi, uniqueLetters } from './support/api';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** Another administrator saves the user meanwhile: their coins +100 and a new name, through PUT /api/users. */
async function anotherAdminSaves(request: APIRequestContext, token: string, id: number, name: string) {
  const headers = { authorization: `Bearer ${token}` };
  const user = ((await (await request.get(`/api/users/${id}`, { headers })).json()) as { body: UserDetail }).body;
  const res = await request.put('/api/users', {
    headers,
    data: {
      updateId: id,
      version: user.version,
      coinsSeen: user.totalCoins,
      name,
      dob: user.dob,
      height: user.height ?? 0,
      weight: user.weight ?? 0,
      gender: user.gender,
      totalCoins: user.totalCoins + 100,
      dailyFSGoal: user.dailyFSGoal,
      isActive: user.isActive,
      isTracking: user.isTracking,
      role: user.Role.name,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('update user: a save on a form loaded before another save shows the conflict and the stored values', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const name = `Lena ${uniqueLetters()}`;
  const email = `${name.replace(' ', '.').toLowerCase()}@example.com`;
  const id = await createUserViaApi(page.request, token, { name, email, totalCoins: 500 });

  await page.goto(`/update-user?id=${id}`);
  await expect(page.getByLabel('Total Coins')).toHaveValue('500');
  await anotherAdminSaves(page.request, token, id, `${name} Elsewhere`);

  await page.getByLabel('Daily Foot-Step Goal').fill('8000');
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await expect(page.getByRole('form', { name: 'Update user' }).getByTestId('form-error')).toHaveText(
    messages.userChangedMeanwhile,
  );
  await expect(page.getByLabel('Name')).toHaveValue(`${name} Elsewhere`);
  await expect(page.getByLabel('Total Coins')).toHaveValue('600');
  await expect(page).toHaveURL(new RegExp(`/update-user\\?id=${id}$`));

  // Saved again from the stored values, it goes through and keeps the other save's coins.
  await page.getByLabel('Daily Foot-Step Goal').fill('8000');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/user-details\\?id=${id}$`));
  const stored = await page.request.get(`/api/users/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await stored.json()) as { body: UserDetail }).body).toMatchObject({
    name: `${name} Elsewhere`,
    totalCoins: 600,
    dailyFSGoal: 8000,
  });
});

test('profile: a save on a form loaded before another save shows the conflict and the stored values', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const me = await createAdminViaApi(page.request, token, `Rita ${uniqueLetters()}`);
  await signIn(me);

  await page.goto('/profile');
  await expect(page.getByLabel('Name')).toHaveValue(me.name);
  await anotherAdminSaves(page.request, token, me.id, `${me.name} Elsewhere`);

  await page.getByLabel('Height (cm)').fill('170');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(page.getByRole('form', { name: 'Personal information' }).getByTestId('form-error')).toHaveText(
    messages.profileChangedMeanwhile,
  );
  await expect(page.getByLabel('Name')).toHaveValue(`${me.name} Elsewhere`);
  await expect(page.getByLabel('Total Coins')).toHaveValue('100');
  await expect(page.getByTestId('user-name')).toHaveText(`${me.name} Elsewhere`);

  // Saved again, twice in a row from the same page: each save starts from the version the last one left.
  for (const height of ['170', '171']) {
    await page.getByLabel('Height (cm)').fill(height);
    const put = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/profile'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await put).status()).toBe(200);
  }
  await expect(page.getByRole('form', { name: 'Personal information' }).getByTestId('form-error')).toHaveCount(0);
});
