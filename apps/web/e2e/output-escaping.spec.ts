import { messages } from '@strideadmin/contract';
import { createAdminViaApi, createUserViaApi, uniqueLetters } from './support/api';
import { createAppUser, sendQueryFromApp } from './support/app-users';
import { createTrackedWalker, redeemCard } from './support/dashboard';
import { expect, test, type Page } from './support/fixtures';
import { createGiftBoxConfigViaApi } from './support/gift-boxes';
import { createGiftCardViaApi, uploadCardPictureViaApi } from './support/gift-cards';
import { createQuizViaApi } from './support/quiz';
import { formulas, html, watchForXss } from './support/xss';
import { dataCells } from './support/cells';

/**
 * Output escaping: data whose text is an attack payload (markup that would run script, spreadsheet
 * formulas) is stored through the real API and shown by every screen that shows it as literal
 * text: nothing runs, nothing becomes markup, no dialog opens. Each test tags its data with its
 * own unique word and filters by it.
 */
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
/** The value of a definition list entry (details screens and dialogs). */
const fact = (scope: Page | ReturnType<Page['getByRole']>, term: string) =>
  scope.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
const shows = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeVisible();

/** A delete confirmation titled `title` (the dialog's root has no box: its heading is checked), then Cancel. */
async function confirmShows(page: Page, title: string, text?: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('heading', { name: title, exact: true })).toBeVisible();
  if (text) await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
}

test('user names: the API refuses markup; whatever name the server answers is shown as text everywhere', async ({
  page,
  signIn,
}) => {
  const expectInert = watchForXss(page);
  const { token } = await signIn('admin');
  const tag = uniqueLetters();

  // A name is letters and spaces only (docs/behaviour.md §5): no payload can be stored as one, by any call.
  for (const name of [html.script, html.img, formulas.cmd]) {
    const res = await page.request.post('/api/users', {
      data: { name, email: `x.${uniqueLetters()}@example.com` },
      headers: auth(token),
    });
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain(messages.nameLettersOnly.trim());
  }

  // So the names are rewritten in the server's answers, as data written by another client
  // (an older app, a database import) would come back.
  const admin = await createAdminViaApi(page.request, token, `Ada ${tag}`);
  const img = `Ivy ${tag}`;
  const svg = `Sam ${tag}`;
  const formula = `Fay ${tag}`;
  for (const name of [img, svg, formula]) {
    await createUserViaApi(page.request, token, { name, email: `${name.replace(' ', '.').toLowerCase()}@example.com` });
  }
  const rewrite: [string, string][] = [
    [admin.name, html.script],
    [img, html.img],
    [svg, html.svg],
    [formula, formulas.cmd],
  ];
  await page.route(/\/api\/(users|notification)/, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    let body = await response.text();
    for (const [from, to] of rewrite) body = body.replaceAll(JSON.stringify(from), JSON.stringify(to));
    await route.fulfill({ response, body });
  });
  await signIn({ email: admin.email, password: admin.password });

  // Home: the welcome line and the top bar's name, refreshed from GET /users/{myId}.
  await page.goto('/');
  await shows(page, `Welcome, ${html.script}`);
  await expect(page.getByTestId('user-name')).toHaveText(html.script);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectInert();

  // The user list (filtered by the real names' tag), its delete dialog, the details, the form.
  await page.goto(`/user-list?name=${tag}`);
  const rows = page.getByRole('table', { name: 'Users' }).getByRole('rowheader');
  await expect(rows).toHaveCount(4);
  for (const [, shown] of rewrite) await shows(page, shown);
  await page.getByRole('button', { name: `Delete ${html.img}` }).click();
  await confirmShows(page, `Delete user ${html.img}?`);
  await expectInert();

  await page.getByRole('link', { name: html.svg, exact: true }).click();
  await expect(page.getByTestId('user-details-name')).toHaveText(html.svg);
  await page.getByRole('button', { name: 'Enlarge picture' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: html.svg })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Edit User' }).click();
  await expect(page.getByLabel('Name')).toHaveValue(html.svg);
  await expectInert();

  // The notification form's user search shows names too.
  await page.goto('/add-notification');
  await page.getByRole('button', { name: 'Audience' }).click();
  await page.getByRole('option', { name: 'Chosen users' }).click();
  await page.getByRole('combobox', { name: 'Users' }).pressSequentially(tag);
  const options = page.getByRole('listbox', { name: 'Users' }).getByRole('option');
  await expect(options.filter({ hasText: html.img })).toHaveCount(1);
  await expect(options.filter({ hasText: formulas.cmd })).toHaveCount(1);
  await expectInert();
});

test('gift cards: list, details dialog, update form, save toast, delete dialog, the user who redeemed it', async ({
  page,
  signIn,
}) => {
  const expectInert = watchForXss(page);
  const { token } = await signIn('admin');
  const tag = uniqueLetters().toUpperCase();
  const serial = `${html.script} ${tag}`;
  const picture = await uploadCardPictureViaApi(page.request, token);
  const { id } = await createGiftCardViaApi(page.request, token, {
    serialNumber: serial,
    controlCode: `${formulas.hyperlink} ${tag}`,
    storeName: html.img,
    storeAddress: html.svg,
    price: 0,
    cardPicture: picture,
  });
  const walker = await createTrackedWalker(page.request, token, `Rita ${uniqueLetters()}`);
  await redeemCard(page.request, walker, id);

  await page.goto(`/card-list?serialNumber=${tag}`);
  const table = page.getByRole('table', { name: 'Gift Cards' });
  await expect(table.getByRole('rowheader')).toHaveText([serial]);
  await expect(dataCells(table).first()).toHaveText(html.img);
  await expectInert();

  await page.getByRole('button', { name: `View ${serial}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Card Details' });
  await expect(fact(dialog, 'Serial Number')).toHaveText(serial);
  await expect(fact(dialog, 'Store Name')).toHaveText(html.img);
  await expect(fact(dialog, 'Store Address')).toHaveText(html.svg);
  await expectInert();
  await dialog.getByRole('button', { name: 'Edit' }).click();

  await expect(page).toHaveURL(`/update-card?id=${id}`);
  await expect(page.getByLabel('Serial No')).toHaveValue(serial);
  await expect(page.getByLabel('Control Code')).toHaveValue(`${formulas.hyperlink} ${tag}`);
  await expect(page.getByLabel('Store Name')).toHaveValue(html.img);
  await expect(page.getByLabel('Store Address')).toHaveValue(html.svg);
  await page.getByLabel('Store Name').fill(formulas.at);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, messages.giftCardUpdated)).toBeVisible();
  await expect(page).toHaveURL('/card-list');
  await page.goto(`/card-list?serialNumber=${tag}`);
  await expect(dataCells(table).first()).toHaveText(formulas.at);
  await page.getByRole('button', { name: `Delete ${serial}` }).click();
  await confirmShows(page, `Delete gift card ${serial}?`, formulas.at);
  await expectInert();

  // The user who redeemed it: the card in Associated Gift Cards, and its dialog.
  await page.goto(`/user-details?id=${walker.id}`);
  await shows(page, serial);
  await shows(page, formulas.at);
  await page.getByRole('button', { name: 'View Details' }).click();
  await expect(fact(page.getByRole('dialog', { name: 'Card Details' }), 'Store Address')).toHaveText(html.svg);
  await expectInert();
});

test('bulk import preview: the cells of a CSV file are shown as text', async ({ page, signIn }) => {
  const expectInert = watchForXss(page);
  await signIn('admin');
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const header =
    'Serial Number,Control Code,Coin Price,Currency,Amount,Store Name,Store Address,Valid Till,Expiry Duration in Minutes';
  const row = [html.script, formulas.cmd, '500', 'SEK', '100', html.img, html.svg, '2099-12-31', '60'].map(q);
  const bad = [formulas.plus, formulas.minus, 'x', 'SEK', '1', formulas.hyperlink, formulas.at, 'never', '1'].map(q);
  await page.goto('/add-multiple-card');
  await page.getByLabel('CSV File').setInputFiles({
    name: 'cards.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\r\n${row.join(',')}\r\n${bad.join(',')}\r\n`),
  });
  for (const text of [html.script, formulas.cmd, html.img, html.svg, formulas.plus, formulas.hyperlink])
    await shows(page, text);
  await expectInert();
});

test('quiz questions and gift box configs: lists, update forms, save toasts, delete dialogs', async ({
  page,
  signIn,
}) => {
  const expectInert = watchForXss(page);
  const { token } = await signIn('admin');
  const tag = uniqueLetters();
  const question = `${html.svg} ${tag}`;
  const quizId = await createQuizViaApi(page.request, token, {
    question,
    option1: html.script,
    option2: html.img,
    option3: formulas.cmd,
    option4: formulas.minus,
  });

  await page.goto(`/quiz-list?question=${tag}`);
  await expect(page.getByRole('table', { name: 'Quiz Questions' }).getByRole('rowheader')).toHaveText([question]);
  await expectInert();
  await page.goto(`/update-quiz?id=${quizId}`);
  await expect(page.getByRole('textbox', { name: 'Question', exact: true })).toHaveValue(question);
  await expect(page.getByRole('textbox', { name: 'Option 1' })).toHaveValue(html.script);
  await expect(page.getByRole('textbox', { name: 'Option 2' })).toHaveValue(html.img);
  await expect(page.getByRole('textbox', { name: 'Option 3' })).toHaveValue(formulas.cmd);
  await expect(page.getByRole('textbox', { name: 'Option 4' })).toHaveValue(formulas.minus);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, messages.quizUpdated)).toBeVisible();
  await expect(page).toHaveURL(/\/quiz-list/);
  await page.goto(`/quiz-list?question=${tag}`);
  await page.getByRole('button', { name: `Delete ${question}` }).click();
  await confirmShows(page, 'Delete this quiz question?', `“${question}”`);
  await expectInert();

  const type = `${html.img} ${tag}`;
  const formulaType = `${formulas.plus} ${tag}`;
  const configId = await createGiftBoxConfigViaApi(page.request, token, { type });
  await createGiftBoxConfigViaApi(page.request, token, { type: formulaType });
  await page.goto(`/box-list?type=${tag}`);
  await expect(page.getByRole('table', { name: 'Gift Box Configs' }).getByRole('rowheader')).toHaveText([
    formulaType,
    type,
  ]);
  await page.getByRole('button', { name: `Delete ${type}` }).click();
  await confirmShows(page, `Delete config ${type}?`);
  await expectInert();
  await page.goto(`/update-box?id=${configId}`);
  await expect(page.getByLabel('Config Name')).toHaveValue(type);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, messages.giftBoxConfigUpdated)).toBeVisible();
  await expect(page).toHaveURL(/\/box-list/);
  await expectInert();
});

test('notifications and complaint queries: lists, details, delete dialogs', async ({ page, signIn }) => {
  const expectInert = watchForXss(page);
  const { token } = await signIn('admin');
  const tag = uniqueLetters();
  const walker = await createAppUser(page.request, token, `Nils ${tag}`);

  const title = `${html.script} ${tag}`;
  const message = `${html.img} ${formulas.cmd}`;
  const sent = await page.request.post('/api/notification', {
    data: { title, message, language: 'en', audience: 'users', userIds: [walker.id] },
    headers: auth(token),
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await page.goto(`/notification-list?title=${tag}`);
  const row = page
    .getByRole('table', { name: 'Push Notifications' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
  await expect(dataCells(row).first()).toHaveText(message);
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await confirmShows(page, `Delete notification ${title}?`);
  await expectInert();

  const queryTitle = `${html.svg} ${tag}`;
  const formulaTitle = `${formulas.hyperlink} ${tag}`;
  const queryMessage = `${html.script}\n${html.img}\n${formulas.plus}`;
  await sendQueryFromApp(page.request, walker, queryTitle, queryMessage);
  await sendQueryFromApp(page.request, walker, formulaTitle, formulas.at);
  await page.goto(`/query-list?title=${tag}`);
  const titles = page.getByRole('table', { name: 'Complaint Queries' }).getByRole('rowheader').getByRole('link');
  await expect(titles).toHaveText([formulaTitle, queryTitle]);
  await page.getByRole('button', { name: `Delete ${queryTitle}` }).click();
  await confirmShows(page, `Delete complaint query ${queryTitle}?`);
  await expectInert();

  await page.getByRole('link', { name: `View ${queryTitle}` }).click();
  await expect(page.getByTestId('query-title')).toHaveText(queryTitle);
  await expectInert();
  expect(await page.getByTestId('query-message').textContent()).toBe(queryMessage);
});
