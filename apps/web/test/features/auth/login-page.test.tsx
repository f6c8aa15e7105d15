import { storageKeys } from '@strideadmin/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { session } from '../../../src/lib/session';
import { makeDashboard } from '../../support/dashboard';
import { jsonResponse, makeUser, makeUserDetail, stubFetch, stubMatchMedia } from '../../support/fixtures';
import { preloadScreens, renderApp } from '../../support/render-app';

beforeAll(preloadScreens);

async function openLogin() {
  const user = userEvent.setup();
  const app = renderApp('/login');
  await screen.findByRole('heading', { name: 'Sign in to StrideAdmin' });
  return {
    user,
    app,
    email: screen.getByRole('textbox', { name: 'Email' }),
    // A password input has no role; its label finds it.
    password: screen.getByLabelText(/^Password/),
    submit: screen.getByRole('button', { name: 'Sign in' }),
  };
}

describe('LoginPage', () => {
  test('email and password are marked required', async () => {
    await openLogin();
    expect(screen.getAllByText('*')).toHaveLength(2);
  });

  test('submitting it empty shows the contract messages under the fields and calls nobody', async () => {
    // The setup file fails the test on any fetch: nothing may reach the server.
    const { user, email, password, submit } = await openLogin();
    await user.click(submit);

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(password).toHaveAccessibleDescription('Password is required');
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  test('an invalid email shows "Please enter valid email"', async () => {
    const { user, email, password, submit } = await openLogin();
    await user.type(email, 'ada-at-example');
    await user.type(password, 'secret');
    await user.click(submit);

    expect(await screen.findByText('Please enter valid email')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Please enter valid email');
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });

  test("a 'User' account is refused with 'Only admin can login here.' and nothing is stored", async () => {
    const api = stubFetch(() =>
      jsonResponse(200, {
        message: 'Logged in successfully.',
        body: { user: makeUser({ roleName: 'User' }), token: 'jwt' },
      }),
    );
    const { user, app, email, password, submit } = await openLogin();
    await user.type(email, '  walker@example.com ');
    await user.type(password, 'secret');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent('Only admin can login here.');
    expect(localStorage.getItem(storageKeys.session)).toBeNull();
    expect(session.get()).toBeNull();
    expect(app.location().pathname).toBe('/login');
    // What the server was asked: the trimmed email, from the admin portal.
    expect(api.seen).toHaveLength(1);
    expect(api.seen[0]?.method).toBe('POST');
    expect(api.seen[0]?.url.pathname).toBe('/api/auth/login');
    expect(api.seen[0]?.body).toEqual({ email: 'walker@example.com', password: 'secret', adminPortal: true });
  });

  test("the server's refusal is shown under the form, and nothing is stored", async () => {
    stubFetch(() => jsonResponse(401, { message: 'Invalid email or password.' }));
    const { user, email, password, submit } = await openLogin();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'wrong');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(localStorage.getItem(storageKeys.session)).toBeNull();
  });

  test('no answer from the server: "Something went wrong. Please try again later."', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user, email, password, submit } = await openLogin();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'secret');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
  });

  test('an administrator is signed in, stored, and taken to the home screen', async () => {
    const admin = makeUser({ name: 'Ada Admin' });
    stubMatchMedia(false);
    stubFetch((req) =>
      req.url.pathname === '/api/auth/login'
        ? jsonResponse(200, { message: 'Logged in successfully.', body: { user: admin, token: 'jwt-admin' } })
        : req.url.pathname === '/api/dashboard'
          ? jsonResponse(200, { body: makeDashboard('Today') })
          : // The shell then refreshes the administrator; waiting for the new name lets that land.
            jsonResponse(200, { body: makeUserDetail({ ...admin, name: 'Ada, refreshed' }) }),
    );
    const { user, app, email, password, submit } = await openLogin();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'secret');
    await user.click(submit);

    expect(await screen.findByRole('heading', { name: /^Welcome, Ada/ })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/');
    expect(JSON.parse(localStorage.getItem(storageKeys.session) ?? 'null')).toMatchObject({
      user: { id: admin.id, email: admin.email, roleName: 'Admin' },
      token: 'jwt-admin',
    });
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada, refreshed' })).toBeInTheDocument();
  });
});
