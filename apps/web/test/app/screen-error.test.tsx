import { coreMessages } from '@strideadmin/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, test, vi } from 'vitest';
import { session } from '../../src/lib/session';
import { expectConsole } from '../support/console';
import { makeDashboard } from '../support/dashboard';
import { jsonResponse, makeUser, makeUserDetail, stubFetch, stubMatchMedia } from '../support/fixtures';
import { preloadScreens, renderApp } from '../support/render-app';

// The quiz list screen breaks while rendering.
vi.mock('../../src/features/quiz/quiz-list-page', () => ({
  QuizListPage: () => {
    throw new Error('the quiz list broke');
  },
}));

beforeAll(preloadScreens);

test('a screen that throws shows its error panel inside the shell; the sidebar still moves to another screen', async () => {
  const user = makeUser();
  session.signIn(user, 'jwt');
  stubMatchMedia(false);
  stubFetch((req) =>
    req.url.pathname === `/api/users/${user.id}`
      ? jsonResponse(200, { body: makeUserDetail(user) })
      : req.url.pathname === '/api/message'
        ? jsonResponse(200, { body: { rows: [], count: 0 } })
        : req.url.pathname === '/api/dashboard'
          ? jsonResponse(200, { body: makeDashboard('Today') })
          : jsonResponse(404, { message: 'This call does not exist.' }),
  );
  // React reports the error it caught, and so does the error panel.
  expectConsole('error', 'the quiz list broke');
  const app = renderApp('/quiz-list');

  const panel = await screen.findByRole('alert');
  expect(within(panel).getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  expect(panel).toHaveTextContent(coreMessages.noResponse);
  expect(within(panel).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  // The shell stays around the panel: sidebar, top bar, the panel in the content area.
  const sidebar = screen.getByTestId('sidebar');
  expect(within(sidebar).getByRole('link', { name: 'Quiz Questions' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('button', { name: /Account menu$/ })).toBeInTheDocument();
  expect(screen.getByRole('main')).toContainElement(panel);

  await userEvent.click(within(sidebar).getByRole('link', { name: 'Home' }));
  expect(await screen.findByRole('heading', { name: /Welcome/ })).toBeInTheDocument();
  expect(app.location().pathname).toBe('/');
  expect(screen.queryByRole('alert')).toBeNull();
});
