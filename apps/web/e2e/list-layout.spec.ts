import type { APIRequestContext, Locator } from '@playwright/test';
import { storageKeys } from '@strideadmin/contract';
import { createAdminViaApi, createUserViaApi, uniqueLetters } from './support/api';
import { createAppUser, sendQueryFromApp } from './support/app-users';
import { expect, test, type Page } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { createGiftBoxConfigViaApi } from './support/gift-boxes';
import { createGiftCardViaApi, uniqueCode, uploadCardPictureViaApi } from './support/gift-cards';
import { createQuizViaApi } from './support/quiz';

/**
 * The six list screens at the sizes admins use (docs/behaviour.md §12): the first row's actions are on
 * screen without scrolling sideways, nothing overflows, and no label is cut. Each test seeds one row
 * with long, realistic text under a unique tag and filters the list by it.
 */
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

interface Seeded {
  /** The list's address, filtered down to the seeded row. */
  url: string;
  /** The accessible names of the row's action controls. */
  actions: { role: 'link' | 'button'; name: string }[];
}

interface ListCase {
  list: string;
  caption: string;
  seed: (request: APIRequestContext, token: string) => Promise<Seeded>;
}

const lists: ListCase[] = [
  {
    list: 'users',
    caption: 'Users',
    seed: async (request, token) => {
      const tag = uniqueLetters();
      const name = `Maximiliana Montgomery Featherstonehaugh ${tag}`;
      await createUserViaApi(request, token, {
        name,
        email: `maximiliana.montgomery.featherstonehaugh.${tag}@example.com`,
        totalCoins: 1234567,
      });
      return {
        url: `/user-list?name=${encodeURIComponent(tag)}`,
        actions: [
          { role: 'link', name: `View ${name}` },
          { role: 'link', name: `Edit ${name}` },
          { role: 'button', name: `Delete ${name}` },
        ],
      };
    },
  },
  {
    list: 'gift cards',
    caption: 'Gift Cards',
    seed: async (request, token) => {
      const picture = await uploadCardPictureViaApi(request, token);
      const serial = uniqueCode('SERIAL-NUMBER-LONG');
      await createGiftCardViaApi(request, token, {
        serialNumber: serial,
        cardPicture: picture,
        storeName: 'ica maxi stormarknad kungens kurva',
        amount: 1000000,
        price: 999999,
      });
      return {
        url: `/card-list?serialNumber=${serial}`,
        actions: ['View', 'Edit', 'Delete'].map((label) => ({ role: 'button' as const, name: `${label} ${serial}` })),
      };
    },
  },
  {
    list: 'quiz questions',
    caption: 'Quiz Questions',
    seed: async (request, token) => {
      const tag = uniqueLetters();
      const question = `How many steps does an adult walking briskly take in one hour on a flat road ${tag}?`;
      await createQuizViaApi(request, token, { question, coins: 100000 });
      const name = `${question.slice(0, 59).trimEnd()}…`;
      return {
        url: `/quiz-list?question=${tag}`,
        actions: [
          { role: 'link', name: `Edit ${name}` },
          { role: 'button', name: `Delete ${name}` },
        ],
      };
    },
  },
  {
    list: 'gift-box configs',
    caption: 'Gift Box Configs',
    seed: async (request, token) => {
      const type = `Weekend walkers golden box ${uniqueLetters()}`;
      await createGiftBoxConfigViaApi(request, token, {
        type,
        minCoins: 100000,
        maxCoins: 500000,
        stepsToUnlock: 250000,
      });
      return {
        url: `/box-list?type=${encodeURIComponent(type)}`,
        actions: [
          { role: 'link', name: `Edit ${type}` },
          { role: 'link', name: `Place box for ${type}` },
          { role: 'button', name: `Delete ${type}` },
        ],
      };
    },
  },
  {
    list: 'notifications',
    caption: 'Push Notifications',
    seed: async (request, token) => {
      const tag = uniqueLetters();
      const userId = await createUserViaApi(request, token, {
        name: `Nils ${tag}`,
        email: `nils.${tag}@example.com`,
      });
      const title = `Double coins all weekend long for every walker ${tag}`;
      const res = await request.post('/api/notification', {
        data: {
          title,
          message: `Walk more this weekend and every step counts twice, ${'far '.repeat(40)}${tag}`,
          language: 'en',
          audience: 'users',
          userIds: [userId],
        },
        headers: auth(token),
      });
      expect(res.status(), await res.text()).toBe(200);
      return { url: `/notification-list?title=${tag}`, actions: [{ role: 'button', name: `Delete ${title}` }] };
    },
  },
  {
    list: 'complaint queries',
    caption: 'Complaint Queries',
    seed: async (request, token) => {
      const tag = uniqueLetters();
      const walker = await createAppUser(request, token, `Bartholomew Wolfeschlegelsteinhausen ${tag}`);
      const title = `My coins from last weekend never arrived in the app ${tag}`;
      await sendQueryFromApp(request, walker, title, 'I walked twenty thousand steps.');
      return {
        url: `/query-list?title=${tag}`,
        actions: [
          { role: 'link', name: `View ${title}` },
          { role: 'button', name: `Delete ${title}` },
        ],
      };
    },
  },
];

const sizes = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** Horizontal overflow of an element: how far its content reaches past its box. */
const overflowX = (l: Locator) => l.evaluate((el) => el.scrollWidth - el.clientWidth);

async function expectInReach(page: Page, control: Locator, width: number) {
  await expect(control).toBeVisible();
  const box = (await control.boundingBox())!;
  expect(box.x, 'starts on screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'ends on screen').toBeLessThanOrEqual(width);
  // Its whole label is shown.
  expect(await overflowX(control), 'label not cut').toBeLessThanOrEqual(0);
}

for (const size of sizes) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    for (const { list, caption, seed } of lists) {
      test(`${list}: the first row's actions are in reach, nothing scrolls sideways`, async ({ page, signIn }) => {
        const { token } = await signIn('admin');
        const { url, actions } = await seed(page.request, token);
        await page.goto(url);
        const scroller = page.getByTestId('list-scroller');
        await expect(scroller.getByRole(actions[0]!.role, { name: actions[0]!.name })).toBeVisible();

        // Phones get one card per row; wider screens the table, named by its caption.
        if (size.width < 768) await expect(page.getByRole('list', { name: caption })).toBeVisible();
        else await expect(page.getByRole('table', { name: caption })).toBeVisible();

        expect(await page.evaluate(() => window.scrollX)).toBe(0);
        for (const { role, name } of actions) await expectInReach(page, page.getByRole(role, { name }), size.width);
        expect(await overflowX(scroller), 'the list scrolls sideways').toBeLessThanOrEqual(0);
        expect(await overflowX(page.locator('html')), 'the page scrolls sideways').toBeLessThanOrEqual(0);
      });
    }
  });
}

test('the Columns chooser: a hidden column stays hidden after a reload, for this admin only', async ({
  page,
  signIn,
  browser,
}) => {
  const { token } = await signIn('admin');
  const { url } = await lists[0]!.seed(page.request, token);
  await page.goto(url);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  // Role is off by default, to leave the actions room.
  await expect(table.getByRole('columnheader', { name: 'Role' })).toHaveCount(0);

  // From the keyboard: open, tick off Email, close with Escape back onto the button.
  const button = page.getByRole('button', { name: 'Columns' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('group', { name: 'Columns of Users' });
  await expect(panel.getByRole('checkbox', { name: 'Email' })).toBeFocused();
  // The optional columns; Name and the actions are always shown.
  await expect(panel.getByRole('checkbox')).toHaveCount(5);
  await expect(panel.getByRole('checkbox', { name: 'Name' })).toHaveCount(0);
  await expect(panel.getByRole('checkbox', { name: 'Role' })).not.toBeChecked();
  await page.keyboard.press('Space');
  await expect(panel.getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
  await expect(table.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
  await expectAccessible(page, 'user list (Columns open)');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveText(/2 hidden/);

  await page.reload();
  await expect(table.getByRole('rowheader')).toHaveCount(1);
  await expect(table.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
  const myId = await page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key)!) as { user: { id: number } }).user.id,
    storageKeys.session,
  );
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('strideadmin.columns.'))),
  ).toEqual([`strideadmin.columns.${myId}.users`]);

  // Another administrator in this browser sees the defaults.
  const other = await createAdminViaApi(page.request, token, `Olga ${uniqueLetters()}`);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const second = await context.newPage();
  const login = await second.request.post('/api/auth/login', {
    data: { email: other.email, password: other.password, adminPortal: true },
  });
  const { body } = (await login.json()) as { body: unknown };
  await second.addInitScript(
    ([key, value, stored]) => {
      localStorage.setItem(key!, value!);
      localStorage.setItem(stored!, JSON.stringify({ email: false }));
    },
    [storageKeys.session, JSON.stringify(body), `strideadmin.columns.${myId}.users`],
  );
  await second.goto(url);
  await expect(second.getByRole('table', { name: 'Users' }).getByRole('columnheader', { name: 'Email' })).toBeVisible();
  await context.close();

  // Reset to defaults brings it back; storage cleared: the defaults too.
  await button.click();
  await panel.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(table.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  await panel.getByRole('checkbox', { name: 'Coins' }).uncheck();
  await expect(table.getByRole('columnheader', { name: 'Coins' })).toHaveCount(0);
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('strideadmin.columns.')) localStorage.removeItem(k);
  });
  await page.reload();
  await expect(table.getByRole('columnheader', { name: 'Coins' })).toBeVisible();
});

test('a phone: cards with label and value, sortable, and accessible', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { token } = await signIn('admin');
  const { url } = await lists[0]!.seed(page.request, token);
  await page.goto(url);
  const cards = page.getByRole('list', { name: 'Users' });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards.getByRole('term')).toHaveText(['Email', 'Coins', 'Status', 'Created']);
  await expect(cards.getByRole('definition').nth(1)).toHaveText((1234567).toLocaleString('en-US'));
  const byName = page.getByRole('group', { name: 'Sort Users' }).getByRole('button', { name: /^Sort by Name/ });
  await expect(byName).toHaveAttribute('aria-pressed', 'false');
  await byName.click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(byName).toHaveAttribute('aria-pressed', 'true');
  // The page's select-all is there on a phone too, and selects the cards.
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(cards.getByRole('checkbox').first()).toBeChecked();
  await expect(page.getByText('1 selected')).toBeVisible();
  await expectAccessible(page, 'user list (phone cards)');
});
