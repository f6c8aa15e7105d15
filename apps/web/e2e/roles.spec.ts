import { messages, type RoleName } from '@strideadmin/contract';
import type { APIRequestContext } from '@playwright/test';
import { createUserViaApi, setPasswordViaApi, uniqueLetters } from './support/api';
import { expect, test } from './support/fixtures';

// docs/behaviour.md §13 Roles: the staff roles see and do in the portal what their rights allow.

async function createStaff(request: APIRequestContext, adminToken: string, role: RoleName) {
  const name = `${role} ${uniqueLetters()}`;
  const email = `${name.replace(/\s+/g, '.').toLowerCase()}@example.com`;
  const password = 'staff-pass-123';
  const id = await createUserViaApi(request, adminToken, { name, email, role });
  await setPasswordViaApi(request, adminToken, id, password);
  return { id, email, password, name };
}

test('Support: Complaint Queries and Users read only, no Quiz; a direct /add-quiz is not allowed', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const support = await createStaff(page.request, token, 'Support');
  await signIn(support);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Complaint Queries' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'User' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Quiz Questions' })).toHaveCount(0);

  await nav.getByRole('link', { name: 'Complaint Queries' }).click();
  await expect(page.getByRole('heading', { name: 'Complaint Queries' })).toBeVisible();

  await nav.getByRole('link', { name: 'User' }).click();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('cell', { name: support.name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add User' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);

  await page.goto('/add-quiz');
  await expect(page.getByText(messages.pageNotAllowed)).toBeVisible();
  await expect(nav).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('Content: sees Quiz Questions and opens Add Quiz; no Users entry', async ({ page, signIn }) => {
  const { token } = await signIn('admin');
  const content = await createStaff(page.request, token, 'Content');
  await signIn(content);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Quiz Questions' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'User' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Complaint Queries' })).toHaveCount(0);

  await nav.getByRole('link', { name: 'Quiz Questions' }).click();
  await page
    .getByRole('link', { name: /Add Quiz/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/add-quiz$/);
  await expect(page.getByRole('heading', { name: 'Add Quiz Question' })).toBeVisible();
  await expect(page.getByText(messages.pageNotAllowed)).toHaveCount(0);
});
