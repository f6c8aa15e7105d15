import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import { session } from '../../src/lib/session';
import { makeDashboard } from '../support/dashboard';
import { jsonResponse, makeUser, makeUserDetail, stubFetch, stubMatchMedia } from '../support/fixtures';
import { preloadScreens, renderApp } from '../support/render-app';

beforeAll(preloadScreens);

/**
 * Signed in as an administrator whose GET /users/{id} answers with another name: a test waits for
 * that name, so the shell's refresh has landed before the test ends.
 */
function signInAsAdmin(serverName = 'Ada, refreshed') {
  const user = makeUser();
  session.signIn(user, 'jwt');
  stubMatchMedia(false);
  const api = stubFetch((req) =>
    req.method === 'GET' && req.url.pathname === `/api/users/${user.id}`
      ? jsonResponse(200, { body: makeUserDetail({ ...user, name: serverName }) })
      : req.method === 'GET' && req.url.pathname === '/api/dashboard'
        ? jsonResponse(200, { body: makeDashboard('Today') })
        : jsonResponse(404, { message: 'This call does not exist.' }),
  );
  return { user, api };
}

const signInHeading = () => screen.findByRole('heading', { name: 'Sign in to StrideAdmin' });

describe('routes and guards (docs/behaviour.md §2)', () => {
  test('signed out, / goes to /login', async () => {
    const app = renderApp('/');
    expect(await signInHeading()).toBeInTheDocument();
    expect(app.location().pathname).toBe('/login');
  });

  test('while the first screen loads, a spinner shows rather than a blank page', async () => {
    renderApp('/login');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await signInHeading()).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  test('signed out, /login shows the sign-in screen', async () => {
    const app = renderApp('/login');
    expect(await signInHeading()).toBeInTheDocument();
    expect(app.location().pathname).toBe('/login');
  });

  test('signed in, /login goes to / (the home screen in the shell)', async () => {
    const { api } = signInAsAdmin('Ada from the server');
    const app = renderApp('/login');

    // The shell refreshes the administrator on load (GET /users/{id}) and shows the fresh name.
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada from the server' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    // The sidebar also asks for the unread complaint query count (its badge); the home screen for its figures.
    expect(api.seen.map((r) => `${r.method} ${r.url.pathname}`).sort()).toEqual([
      'GET /api/dashboard',
      'GET /api/message',
      'GET /api/users/7',
    ]);
    expect(api.seen.every((r) => r.headers.authorization === 'Bearer jwt')).toBe(true);
  });

  test('signed out, after signing in the user goes back to the page first asked for', async () => {
    const app = renderApp('/');
    await signInHeading();

    signInAsAdmin();
    act(() => session.signIn(makeUser(), 'jwt'));

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada, refreshed' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/');
  });

  test.each(['/verify-account', '/reset-password', '/verify-account?token=', '/reset-password?other=1'])(
    '%s without a token goes to /login',
    async (path) => {
      const app = renderApp(path);
      expect(await signInHeading()).toBeInTheDocument();
      expect(app.location().pathname).toBe('/login');
    },
  );

  test.each([
    ['/verify-account?token=abc', 'Verify account'],
    ['/reset-password?token=abc', 'Reset password'],
  ])('%s with a token stays there', async (path, heading) => {
    // The verify screen spends its token on arrival; the answer here does not matter.
    stubFetch(() => jsonResponse(200, { message: 'Account verified successfully!' }));
    const app = renderApp(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(app.location().pathname + app.location().search).toBe(path);
    if (path.startsWith('/verify-account'))
      expect(await screen.findByText('Account verified successfully!')).toBeVisible();
  });

  test('signed in, a token link of the signed-out flows goes to /', async () => {
    signInAsAdmin();
    const app = renderApp('/reset-password?token=abc');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada, refreshed' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/');
  });

  test.each(['/no-such-page', '/login/extra', '/users'])('signed out, %s shows "Page not found"', async (path) => {
    const app = renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    expect(app.location().pathname).toBe(path);
  });

  test('signed in, an unknown path shows "Page not found" too, not the shell', async () => {
    signInAsAdmin();
    const app = renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(app.location().pathname).toBe('/no-such-page');
  });

  test("a session the server no longer accepts ends: 'Unauthorized' signs out and goes to /login", async () => {
    session.signIn(makeUser(), 'revoked');
    stubMatchMedia(false);
    stubFetch(() => jsonResponse(401, { message: 'Unauthorized' }));
    const app = renderApp('/');

    expect(await signInHeading()).toBeInTheDocument();
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(session.get()).toBeNull();
  });
});
