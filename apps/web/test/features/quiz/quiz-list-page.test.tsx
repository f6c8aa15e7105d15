import { messages, limits } from '@strideadmin/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { Toaster } from '../../../src/components/toaster';
import { expectConsole } from '../../support/console';
import type { SeenRequest } from '../../support/fixtures';
import { preloadScreens, renderApp } from '../../support/render-app';
import { setupFakeTimedUser } from '../../support/user';
import { makeQuiz, serveQuiz } from './quiz-data';

beforeAll(async () => {
  await preloadScreens();
  await import('../../../src/features/quiz/quiz-list-page');
});

const query = (r: SeenRequest | undefined) => Object.fromEntries(r?.url.searchParams ?? []);
const filters = () => screen.getByRole('search', { name: 'Filter quiz questions' });
const table = () => screen.getByRole('table', { name: 'Quiz Questions' });
const questions = () =>
  within(table())
    .queryAllByRole('rowheader')
    .map((h) => h.textContent);
const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

const rows = [
  makeQuiz({ id: 1, question: 'How far is a marathon?', coins: 40, createdAt: '2024-03-01T10:00:00.000Z' }),
  makeQuiz({
    id: 2,
    question: 'Hur många steg är en mil?',
    language: 'sv',
    correctOption: 4,
    coins: 15,
    isActive: false,
    createdAt: '2024-02-01T10:00:00.000Z',
  }),
  makeQuiz({
    id: 3,
    question: 'Which muscle does walking train most?',
    coins: 5,
    createdAt: '2024-01-01T10:00:00.000Z',
  }),
];

describe('/quiz-list', () => {
  test('renders the rows of GET /quiz, newest first: language, correct option, coins, status, date', async () => {
    const { lists } = serveQuiz(rows);
    renderApp('/quiz-list');

    expect(await screen.findByRole('heading', { name: 'Quiz Questions', level: 1 })).toBeInTheDocument();
    await screen.findByRole('rowheader', { name: 'How far is a marathon?' });
    expect(query(lists()[0])).toEqual({ page: '1', limit: '20', order: 'desc', sort: 'createdAt' });
    expect(lists()[0]?.headers.authorization).toBe('Bearer jwt');
    expect(questions()).toEqual([
      'How far is a marathon?',
      'Hur många steg är en mil?',
      'Which muscle does walking train most?',
    ]);

    const swedish = screen.getByRole('rowheader', { name: 'Hur många steg är en mil?' }).closest('tr')!;
    expect(
      within(swedish)
        .getAllByRole('cell')
        // Not the row's selection checkbox.
        .filter((c) => !within(c).queryByRole('checkbox'))
        .map((c) => c.textContent),
    ).toEqual(['Swedish', 'Option 4', '15', 'Inactive', shortDate('2024-02-01T10:00:00.000Z'), 'EditDelete']);
    expect(within(swedish).getByRole('link', { name: 'Edit Hur många steg är en mil?' })).toHaveAttribute(
      'href',
      '/update-quiz?id=2',
    );
    expect(screen.getByRole('link', { name: 'Add Quiz Question' })).toHaveAttribute('href', '/add-quiz');
    expect(screen.getByTestId('page-summary')).toHaveTextContent('Showing 1–3 of 3');
    // Sortable where the contract allows; the correct option is not a sort column.
    for (const sortable of ['Question', 'Language', 'Coins', 'Status', 'Created'])
      expect(within(table()).getByRole('button', { name: sortable })).toBeInTheDocument();
    expect(within(screen.getByRole('columnheader', { name: 'Correct option' })).queryByRole('button')).toBeNull();
  });

  test('the Question filter is applied on Enter: into the URL as question=value and into the request', async () => {
    const user = userEvent.setup();
    const { lists } = serveQuiz(rows);
    const app = renderApp('/quiz-list?sort=coins&order=asc&page=2');
    await screen.findByTestId('empty-state');

    await user.type(screen.getByRole('searchbox', { name: 'Question' }), '  MARATHON {Enter}');
    await waitFor(() => expect(questions()).toEqual(['How far is a marathon?']));
    // Filtering goes back to page 1 and keeps the sort.
    expect(app.location().search).toBe('?order=asc&sort=coins&question=MARATHON');
    expect(query(lists().at(-1))).toEqual({
      page: '1',
      limit: '20',
      order: 'asc',
      sort: 'coins',
      question: 'MARATHON',
    });
  });

  test('the Language select filters by its option value (sv), kept in the URL; All clears it', async () => {
    const user = userEvent.setup();
    const { lists } = serveQuiz(rows);
    const app = renderApp('/quiz-list');
    await screen.findByRole('rowheader', { name: 'How far is a marathon?' });

    await user.click(within(filters()).getByRole('button', { name: /^Language / }));
    await user.click(screen.getByRole('option', { name: 'Swedish' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(questions()).toEqual(['Hur många steg är en mil?']));
    expect(app.location().search).toBe('?language=sv');
    expect(query(lists().at(-1))).toMatchObject({ language: 'sv' });

    await user.type(screen.getByRole('searchbox', { name: 'Question' }), 'mil{Enter}');
    await waitFor(() => expect(app.location().search).toBe('?question=mil&language=sv'));

    await user.click(within(filters()).getByRole('button', { name: /^Language / }));
    await user.click(screen.getByRole('option', { name: 'All languages' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(app.location().search).toBe('?question=mil'));
    expect(within(filters()).getByRole('button', { name: /^Language / })).toHaveTextContent('All languages');
  });

  test('a language that is not en or sv in the URL is ignored', async () => {
    const { lists } = serveQuiz(rows);
    renderApp('/quiz-list?language=de&question=how');
    await waitFor(() => expect(questions()).toEqual(['How far is a marathon?']));
    expect(query(lists()[0])).toEqual({ page: '1', limit: '20', order: 'desc', sort: 'createdAt', question: 'how' });
  });

  test('sorting by a header goes into the URL and the request', async () => {
    const user = userEvent.setup();
    const { lists } = serveQuiz(rows);
    const app = renderApp('/quiz-list');
    await screen.findByRole('rowheader', { name: 'How far is a marathon?' });
    await user.click(screen.getByRole('button', { name: 'Coins' }));
    await waitFor(() =>
      expect(questions()).toEqual([
        'Which muscle does walking train most?',
        'Hur många steg är en mil?',
        'How far is a marathon?',
      ]),
    );
    expect(app.location().search).toBe('?order=asc&sort=coins');
    expect(screen.getByRole('columnheader', { name: 'Coins' })).toHaveAttribute('aria-sort', 'ascending');
    expect(query(lists().at(-1))).toMatchObject({ sort: 'coins', order: 'asc' });
  });

  test('no quiz questions at all: the empty state offers Add Quiz Question, no filter hint', async () => {
    serveQuiz([]);
    renderApp('/quiz-list');
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent('No quiz questions found');
    expect(empty).not.toHaveTextContent(/filters/);
    expect(within(empty).getByRole('link', { name: 'Add Quiz Question' })).toHaveAttribute('href', '/add-quiz');
  });

  test('no match: an empty state with a hint and a way to clear the filters', async () => {
    const user = userEvent.setup();
    serveQuiz(rows);
    const app = renderApp('/quiz-list?question=nothing');
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent('No quiz questions found');
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('rowheader', { name: 'How far is a marathon?' });
    expect(app.location().search).toBe('');
  });

  test('delete asks first, then deletes, toasts the server message and the row is gone', async () => {
    const { user, elapse } = setupFakeTimedUser();
    const { api } = serveQuiz(rows);
    renderApp('/quiz-list');
    render(<Toaster />);
    await screen.findByRole('rowheader', { name: 'How far is a marathon?' });

    await user.click(screen.getByRole('button', { name: 'Delete Hur många steg är en mil?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this quiz question?' });
    expect(dialog).toHaveTextContent('“Hur många steg är en mil?” will be deleted.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.seen.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Hur många steg är en mil?' }));
    const again = await screen.findByRole('dialog', { name: 'Delete this quiz question?' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The row goes at once; the server is asked when the Undo window ends (docs/behaviour.md §12).
    expect(questions()).toEqual(['How far is a marathon?', 'Which muscle does walking train most?']);
    expect(screen.getByTestId('toast')).toHaveTextContent('1 quiz question will be deleted.');
    expect(api.seen.some((r) => r.method === 'DELETE')).toBe(false);
    await elapse(limits.undoMs);
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent(messages.quizDeleted));
    expect(questions()).toEqual(['How far is a marathon?', 'Which muscle does walking train most?']);
    expect(screen.getByTestId('toast')).toHaveAttribute('data-kind', 'success');
    expect(api.seen.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/api/quiz/2']);
  });

  test('a failed load shows the error with Retry; Retry loads the rows', async () => {
    const user = userEvent.setup();
    expectConsole('warn', 'Load failed');
    serveQuiz(rows, { failLists: 1 });
    renderApp('/quiz-list');
    const error = await screen.findByTestId('error-state');
    expect(error).toHaveTextContent('Could not load quiz questions');
    expect(error).toHaveTextContent(messages.tooManyRequests);
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('rowheader', { name: 'How far is a marathon?' })).toBeInTheDocument();
  });
});
