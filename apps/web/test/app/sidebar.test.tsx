import { messages } from '@strideadmin/contract';
import { focusManager } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { Toaster } from '../../src/components/toaster';
import { session } from '../../src/lib/session';
import { makeDashboard } from '../support/dashboard';
import { jsonResponse, makeUser, makeUserDetail, stubFetch, stubMatchMedia } from '../support/fixtures';
import { preloadScreens, renderApp } from '../support/render-app';
import { setupFakeTimedUser } from '../support/user';

beforeAll(preloadScreens);
afterEach(() => focusManager.setFocused(undefined));

/**
 * Signed in on the home screen, against GET /users/{id} and the unread count
 * (GET /message?isRead=false&limit=1 → body.count). `answer` decides each count's reply.
 */
function serve(answer: () => Response) {
  const user = makeUser();
  session.signIn(user, 'jwt');
  stubMatchMedia(false);
  const api = stubFetch((req) => {
    if (req.url.pathname === `/api/users/${user.id}`) return jsonResponse(200, { body: makeUserDetail(user) });
    if (req.url.pathname === '/api/message') return answer();
    if (req.url.pathname === '/api/dashboard') return jsonResponse(200, { body: makeDashboard('Today') });
    return jsonResponse(404, { message: messages.routeNotFound });
  });
  const counts = () => api.seen.filter((r) => r.url.pathname === '/api/message');
  return { api, counts };
}
const countOf = (n: number) => () => jsonResponse(200, { body: { rows: [], count: n } });

const entry = () => screen.getByRole('link', { name: 'Complaint Queries' });
const badge = () => screen.queryByTestId('unread-queries-badge');

describe("the sidebar's unread complaint query count", () => {
  test('asks GET /message?isRead=false&limit=1 and shows body.count beside Complaint Queries, read out as "N unread"', async () => {
    const { counts } = serve(countOf(3));
    renderApp('/');
    await waitFor(() => expect(badge()).not.toBeNull());
    expect(Object.fromEntries(counts()[0]!.url.searchParams)).toEqual({ isRead: 'false', limit: '1' });
    expect(badge()).toHaveTextContent(/^33 unread$/); // the visible number, then the words for screen readers
    expect(entry()).toHaveAccessibleName('Complaint Queries');
    expect(entry()).toHaveAccessibleDescription('3 unread');
    // The badge is not part of the link's text: every entry keeps its label.
    expect(entry()).toHaveTextContent(/^Complaint Queries$/);
  });

  test('hidden when nothing is unread', async () => {
    const { counts } = serve(countOf(0));
    renderApp('/');
    await waitFor(() => expect(counts()).toHaveLength(1));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(badge()).toBeNull();
    expect(entry()).not.toHaveAttribute('aria-describedby');
  });

  test('"99+" above 99; the description keeps the real number', async () => {
    serve(countOf(150));
    renderApp('/');
    await waitFor(() => expect(badge()).not.toBeNull());
    expect(badge()!.querySelector('[aria-hidden="true"]')).toHaveTextContent(/^99\+$/);
    expect(entry()).toHaveAccessibleDescription('150 unread');
  });

  test('exactly 99 is shown as 99', async () => {
    serve(countOf(99));
    renderApp('/');
    await waitFor(() => expect(badge()).not.toBeNull());
    expect(badge()!.querySelector('[aria-hidden="true"]')).toHaveTextContent(/^99$/);
  });

  test('refreshes every minute', async () => {
    const { wait } = setupFakeTimedUser();
    let unread = 2;
    const { counts } = serve(() => countOf(unread)());
    renderApp('/');
    await waitFor(() => expect(entry()).toHaveAccessibleDescription('2 unread'));
    unread = 5;
    wait(59_000);
    expect(counts()).toHaveLength(1);
    wait(1_000);
    await waitFor(() => expect(entry()).toHaveAccessibleDescription('5 unread'));
    expect(counts()).toHaveLength(2);
  });

  test('refreshes when the window gets the focus back', async () => {
    let unread = 4;
    const { counts } = serve(() => countOf(unread)());
    renderApp('/');
    await waitFor(() => expect(entry()).toHaveAccessibleDescription('4 unread'));
    unread = 1;
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(entry()).toHaveAccessibleDescription('1 unread'));
    expect(counts()).toHaveLength(2);
  });

  test('a count that cannot be loaded is not shown, and does not toast on every screen', async () => {
    const { counts } = serve(() => jsonResponse(403, { message: messages.forbidden }));
    renderApp('/');
    render(<Toaster />);
    await waitFor(() => expect(counts()).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: /Welcome/ })).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(badge()).toBeNull();
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  test("an expired session still ends: 'Unauthorized' from the count signs out", async () => {
    serve(() => jsonResponse(401, { message: messages.unauthorized }));
    const app = renderApp('/');
    render(<Toaster />);
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(session.get()).toBeNull();
    expect(screen.getByTestId('toast')).toHaveTextContent(messages.sessionExpired);
  });
});
