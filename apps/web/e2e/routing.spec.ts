import { expect, test } from './support/fixtures';

test.describe('signed out', () => {
  test('signed-in routes go to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const path of ['/verify-account', '/reset-password']) {
    test(`${path} without a token goes to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await page.goto(`${path}?token=`);
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test('an unknown path shows the 404 page with a way home', async ({ page }) => {
    const res = await page.goto('/no/such/page');
    // The server says 404 (probes and crawlers see it); the browser still gets the portal, whose router shows the page.
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('404')).toBeVisible();
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('routes are exact: a trailing slash or other letter case is the 404 page', async ({ page }) => {
    for (const path of ['/login/', '/LOGIN', '/Forgot-Password']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' }), path).toBeVisible();
      await expect(page.getByLabel('Password'), path).toHaveCount(0);
    }
  });

  test('routes are exact: a trailing segment is not the home screen', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/login/extra');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('signed in', () => {
  test('signed-out routes go to /', async ({ page, signIn }) => {
    await signIn('admin');
    for (const path of ['/login', '/verify-account?token=abc', '/reset-password?token=abc']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
    }
  });

  test('routes are exact: near misses of a screen are the 404 page, not the screen', async ({ page, signIn }) => {
    await signIn('admin');
    for (const path of ['/user-list/', '/USER-LIST', '/Profile', '/add-user/', '/user-list/?page=2']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' }), path).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Users', level: 1 }), path).toHaveCount(0);
    }
    // Its way home works, and the exact path is still the screen.
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
    await page.goto('/user-list?page=1');
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  });

  test('a screen whose code is slow to arrive shows progress in the shell, then the screen', async ({
    page,
    signIn,
  }) => {
    await signIn('admin');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/user-list-page-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.getByTestId('sidebar').getByRole('link', { name: 'User' }).click();
    const progress = page.getByRole('progressbar', { name: 'Loading the screen' });
    await expect(progress).toBeVisible();
    // The shell and the screen being left stay meanwhile.
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await expect(progress).toHaveCount(0);
  });

  test('an unknown id says not found, once, with a way back and no Retry', async ({ page, signIn }) => {
    await signIn('admin');
    const cases = [
      ['/update-card?id=999999', 'Gift card not found.', 'Go to gift cards', '/card-list'],
      ['/user-details?id=999999', 'User not found.', 'Go to users', '/user-list'],
      ['/update-user?id=999999', 'User not found.', 'Go to users', '/user-list'],
      ['/update-quiz?id=999999', 'Quiz question not found.', 'Go to quiz questions', '/quiz-list'],
      ['/update-box?id=999999', 'Gift box config not found.', 'Go to gift box configs', '/box-list'],
      ['/query-details?id=999999', 'Complaint query not found.', 'Go to complaint queries', '/query-list'],
    ] as const;
    for (const [path, message, back, list] of cases) {
      await page.goto(path);
      const panel = page.getByRole('alert').filter({ hasText: message });
      await expect(panel.getByRole('heading', { name: 'Not found' }), path).toBeVisible();
      await expect(page.getByText(message), path).toHaveCount(1);
      await expect(page.getByTestId('toast'), path).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Retry' }), path).toHaveCount(0);
      await expect(panel.getByRole('link', { name: back }), path).toHaveAttribute('href', list);
    }
  });

  test('a signed-out visitor asked to sign in returns where they were going', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    const { accounts } = await import('./support/accounts');
    await page.getByLabel('Email').fill(accounts.admin.email);
    await page.getByLabel('Password').fill(accounts.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('a screen whose code fails to load', () => {
  test.use({
    allowConsoleErrors: [
      /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i,
    ],
  });

  test('shows a message with a retry, never a blank page', async ({ page, signIn }) => {
    await signIn('admin');
    // The connection drops for the home screen's code.
    await page.route(/\/assets\/dashboard-page-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    await expect(page.getByRole('alert').filter({ hasText: 'Could not load this screen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    // The message sits inside the shell: its sidebar stays.
    await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Home' })).toBeVisible();

    // The connection is back: Retry loads the screen.
    await page.unroute(/\/assets\/dashboard-page-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  });

  test('the sidebar moves on to another screen', async ({ page, signIn }) => {
    await signIn('admin');
    await page.route(/\/assets\/dashboard-page-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    await expect(page.getByRole('alert').filter({ hasText: 'Could not load this screen' })).toBeVisible();
    await page.getByTestId('sidebar').getByRole('link', { name: 'User' }).click();
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Could not load this screen' })).toBeHidden();
  });
});
