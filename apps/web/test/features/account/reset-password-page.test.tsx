import { messages } from '@strideadmin/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { Toaster } from '../../../src/components/toaster';
import { jsonResponse, stubFetch } from '../../support/fixtures';
import { preloadScreens, renderApp } from '../../support/render-app';
import { setupFakeTimedUser } from '../../support/user';

beforeAll(async () => {
  await preloadScreens();
  await import('../../../src/features/account/reset-password-page');
});

async function openReset(user = userEvent.setup(), path = '/reset-password?token=tok-123') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Reset password' });
  return {
    user,
    app,
    // Password inputs have no role; their labels find them.
    password: screen.getByLabelText(/^New Password/),
    confirm: screen.getByLabelText(/^Confirm Password/),
    submit: screen.getByRole('button', { name: 'Reset password' }),
  };
}

describe('ResetPasswordPage (docs/behaviour.md §5 Reset password)', () => {
  test("empty: 'New Password is required.' under both fields, and nobody is called", async () => {
    const { user, password, confirm, submit } = await openReset();
    expect(screen.getAllByText('*')).toHaveLength(2);
    await user.click(submit);
    expect(await screen.findAllByText(messages.resetNewPasswordRequired)).toHaveLength(2);
    expect(password).toHaveAccessibleDescription('New Password is required.');
    expect(confirm).toHaveAccessibleDescription('New Password is required.');
  });

  test('shorter than 6 and longer than 255 are refused', async () => {
    const { user, password, confirm, submit } = await openReset();
    await user.type(password, '12345');
    await user.type(confirm, '12345');
    await user.click(submit);
    expect(await screen.findAllByText(messages.passwordMinReset)).toHaveLength(2);

    await user.clear(password);
    await user.click(password);
    await user.paste('x'.repeat(256));
    await user.clear(confirm);
    await user.click(confirm);
    await user.paste('x'.repeat(256));
    await user.click(submit);
    expect(await screen.findAllByText(messages.passwordMaxReset)).toHaveLength(2);
  });

  test("different passwords: 'Passwords does not match' under the confirmation", async () => {
    const { user, password, confirm, submit } = await openReset();
    await user.type(password, 'secret-one');
    await user.type(confirm, 'secret-two');
    await user.click(submit);
    expect(await screen.findByText('Passwords does not match')).toBeInTheDocument();
    expect(confirm).toHaveAccessibleDescription('Passwords does not match');
    expect(password).not.toHaveAttribute('aria-invalid');
  });

  test('success sends {password, temp_code} and goes to /login with the server message as a toast', async () => {
    const { user: timedUser } = setupFakeTimedUser();
    const done = 'Your password has been reset. You can now sign in.';
    const api = stubFetch(() => jsonResponse(200, { message: done }));
    const { user, app, password, confirm, submit } = await openReset(timedUser);
    render(<Toaster />);
    await user.type(password, 'new-secret');
    await user.type(confirm, 'new-secret');
    await user.click(submit);

    expect(await screen.findByRole('heading', { name: 'Sign in to StrideAdmin' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/login');
    const toast = screen.getByTestId('toast');
    expect(toast).toHaveTextContent(done);
    expect(toast).toHaveAttribute('data-kind', 'success');
    expect(api.seen).toHaveLength(1);
    expect(api.seen[0]?.method).toBe('POST');
    expect(api.seen[0]?.url.pathname).toBe('/api/auth/reset_password');
    expect(api.seen[0]?.body).toEqual({ password: 'new-secret', temp_code: 'tok-123' });
  });

  test('an invalid link: the message under the form only, and the screen stays', async () => {
    const { user: timedUser } = setupFakeTimedUser();
    stubFetch(() => jsonResponse(400, { message: messages.accountLinkInvalid }));
    const { user, app, password, confirm, submit } = await openReset(timedUser);
    render(<Toaster />);
    await user.type(password, 'new-secret');
    await user.type(confirm, 'new-secret');
    await user.click(submit);

    expect(await screen.findByTestId('form-error')).toHaveTextContent(messages.accountLinkInvalid);
    expect(screen.getAllByText(messages.accountLinkInvalid)).toHaveLength(1);
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(app.location().pathname).toBe('/reset-password');
  });
});
