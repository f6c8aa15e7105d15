import { messages } from '@strideadmin/contract';
import { uniqueLetters } from './support/api';
import { expect, test, type Page } from './support/fixtures';
import { createQuizViaApi } from './support/quiz';
import { commitDelete } from './support/undo';
import { dataCells } from './support/cells';

/**
 * Quiz questions against the real server (docs/behaviour.md §10–§12). Each test writes questions that
 * carry its own unique word and filters by it, so tests running side by side never show up in
 * each other's rows.
 */

/** The message under a text field (its accessible name is exactly its label). */
const errorOf = (page: Page, label: string) =>
  page.getByRole('textbox', { name: label, exact: true }).locator('xpath=following-sibling::p[1]');
const table = (page: Page) => page.getByRole('table', { name: 'Quiz Questions' });
const questions = (page: Page) => table(page).getByRole('rowheader');
const rowOf = (page: Page, question: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: question }) });
const filters = (page: Page) => page.getByRole('search', { name: 'Filter quiz questions' });
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

async function choose(page: Page, scope: Page | ReturnType<typeof filters>, label: string, option: string) {
  await scope.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('quiz journey: add → list → filter by question and by language → edit → delete', async ({ page, signIn }) => {
  const { token } = await signIn('admin');
  const word = uniqueLetters();
  const swedish = `Hur långt är ett maraton ${word}?`;
  const english = `How long is a marathon ${word}?`;
  await createQuizViaApi(page.request, token, { question: english, language: 'en', coins: 5 });

  // Add through the form.
  await page.goto('/quiz-list');
  await expect(page.getByRole('heading', { name: 'Quiz Questions', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add Quiz Question' }).first().click();
  await expect(page).toHaveURL('/add-quiz');
  await page.getByRole('textbox', { name: 'Question', exact: true }).fill(swedish);
  await page.getByRole('textbox', { name: 'Option 1' }).fill('42 km');
  await page.getByRole('textbox', { name: 'Option 2' }).fill('21 km');
  await page.getByRole('textbox', { name: 'Option 3' }).fill('10 km');
  await page.getByRole('textbox', { name: 'Option 4' }).fill('5 km');
  await choose(page, page, 'Correct Option', 'Option 1');
  await choose(page, page, 'Language', 'Swedish');
  await page.getByLabel('Coins').fill('30');
  await expect(page.getByRole('button', { name: 'Status' })).toHaveText(/Active/);
  await page.getByRole('button', { name: 'Add Quiz Question' }).click();

  await expect(page).toHaveURL('/quiz-list');
  await expect(toast(page, messages.quizCreated)).toBeVisible();

  // Filter by question (contains, any case): both questions carry the word.
  const search = page.getByRole('searchbox', { name: 'Question' });
  await search.fill(word.toUpperCase());
  await search.press('Enter');
  await expect(page).toHaveURL(`/quiz-list?question=${word.toUpperCase()}`);
  await expect(questions(page)).toHaveText([swedish, english]);
  const cells = dataCells(rowOf(page, swedish));
  await expect(cells.nth(0)).toHaveText('Swedish');
  await expect(cells.nth(1)).toHaveText('Option 1');
  await expect(cells.nth(2)).toHaveText('30');
  await expect(cells.nth(3)).toHaveText('Active');

  // And by language: the select's value goes into the URL.
  await choose(page, filters(page), 'Language', 'Swedish');
  await filters(page).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(`/quiz-list?question=${word.toUpperCase()}&language=sv`);
  await expect(questions(page)).toHaveText([swedish]);
  await choose(page, filters(page), 'Language', 'English');
  await filters(page).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]language=en$/);
  await expect(questions(page)).toHaveText([english]);
  await page.goBack();
  await expect(questions(page)).toHaveText([swedish]);

  // Edit.
  await rowOf(page, swedish)
    .getByRole('link', { name: `Edit ${swedish}` })
    .click();
  await expect(page).toHaveURL(/\/update-quiz\?id=\d+$/);
  await expect(page.getByRole('textbox', { name: 'Question', exact: true })).toHaveValue(swedish);
  await expect(page.getByRole('button', { name: 'Correct Option' })).toHaveText(/Option 1/);
  await expect(page.getByRole('button', { name: 'Language' })).toHaveText(/Swedish/);
  await page.getByLabel('Coins').fill('45');
  await choose(page, page, 'Correct Option', 'Option 3');
  await choose(page, page, 'Status', 'Inactive');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL('/quiz-list');
  await expect(toast(page, messages.quizUpdated)).toBeVisible();

  await page.goto(`/quiz-list?question=${word}&language=sv`);
  await expect(questions(page)).toHaveText([swedish]);
  await expect(cells.nth(1)).toHaveText('Option 3');
  await expect(cells.nth(2)).toHaveText('45');
  await expect(cells.nth(3)).toHaveText('Inactive');

  // Delete, after a confirmation.
  await rowOf(page, swedish)
    .getByRole('button', { name: `Delete ${swedish}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete this quiz question?' });
  await expect(dialog).toContainText(swedish);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await commitDelete(page);
  await expect(toast(page, messages.quizDeleted)).toBeVisible();
  await expect(page.getByText('No quiz questions found')).toBeVisible();
  await choose(page, filters(page), 'Language', 'All languages');
  await filters(page).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(questions(page)).toHaveText([english]);
});

test('the quiz form shows the contract messages under its fields', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/add-quiz');
  await page.getByRole('button', { name: 'Add Quiz Question' }).click();
  await expect(errorOf(page, 'Question')).toHaveText(messages.questionRequired);
  await expect(errorOf(page, 'Option 1')).toHaveText(messages.option1Required);
  await expect(errorOf(page, 'Option 4')).toHaveText(messages.option4Required);
  await expect(page.getByText(messages.correctOptionRequired)).toBeVisible();
  await expect(page.getByText(messages.languageRequired)).toBeVisible();

  await page.getByRole('textbox', { name: 'Question', exact: true }).fill('Which is right?');
  await page.getByRole('textbox', { name: 'Option 1' }).fill('Yes');
  await page.getByRole('textbox', { name: 'Option 2' }).fill('No');
  await page.getByRole('textbox', { name: 'Option 3' }).fill('Maybe');
  await page.getByRole('textbox', { name: 'Option 4' }).fill(' yes ');
  await choose(page, page, 'Correct Option', 'Option 2');
  await choose(page, page, 'Language', 'English');
  await page.getByLabel('Coins').fill('5');
  await page.getByRole('button', { name: 'Add Quiz Question' }).click();
  await expect(errorOf(page, 'Option 4')).toHaveText(messages.optionsMustDiffer);
  await expect(page).toHaveURL('/add-quiz');
});

test('Coins in a real browser: digits only, and left empty it is required (docs/behaviour.md §5 Numbers)', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/add-quiz');
  const coins = page.getByRole('textbox', { name: 'Coins', exact: true });
  const submit = page.getByRole('button', { name: 'Add Quiz Question' });
  await submit.click();
  await expect(errorOf(page, 'Coins')).toHaveText(messages.coinsRequired);
  // What the browser's number box would have read as 100000, 16 or an empty value.
  for (const text of ['1e5', '0x10', '12abc']) {
    await coins.fill(text);
    await submit.click();
    await expect(errorOf(page, 'Coins')).toHaveText(messages.onlyNumbers);
  }
  await coins.fill(' 12 ');
  await submit.click();
  await expect(errorOf(page, 'Coins')).toHaveCount(0);
});

test('an unknown question id shows not found with a way back', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/update-quiz?id=2147483000');
  const back = page.getByRole('link', { name: 'Go to quiz questions' });
  await expect(page.getByRole('alert').filter({ has: back })).toContainText(messages.quizNotFound);
  await back.click();
  await expect(page).toHaveURL('/quiz-list');
});
