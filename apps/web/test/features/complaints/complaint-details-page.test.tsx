import { messages } from '@strideadmin/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, test } from 'vitest';
import { routes } from '../../../src/app/router';
import { createQueryClient } from '../../../src/lib/query-client';
import { expectConsole } from '../../support/console';
import { preloadScreens, renderApp } from '../../support/render-app';
import { makeComplaintQuery, serveComplaintQueries } from './fixtures';

beforeAll(async () => {
  await preloadScreens();
  await import('../../../src/features/complaints/complaint-details-page');
  await import('../../../src/features/complaints/complaint-list-page');
});

/** The app as main.tsx mounts it: in StrictMode, whose double effects must not mark a query twice. */
function renderStrict(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { router, location: () => router.state.location };
}

/** The value shown for one label of the detail's fact list. */
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('/query-details?id (docs/behaviour.md §2 Complaint Query Detail)', () => {
  test('shows title, user name, user email, source, Is Read and the message', async () => {
    serveComplaintQueries([makeComplaintQuery({ id: 31, isRead: true })]);
    renderApp('/query-details?id=31');

    expect(await screen.findByRole('heading', { name: 'Complaint Query Detail' })).toBeInTheDocument();
    expect(await screen.findByTestId('query-title')).toHaveTextContent('Steps not counted');
    expect(fact('User Name')).toBe('Walt Walker');
    expect(fact('User Email')).toBe('walt@example.com');
    expect(fact('Source')).toBe('Mobile');
    expect(fact('Is Read')).toBe('Yes');
    expect(screen.getByTestId('query-message')).toHaveTextContent('My steps from yesterday are missing.');
  });

  test('opening an unread query marks it read with PUT /message exactly once, even in StrictMode', async () => {
    const { puts, counts } = serveComplaintQueries([
      makeComplaintQuery({ id: 31, isRead: false }),
      makeComplaintQuery({ id: 32, isRead: false, title: 'Another one' }),
    ]);
    renderStrict('/query-details?id=31');

    expect(await screen.findByTestId('query-title')).toHaveTextContent('Steps not counted');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toEqual({ isRead: true, updateId: 31 });
    // The sidebar's count is asked again after the mark: 2 unread, then 1.
    await waitFor(() => expect(counts().length).toBeGreaterThanOrEqual(2));
    expect(await screen.findByText('1 unread')).toBeInTheDocument();
    await settle();
    expect(puts()).toHaveLength(1);
    expect(fact('Is Read')).toBe('Yes');
  });

  test('an already read query is not marked again, and Is Read still shows Yes', async () => {
    const { puts } = serveComplaintQueries([makeComplaintQuery({ id: 31, isRead: true })]);
    renderStrict('/query-details?id=31');
    expect(await screen.findByTestId('query-title')).toBeInTheDocument();
    await settle();
    expect(puts()).toHaveLength(0);
    expect(fact('Is Read')).toBe('Yes');
  });

  test('Is Read is Yes whatever the server says (docs/behaviour.md §2), the source defaults to Mobile, a deleted sender is said so', async () => {
    serveComplaintQueries([makeComplaintQuery({ id: 31, isRead: false, source: '', User: null })]);
    renderApp('/query-details?id=31');
    expect(await screen.findByTestId('query-title')).toBeInTheDocument();
    expect(fact('Is Read')).toBe('Yes');
    expect(fact('Source')).toBe('Mobile');
    expect(fact('User Name')).toBe('Deleted user');
    expect(fact('User Email')).toBe('—');
  });

  test('the message keeps its line breaks and spacing, and is text, never HTML', async () => {
    const text = 'Hello,\n\n  my coins <b>vanished</b>\n<img src=x onerror=alert(1)>';
    serveComplaintQueries([makeComplaintQuery({ id: 31, isRead: true, message: text })]);
    renderApp('/query-details?id=31');
    const message = await screen.findByTestId('query-message');
    expect(message.textContent).toBe(text);
    expect(message).toHaveClass('whitespace-pre-wrap');
    expect(message.querySelector('b, img')).toBeNull();
  });

  test('Go Back goes to /query-list', async () => {
    const user = userEvent.setup();
    serveComplaintQueries([makeComplaintQuery({ id: 31, isRead: true })]);
    const app = renderApp('/query-details?id=31');
    await screen.findByTestId('query-title');
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(app.location().pathname).toBe('/query-list'));
  });

  test('read from the list: back on the list the query is no longer marked unread, and the count dropped', async () => {
    const user = userEvent.setup();
    serveComplaintQueries([
      makeComplaintQuery({ id: 31, isRead: false, title: 'Coins missing' }),
      makeComplaintQuery({ id: 32, isRead: false, title: 'App crashes', createdAt: '2024-05-01T00:00:00.000Z' }),
    ]);
    renderStrict('/query-list');
    const row = () => screen.getByRole('rowheader', { name: /Coins missing/ });
    await screen.findByRole('link', { name: 'View Coins missing' });
    expect(row()).toHaveTextContent('Unread');
    expect(await screen.findByText('2 unread')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'View Coins missing' }));
    expect(await screen.findByTestId('query-title')).toHaveTextContent('Coins missing');
    expect(await screen.findByText('1 unread')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));

    await waitFor(() => expect(row()).not.toHaveTextContent('Unread'));
    expect(within(row()).getByRole('link')).not.toHaveAttribute('data-unread');
    expect(screen.getByRole('rowheader', { name: /App crashes/ })).toHaveTextContent('Unread');
  });

  test('an unknown id: "Complaint query not found." without Retry, and a way back to the list', async () => {
    expectConsole('warn', 'Load failed');
    const { puts } = serveComplaintQueries([]);
    renderApp('/query-details?id=999');
    const alert = await screen.findByText(messages.queryNotFound, { selector: 'p' });
    const box = alert.closest('[role="alert"]') as HTMLElement;
    expect(within(box).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(box).getByRole('link', { name: 'Go to complaint queries' })).toHaveAttribute('href', '/query-list');
    expect(puts()).toHaveLength(0);
  });

  test('an id that is not a number is not found, without asking the server', async () => {
    const { api } = serveComplaintQueries([]);
    renderApp('/query-details?id=abc');
    expect(await screen.findByText(messages.queryNotFound)).toBeInTheDocument();
    expect(api.seen.some((r) => r.url.pathname.startsWith('/api/message/'))).toBe(false);
  });
});
