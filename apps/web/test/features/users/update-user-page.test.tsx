import { messages } from '@strideadmin/contract';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import { session } from '../../../src/lib/session';
import { jsonResponse, makeUser, makeUserDetail, stubFetch, stubMatchMedia } from '../../support/fixtures';
import { preloadScreens, renderApp } from '../../support/render-app';

beforeAll(async () => {
  await preloadScreens();
  await import('../../../src/features/users/update-user-page');
});

const admin = makeUser({ id: 7, name: 'Ada Admin' });
const walker = makeUser({ id: 8, name: 'Wally Walker', email: 'wally@example.com', roleName: 'User' });

/** Signed in as `admin`, with GET /users/{id} for both accounts. */
function serve() {
  session.signIn(admin, 'jwt');
  stubMatchMedia(false);
  return stubFetch((req) => {
    const { pathname } = req.url;
    if (pathname === `/api/users/${admin.id}`) return jsonResponse(200, { body: makeUserDetail(admin) });
    if (pathname === `/api/users/${walker.id}`) return jsonResponse(200, { body: makeUserDetail(walker) });
    if (pathname === '/api/message') return jsonResponse(200, { body: { rows: [], count: 0 } });
    return jsonResponse(404, { message: messages.routeNotFound });
  });
}

describe('/update-user, Reset User Password', () => {
  test("offers the form for another user's account", async () => {
    serve();
    renderApp(`/update-user?id=${walker.id}`);

    expect(await screen.findByRole('form', { name: 'Reset user password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.queryByTestId('own-password-hint')).not.toBeInTheDocument();
  });

  test('for the signed-in administrator, shows the way to Profile → Change Password instead of the form', async () => {
    serve();
    renderApp(`/update-user?id=${admin.id}`);

    expect(await screen.findByTestId('own-password-hint')).toHaveTextContent(messages.ownPasswordUseProfile);
    expect(screen.getByRole('link', { name: 'Go to Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('form', { name: 'Reset user password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();
    // The rest of the page is there as usual.
    expect(screen.getByRole('form', { name: 'Update user' })).toBeInTheDocument();
  });
});
