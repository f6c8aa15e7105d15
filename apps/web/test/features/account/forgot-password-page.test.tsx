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
  await import('../../../src/features/account/forgot-password-page');
});

const prompt = /we will send you a link to reset your password/;

async function openForgot(user = userEvent.setup()) {
  const app = renderApp('/forgot-password');
  await screen.findByRole('heading', { name: 'Forgot password' });
  return {
    user,
    app,
    email: screen.getByRole('textbox', { name: 'Email' }),
    submit: screen.getByRole('button', { name: 'Send reset link' }),
  };
}

describe('ForgotPasswordPage (docs/behaviour.md §5 Forgot password)', () => {
  test('the login screen links here, and this screen links back', async () => {
    const user = userEvent.setup();
    const app = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/forgot-password');
    expect(screen.getByText(prompt)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to StrideAdmin' })).toBeInTheDocument();
  });

  test("empty: 'Email is required', and nobody is called", async () => {
    const { user, email, submit } = await openForgot();
    await user.click(submit);
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  test("not an email: 'Must be a valid email'", async () => {
    const { user, email, submit } = await openForgot();
    await user.type(email, 'ada-at-example');
    await user.click(submit);
    expect(await screen.findByText('Must be a valid email')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Must be a valid email');
  });

  test('longer than 255 characters is refused with the same message', async () => {
    const { user, email, submit } = await openForgot();
    await user.click(email);
    await user.paste(`${'a'.repeat(250)}@example.com`);
    await user.click(submit);
    expect(await screen.findByText('Must be a valid email')).toBeInTheDocument();
  });

  test('success: a green notice with the server message replaces the prompt, and the field clears', async () => {
    const sent = 'If an account exists for this email, we have sent a link to reset the password.';
    const api = stubFetch(() => jsonResponse(200, { message: sent }));
    const { user, email, submit } = await openForgot();
    await user.type(email, '  ada@example.com ');
    await user.click(submit);

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(sent);
    expect(notice.className).toMatch(/emerald/);
    expect(screen.queryByText(prompt)).toBeNull();
    expect(email).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.seen).toHaveLength(1);
    expect(api.seen[0]?.method).toBe('POST');
    expect(api.seen[0]?.url.pathname).toBe('/api/auth/forgot_password');
    expect(api.seen[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  test('success without a message: the contract notice', async () => {
    stubFetch(() => jsonResponse(200, {}));
    const { user, email, submit } = await openForgot();
    await user.type(email, 'ada@example.com');
    await user.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent(messages.forgotPasswordSent);
  });

  test('rate limited (429): the message under the form only (no toast beside it); the prompt stays', async () => {
    const { user: timedUser } = setupFakeTimedUser();
    const limited = 'Too many requests. Please try again later.';
    stubFetch(() => jsonResponse(429, { message: limited }));
    const { user, email, submit } = await openForgot(timedUser);
    render(<Toaster />);
    await user.type(email, 'ada@example.com');
    await user.click(submit);

    expect(await screen.findByTestId('form-error')).toHaveTextContent(limited);
    expect(screen.getAllByText(limited)).toHaveLength(1);
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(screen.getByText(prompt)).toBeInTheDocument();
    expect(email).toHaveValue('ada@example.com');
  });
});
