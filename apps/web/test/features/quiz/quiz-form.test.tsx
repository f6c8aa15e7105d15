import { messages } from '@strideadmin/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import { Toaster } from '../../../src/components/toaster';
import { expectConsole } from '../../support/console';
import { jsonResponse } from '../../support/fixtures';
import { preloadScreens, renderApp } from '../../support/render-app';
import { selectNamed, setupFakeTimedUser } from '../../support/user';
import { makeQuiz, serveQuiz } from './quiz-data';

beforeAll(async () => {
  await preloadScreens();
  await import('../../../src/features/quiz/add-quiz-page');
  await import('../../../src/features/quiz/update-quiz-page');
  await import('../../../src/features/quiz/quiz-list-page');
});

type User = ReturnType<typeof setupFakeTimedUser>['user'];
const textbox = (name: string) => screen.getByRole('textbox', { name });
const coins = () => screen.getByRole('textbox', { name: 'Coins' });
/** A Select of the form: its button, named by its label. */
const select = (name: string) => screen.getByRole('button', { name: selectNamed(name) });
const toasts = () => screen.queryAllByTestId('toast').map((t) => t.firstElementChild?.textContent);

async function choose(user: User, label: string, option: string) {
  await user.click(select(label));
  await user.click(screen.getByRole('option', { name: option }));
}

async function fillValid(user: User) {
  await user.type(textbox('Question'), 'How many steps make a mile?');
  await user.type(textbox('Option 1'), 'About 500');
  await user.type(textbox('Option 2'), 'About 2000');
  await user.type(textbox('Option 3'), 'About 10000');
  await user.type(textbox('Option 4'), 'About 50000');
  await choose(user, 'Correct Option', 'Option 2');
  await choose(user, 'Language', 'Swedish');
  await user.type(coins(), '25');
}

describe('/add-quiz: the quiz form (contract createQuizSchema)', () => {
  test('an empty form shows each required message under its field and sends nothing', async () => {
    const { user } = setupFakeTimedUser();
    const { savesSeen } = serveQuiz([]);
    renderApp('/add-quiz');
    expect(await screen.findByRole('heading', { name: 'Add Quiz Question' })).toBeInTheDocument();
    // Status defaults to Active.
    expect(select('Status')).toHaveTextContent('Active');
    await user.click(screen.getByRole('button', { name: 'Add Quiz Question' }));

    await waitFor(() => expect(textbox('Question')).toHaveAccessibleDescription(messages.questionRequired));
    expect(textbox('Option 1')).toHaveAccessibleDescription(messages.option1Required);
    expect(textbox('Option 2')).toHaveAccessibleDescription(messages.option2Required);
    expect(textbox('Option 3')).toHaveAccessibleDescription(messages.option3Required);
    expect(textbox('Option 4')).toHaveAccessibleDescription(messages.option4Required);
    expect(select('Correct Option')).toHaveAccessibleDescription(messages.correctOptionRequired);
    expect(select('Language')).toHaveAccessibleDescription(messages.languageRequired);
    expect(coins()).toHaveAccessibleDescription(messages.coinsRequired);
    expect(savesSeen()).toEqual([]);
  });

  test('options must differ (any case, outer spaces); coins are whole and 0 or more', async () => {
    const { user } = setupFakeTimedUser();
    const { savesSeen } = serveQuiz([]);
    renderApp('/add-quiz');
    await screen.findByRole('heading', { name: 'Add Quiz Question' });
    await fillValid(user);
    await user.clear(textbox('Option 3'));
    await user.type(textbox('Option 3'), '  about 500 ');
    await user.clear(coins());
    await user.type(coins(), '-3');
    await user.click(screen.getByRole('button', { name: 'Add Quiz Question' }));

    await waitFor(() => expect(coins()).toHaveAccessibleDescription(messages.numberMin0));
    await user.clear(coins());
    await user.type(coins(), '2.5');
    await waitFor(() => expect(coins()).toHaveAccessibleDescription(messages.integerOnly));
    await user.clear(coins());
    await user.type(coins(), '10');
    await user.click(screen.getByRole('button', { name: 'Add Quiz Question' }));
    await waitFor(() => expect(textbox('Option 3')).toHaveAccessibleDescription(messages.optionsMustDiffer));
    expect(textbox('Option 1')).not.toHaveAccessibleDescription();

    // Changing the repeated option clears the message.
    await user.clear(textbox('Option 3'));
    await user.type(textbox('Option 3'), 'About 10000');
    await waitFor(() => expect(textbox('Option 3')).not.toHaveAccessibleDescription());
    expect(savesSeen()).toEqual([]);
  });

  test('Coins take digits only; left empty they are required, never "only numbers"', async () => {
    const { user } = setupFakeTimedUser();
    const { savesSeen } = serveQuiz([]);
    renderApp('/add-quiz');
    await screen.findByRole('heading', { name: 'Add Quiz Question' });
    await fillValid(user);
    for (const text of ['1e5', '0x10', '12abc', 'Infinity', '1,5']) {
      await user.clear(coins());
      await user.type(coins(), text);
      await user.click(screen.getByRole('button', { name: 'Add Quiz Question' }));
      await waitFor(() => expect(coins()).toHaveAccessibleDescription(messages.onlyNumbers));
    }
    await user.clear(coins());
    await user.type(coins(), '1.5');
    await waitFor(() => expect(coins()).toHaveAccessibleDescription(messages.integerOnly));
    await user.clear(coins());
    await waitFor(() => expect(coins()).toHaveAccessibleDescription(messages.coinsRequired));
    await user.type(coins(), ' 40 ');
    await waitFor(() => expect(coins()).not.toHaveAccessibleDescription());
    expect(savesSeen()).toEqual([]);
  });

  test('moving through the options does not call the untouched ones required', async () => {
    const { user } = setupFakeTimedUser();
    serveQuiz([]);
    renderApp('/add-quiz');
    await screen.findByRole('heading', { name: 'Add Quiz Question' });
    await user.type(textbox('Option 1'), 'Yes');
    await user.type(textbox('Option 2'), 'No');
    await user.click(textbox('Option 3'));
    await waitFor(() => expect(textbox('Option 2')).not.toHaveAccessibleDescription());
    expect(textbox('Option 3')).not.toHaveAccessibleDescription();
    expect(textbox('Option 4')).not.toHaveAccessibleDescription();
    // A field the user left empty does say so.
    await user.click(textbox('Option 4'));
    await waitFor(() => expect(textbox('Option 3')).toHaveAccessibleDescription(messages.option3Required));
    expect(textbox('Option 4')).not.toHaveAccessibleDescription();
  });

  test('a valid question is posted with numbers and the language code; the toast, then /quiz-list', async () => {
    const { user } = setupFakeTimedUser();
    const { savesSeen } = serveQuiz([], {
      saves: [jsonResponse(200, { message: messages.quizCreated, body: { id: 12 } })],
    });
    const app = renderApp('/add-quiz');
    render(<Toaster />);
    await screen.findByRole('heading', { name: 'Add Quiz Question' });
    await fillValid(user);
    await choose(user, 'Status', 'Inactive');
    await user.click(screen.getByRole('button', { name: 'Add Quiz Question' }));

    await waitFor(() => expect(app.location().pathname).toBe('/quiz-list'));
    expect(savesSeen().map((r) => [r.method, r.body])).toEqual([
      [
        'POST',
        {
          question: 'How many steps make a mile?',
          option1: 'About 500',
          option2: 'About 2000',
          option3: 'About 10000',
          option4: 'About 50000',
          correctOption: 2,
          language: 'sv',
          coins: 25,
          isActive: false,
        },
      ],
    ]);
    expect(toasts()).toEqual([messages.quizCreated]);
  });

  test('a server refusal shows under the form, and only there; the form stays', async () => {
    const { user } = setupFakeTimedUser();
    serveQuiz([], { saves: [jsonResponse(400, { message: messages.validationFailed })] });
    const app = renderApp('/add-quiz');
    render(<Toaster />);
    await screen.findByRole('heading', { name: 'Add Quiz Question' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add Quiz Question' }));
    await waitFor(() => expect(screen.getByTestId('form-error')).toHaveTextContent(messages.validationFailed));
    expect(toasts()).toEqual([]);
    expect(app.location().pathname).toBe('/add-quiz');
  });
});

describe('/update-quiz?id', () => {
  const stored = makeQuiz({ id: 11, correctOption: 3, language: 'sv', coins: 30, isActive: false });

  test('loads the question into the form; PUT sends updateId and every field; success goes to /quiz-list', async () => {
    const { user } = setupFakeTimedUser();
    const { api, savesSeen } = serveQuiz([stored], {
      saves: [jsonResponse(200, { message: messages.quizUpdated, body: stored })],
    });
    const app = renderApp('/update-quiz?id=11');
    render(<Toaster />);
    expect(await screen.findByRole('heading', { name: 'Update Quiz Question' })).toBeInTheDocument();
    expect(api.seen.some((r) => r.method === 'GET' && r.url.pathname === '/api/quiz/11')).toBe(true);
    expect(textbox('Question')).toHaveValue(stored.question);
    expect(textbox('Option 4')).toHaveValue(stored.option4);
    expect(select('Correct Option')).toHaveTextContent('Option 3');
    expect(select('Language')).toHaveTextContent('Swedish');
    expect(coins()).toHaveValue('30');
    expect(select('Status')).toHaveTextContent('Inactive');

    await user.clear(textbox('Option 1'));
    await user.type(textbox('Option 1'), 'About 1500');
    await choose(user, 'Correct Option', 'Option 1');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(app.location().pathname).toBe('/quiz-list'));
    expect(savesSeen().map((r) => [r.method, r.body])).toEqual([
      [
        'PUT',
        {
          updateId: 11,
          question: stored.question,
          option1: 'About 1500',
          option2: stored.option2,
          option3: stored.option3,
          option4: stored.option4,
          correctOption: 1,
          language: 'sv',
          coins: 30,
          isActive: false,
        },
      ],
    ]);
    expect(toasts()).toEqual([messages.quizUpdated]);
  });

  test('Cancel goes back to the previous screen', async () => {
    const { user } = setupFakeTimedUser();
    serveQuiz([stored]);
    const app = renderApp('/quiz-list?language=sv');
    await screen.findByRole('heading', { name: 'Quiz Questions', level: 1 });
    await app.router.navigate('/update-quiz?id=11');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(app.location().pathname).toBe('/quiz-list'));
    expect(app.location().search).toBe('?language=sv');
  });

  test('an unknown id says the question was not found, once, with a way back and no Retry', async () => {
    setupFakeTimedUser();
    expectConsole('warn', 'Load failed');
    serveQuiz([stored]);
    renderApp('/update-quiz?id=999');
    render(<Toaster />);
    const back = await screen.findByRole('link', { name: 'Go to quiz questions' });
    expect(back).toHaveAttribute('href', '/quiz-list');
    const panel = back.closest<HTMLElement>('[role="alert"]')!;
    expect(panel).toHaveTextContent(messages.quizNotFound);
    expect(within(panel).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(toasts()).toEqual([]);
  });

  test('a malformed id asks nothing of the server', async () => {
    const { api } = serveQuiz([stored]);
    renderApp('/update-quiz?id=abc');
    expect(await screen.findByText(messages.quizNotFound)).toBeInTheDocument();
    expect(api.seen.some((r) => r.url.pathname.startsWith('/api/quiz'))).toBe(false);
  });
});
