import { messages } from '@strideadmin/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, test } from 'vitest';
import { routes } from '../../../src/app/router';
import { Toaster } from '../../../src/components/toaster';
import { createQueryClient } from '../../../src/lib/query-client';
import { jsonResponse, stubFetch } from '../../support/fixtures';
import { preloadScreens, renderApp } from '../../support/render-app';

beforeAll(async () => {
  await preloadScreens();
  await import('../../../src/features/account/verify-account-page');
});

describe('VerifyAccountPage (docs/behaviour.md §8 Verify account)', () => {
  test("success: the server's message, the token sent once as temp_code, and Go To Login", async () => {
    const api = stubFetch(() => jsonResponse(200, { message: 'Your e-mail is verified.' }));
    const user = userEvent.setup();
    const app = renderApp('/verify-account?token=tok-9');
    expect(await screen.findByText('Your e-mail is verified.')).toBeInTheDocument();
    expect(api.seen).toHaveLength(1);
    expect(api.seen[0]?.method).toBe('POST');
    expect(api.seen[0]?.url.pathname).toBe('/api/auth/verifyToken');
    expect(api.seen[0]?.body).toEqual({ temp_code: 'tok-9' });

    await user.click(screen.getByRole('link', { name: 'Go To Login' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to StrideAdmin' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/login');
  });

  test("success without a message: 'Account verified successfully!'", async () => {
    stubFetch(() => jsonResponse(200, {}));
    renderApp('/verify-account?token=tok-9');
    expect(await screen.findByText(messages.accountVerified)).toBeInTheDocument();
  });

  test("failure: the server's message instead of the success text, shown once (no toast)", async () => {
    stubFetch(() => jsonResponse(400, { message: messages.accountLinkInvalid }));
    renderApp('/verify-account?token=bogus');
    render(<Toaster />);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.accountLinkInvalid);
    expect(screen.queryByText(messages.accountVerified)).toBeNull();
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go To Login' })).toHaveAttribute('href', '/login');
  });

  test('no answer: the generic message', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderApp('/verify-account?token=tok-9');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.noResponse);
    expect(screen.queryByText(messages.accountVerified)).toBeNull();
  });

  test("StrictMode's double effects spend the single-use token once", async () => {
    const api = stubFetch(() => jsonResponse(200, { message: messages.accountVerified }));
    const router = createMemoryRouter(routes, { initialEntries: ['/verify-account?token=once'] });
    render(
      <StrictMode>
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
    expect(await screen.findByText(messages.accountVerified)).toBeInTheDocument();
    expect(api.seen).toHaveLength(1);
  });
});
