import { messages } from '@strideadmin/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import { session } from '../../../src/lib/session';
import { jsonResponse, makeUser, makeUserDetail, stubFetch, stubMatchMedia } from '../../support/fixtures';
import { preloadScreens, renderApp } from '../../support/render-app';
import { setupFakeTimedUser } from '../../support/user';

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
    if (req.method === 'PUT' && pathname === '/api/users')
      return jsonResponse(200, { message: messages.userUpdated, body: makeUserDetail(walker) });
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

describe('/update-user, the number fields (docs/behaviour.md §5 Numbers)', () => {
  const field = (name: string) => screen.getByRole('textbox', { name });

  test('digits only; one left empty is required with its own message; the save sends numbers', async () => {
    const { user } = setupFakeTimedUser();
    const api = serve();
    renderApp(`/update-user?id=${walker.id}`);
    await screen.findByRole('form', { name: 'Update user' });
    const save = () => user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await user.clear(field('Height (cm)'));
    await user.clear(field('Total Coins'));
    await save();
    await waitFor(() => expect(field('Height (cm)')).toHaveAccessibleDescription(messages.heightRequired));
    expect(field('Total Coins')).toHaveAccessibleDescription(messages.totalCoinsRequired);

    await user.type(field('Height (cm)'), '1e2');
    await user.type(field('Total Coins'), '0x10');
    await waitFor(() => expect(field('Height (cm)')).toHaveAccessibleDescription(messages.onlyNumbers));
    expect(field('Total Coins')).toHaveAccessibleDescription(messages.onlyNumbers);
    expect(api.seen.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(field('Height (cm)'));
    await user.type(field('Height (cm)'), '172.5');
    await user.clear(field('Total Coins'));
    await user.type(field('Total Coins'), ' 40 ');
    await save();
    await waitFor(() => expect(api.seen.some((r) => r.method === 'PUT')).toBe(true));
    expect(api.seen.find((r) => r.method === 'PUT')?.body).toMatchObject({ height: 172.5, totalCoins: 40 });
  });
});
