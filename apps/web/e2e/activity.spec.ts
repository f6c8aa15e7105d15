import { createAdminViaApi, uniqueLetters } from './support/api';
import { expectAccessible } from './support/axe';
import { expect, test, type Page } from './support/fixtures';

/**
 * The Activity screen and the History panel (docs/behaviour.md §13) against the real server. A
 * fresh administrator signs in and out through the API: the portal records both (audit entries
 * 'sign-in' and 'sign-out' on their own account), whatever else the run records meanwhile.
 */
const table = (page: Page) => page.getByRole('table', { name: 'Activity' });

async function chooseFilter(page: Page, label: string, option: string) {
  await page.getByRole('search').getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the log lists sign-ins, filtered by admin and action; Details shows every field; History on the user', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const other = await createAdminViaApi(page.request, token, `Audit ${uniqueLetters()}`);
  const login = await page.request.post('/api/auth/login', {
    data: { email: other.email, password: other.password, adminPortal: true },
    headers: { 'user-agent': 'activity-e2e' },
  });
  expect(login.status()).toBe(200);
  const otherToken = ((await login.json()) as { body: { token: string } }).body.token;
  const logout = await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${otherToken}` } });
  expect(logout.status()).toBe(200);

  await page.goto('/');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/\/activity$/);
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  await expect(table(page).getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Admin ID' }).fill(String(other.id));
  await chooseFilter(page, 'Action', 'Sign-in');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`actorId=${other.id}`));
  await expect(page).toHaveURL(/action=sign-in/);
  const rows = table(page).getByRole('row').filter({ hasText: other.email });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Sign-in');
  await expect(rows.first().getByRole('link', { name: `User #${other.id}` })).toHaveAttribute(
    'href',
    `/user-details?id=${other.id}`,
  );
  await expectAccessible(page, 'activity');

  await rows
    .first()
    .getByRole('button', { name: /^Details/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Activity details' });
  await expect(dialog.getByRole('heading', { name: 'Activity details' })).toBeVisible();
  for (const text of [other.name, other.email, String(other.id), 'Sign-in', 'User', 'activity-e2e'])
    await expect(dialog).toContainText(text);
  await expectAccessible(page, 'activity details');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The account's own History: its sign-out (newest) and sign-in.
  await rows
    .first()
    .getByRole('link', { name: `User #${other.id}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/user-details\\?id=${other.id}$`));
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Sign-out');
  await expect(history).toContainText('Sign-in');
  const items = await history.locator(':scope > ol > li').allTextContents();
  expect(items[0]).toContain('Sign-out');
  await expectAccessible(page, 'user details with history');
});

test('a record without entries says so', async ({ page, signIn }) => {
  const { token } = await signIn('admin');
  const res = await page.request.post('/api/users', {
    data: { name: `Quiet ${uniqueLetters()}`, email: `quiet.${uniqueLetters()}@example.com` },
    headers: { authorization: `Bearer ${token}` },
  });
  const id = ((await res.json()) as { body: { id: number } }).body.id;
  // Another helper may record the create itself: then the panel lists it instead.
  await page.goto(`/user-details?id=${id}`);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('No recorded changes yet.').or(history.getByText('Create'))).toBeVisible();
});
