import { paths } from '../src/lib/paths';
import { createUserViaApi, uniqueLetters } from './support/api';
import { createAppUser, sendQueryFromApp } from './support/app-users';
import { expectAccessible } from './support/axe';
import { createTrackedWalker, redeemCard } from './support/dashboard';
import { expect, test, type Page } from './support/fixtures';
import { createGiftBoxConfigViaApi } from './support/gift-boxes';
import { createGiftCardViaApi, uploadCardPictureViaApi } from './support/gift-cards';
import { createQuizViaApi } from './support/quiz';

/**
 * Accessibility: axe-core in Chromium on every screen of the router, signed in where needed, with
 * data on it (each test makes its own rows, so no list is empty), in the light theme (every rule)
 * and the dark theme (colour contrast): no serious or critical violation. Forms are audited with
 * their validation messages showing, and the dialogs and menus that open over a screen too.
 */

/** Every path the tests below visit: a route added to lib/paths.ts fails the first test until it is audited. */
const audited = [
  paths.login,
  paths.forgotPassword,
  paths.resetPassword,
  paths.verifyAccount,
  paths.home,
  paths.userList,
  paths.addUser,
  paths.updateUser,
  paths.userDetails,
  paths.profile,
  paths.cardList,
  paths.addCard,
  paths.updateCard,
  paths.addMultipleCard,
  paths.quizList,
  paths.addQuiz,
  paths.updateQuiz,
  paths.boxList,
  paths.addBox,
  paths.updateBox,
  paths.addBoxManual,
  paths.notificationList,
  paths.addNotification,
  paths.queryList,
  paths.queryDetails,
  paths.activity,
  '/no/such/page',
];

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Opens `path`, waits for its level-1 heading, for nothing to be loading and for `ready` (what
 * else the screen shows when complete), then audits it.
 */
async function audit(page: Page, path: string, heading: string | RegExp, ready?: () => Promise<void>) {
  expect(audited, 'declared in `audited`').toContain(new URL(path, 'http://x').pathname);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await ready?.();
  await expectAccessible(page, path);
}

// axe runs twice per screen (light, dark): a test audits a handful of screens within this limit.
test.describe.configure({ timeout: 60_000 });

test('every route of the router is audited', () => {
  expect([...audited].sort()).toEqual([...Object.values(paths), '/no/such/page'].sort());
});

test('signed out: login, forgot, reset and verify pages, 404', async ({ page }) => {
  await audit(page, paths.login, 'Sign in to StrideAdmin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'login (errors)');

  await audit(page, paths.forgotPassword, 'Forgot password');
  await audit(page, `${paths.resetPassword}?token=not-a-real-token`, 'Reset password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByLabel('New Password')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'reset-password (errors)');
  await audit(page, `${paths.verifyAccount}?token=not-a-real-token`, 'Verify account');
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  await expectAccessible(page, 'verify-account (refused)');
  await audit(page, '/no/such/page', 'Page not found');
});

test('signed in: home and its menus (wide and narrow), profile, 404', async ({ page, signIn }) => {
  await signIn('admin');
  await audit(page, paths.home, /^Welcome, /);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expectAccessible(page, 'home (account menu open)');
  await page.keyboard.press('Escape');
  await audit(page, paths.profile, 'Profile');
  await audit(page, '/no/such/page', 'Page not found');

  // The narrow layout: the sidebar as a slide-over.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(paths.home);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Gift Cards' })).toBeVisible();
  await expectAccessible(page, 'home (narrow, menu open)');
});

test('signed in: users (list, add with errors, update, toast, details with a card and its dialog)', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const picture = await uploadCardPictureViaApi(page.request, token);
  const { id: cardId } = await createGiftCardViaApi(page.request, token, { price: 0, cardPicture: picture });
  const walker = await createTrackedWalker(page.request, token, `Alma ${uniqueLetters()}`);
  await redeemCard(page.request, walker, cardId);

  await audit(page, paths.userList, 'Users', () =>
    expect(page.getByRole('table', { name: 'Users' }).getByRole('rowheader').first()).toBeVisible(),
  );
  await audit(page, paths.addUser, 'Add User');
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'add-user (errors)');
  await audit(page, `${paths.updateUser}?id=${walker.id}`, 'Update User');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('toast')).toBeVisible();
  await expectAccessible(page, 'user-details (toast after saving)');
  await audit(page, `${paths.userDetails}?id=${walker.id}`, 'User Details');
  await page.getByRole('button', { name: 'View Details' }).click();
  // Its first heading (the History panel below the fields has its own).
  await expect(page.getByRole('dialog', { name: 'Card Details' }).getByRole('heading').first()).toBeVisible();
  await expectAccessible(page, 'user-details (card dialog)');
  await page.keyboard.press('Escape');
  await audit(page, paths.activity, 'Activity', () =>
    expect(page.getByRole('table', { name: 'Activity' }).getByRole('row').nth(1)).toBeVisible(),
  );
});

test('signed in: gift cards (list, details dialog, delete dialog, add with errors, update)', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const picture = await uploadCardPictureViaApi(page.request, token);
  const { id: cardId, card } = await createGiftCardViaApi(page.request, token, { cardPicture: picture });

  await audit(page, paths.cardList, 'Gift Cards');
  await page.goto(`${paths.cardList}?serialNumber=${card.serialNumber}`);
  await page.getByRole('button', { name: `View ${card.serialNumber}` }).click();
  await expect(page.getByRole('dialog', { name: 'Card Details' }).getByRole('heading').first()).toBeVisible();
  await expectAccessible(page, 'card-list (details dialog)');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Delete ${card.serialNumber}` }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page, 'card-list (delete dialog)');

  await audit(page, paths.addCard, 'Add Gift Card');
  await page.getByRole('button', { name: 'Add Gift Card' }).click();
  await expect(page.getByLabel('Serial No')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'add-card (errors)');
  await audit(page, `${paths.updateCard}?id=${cardId}`, 'Update Gift Card');
});

test('signed in: bulk import (rows, errors dialog) and gift boxes (list, add, update, place on the map)', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const configId = await createGiftBoxConfigViaApi(page.request, token, { type: `Amble ${uniqueLetters()}` });
  const placed = await page.request.post('/api/giftbox/manual', {
    data: {
      configId,
      latitude: 59.33,
      longitude: 18.06,
      coins: 20,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    },
    headers: auth(token),
  });
  expect(placed.status(), await placed.text()).toBe(200);

  await audit(page, paths.addMultipleCard, 'Add Multiple Gift Cards');
  const header =
    'Serial Number,Control Code,Coin Price,Currency,Amount,Store Name,Store Address,Valid Till,Expiry Duration in Minutes';
  const tag = uniqueLetters().toUpperCase();
  await page.getByLabel('CSV File').setInputFiles({
    name: 'cards.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `${header}\r\nA11Y-${tag}-1,C-${tag}-1,500,SEK,100,corner shop,main street 1,31/12/2099,60\r\n` +
        `,C-${tag}-2,x,SEK,1,corner shop,main street 1,never,1\r\n`,
    ),
  });
  await expect(page.getByRole('table', { name: 'Gift card rows from the CSV file' })).toBeVisible();
  await expectAccessible(page, 'add-multiple-card (rows)');
  await page.getByRole('button', { name: 'Show Errors' }).first().click();
  await expect(page.getByRole('dialog').getByRole('heading')).toBeVisible();
  await expectAccessible(page, 'add-multiple-card (row errors dialog)');

  await audit(page, paths.boxList, 'Gift Box Config');
  await audit(page, paths.addBox, 'Add Gift Box Config');
  await audit(page, `${paths.updateBox}?id=${configId}`, 'Update Gift Box Config');
  // The map with its attribution (its tiles never load here: no internet).
  await audit(page, `${paths.addBoxManual}?configId=${configId}`, 'Place a Gift Box', () =>
    expect(page.getByRole('application').getByRole('link', { name: 'Leaflet' })).toBeVisible(),
  );
});

test('signed in: quiz (list, add with errors, update)', async ({ page, signIn }) => {
  const { token } = await signIn('admin');
  const quizId = await createQuizViaApi(page.request, token, { question: `How far is a mile ${uniqueLetters()}?` });
  await audit(page, paths.quizList, 'Quiz Questions');
  await audit(page, paths.addQuiz, 'Add Quiz Question');
  await page.getByRole('button', { name: 'Add Quiz Question' }).click();
  await expect(page.getByLabel('Option 1')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'add-quiz (errors)');
  await audit(page, `${paths.updateQuiz}?id=${quizId}`, 'Update Quiz Question');
});

test('signed in: notifications (list, send with the user search open), complaint queries (list, detail)', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const tag = uniqueLetters();
  const walker = await createAppUser(page.request, token, `Olle ${tag}`);
  await createUserViaApi(page.request, token, { name: `Pia ${tag}`, email: `pia.${tag}@example.com` });
  const sent = await page.request.post('/api/notification', {
    data: {
      title: `Walk ${tag}`,
      message: 'Double coins today',
      language: 'en',
      audience: 'users',
      userIds: [walker.id],
    },
    headers: auth(token),
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const queryId = await sendQueryFromApp(page.request, walker, `Coins ${tag}`, 'My coins are missing.');

  await audit(page, paths.notificationList, 'Push Notifications');
  await audit(page, paths.addNotification, 'Send Push Notification');
  await page.getByRole('button', { name: 'Audience' }).click();
  await page.getByRole('option', { name: 'Chosen users' }).click();
  await page.getByRole('combobox', { name: 'Users' }).pressSequentially(tag);
  await expect(page.getByRole('listbox', { name: 'Users' }).getByRole('option')).toHaveCount(2);
  await expectAccessible(page, 'add-notification (user search open)');

  await audit(page, paths.queryList, 'Complaint Queries');
  await audit(page, `${paths.queryDetails}?id=${queryId}`, 'Complaint Query Detail');
});
