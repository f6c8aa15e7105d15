import { messages } from '@strideadmin/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { Toaster } from '../../../src/components/toaster';
import { expectConsole } from '../../support/console';
import { jsonResponse, type SeenRequest } from '../../support/fixtures';
import { preloadScreens, renderApp } from '../../support/render-app';
import { setupFakeTimedUser } from '../../support/user';
import { makeComplaintQuery, serveComplaintQueries } from './fixtures';

beforeAll(async () => {
  await preloadScreens();
  await import('../../../src/features/complaints/complaint-list-page');
});

const query = (r: SeenRequest | undefined) => Object.fromEntries(r?.url.searchParams ?? []);
const table = () => screen.getByRole('table', { name: 'Complaint Queries' });
const titles = () =>
  within(table())
    .queryAllByRole('rowheader')
    .map((h) => within(h).getByRole('link').textContent);
const rowOf = (title: string) => within(table()).getByRole('link', { name: title }).closest('tr')!;

const queries = [
  makeComplaintQuery({ id: 1, title: 'Coins missing', isRead: false, createdAt: '2024-06-03T09:00:00.000Z' }),
  makeComplaintQuery({
    id: 2,
    title: 'App crashes',
    isRead: true,
    source: '',
    createdAt: '2024-06-02T09:00:00.000Z',
    User: null,
  }),
  makeComplaintQuery({
    id: 3,
    title: 'Gift card not working',
    isRead: false,
    source: 'Web',
    createdAt: '2024-06-01T09:00:00.000Z',
    User: { id: 5, name: 'Grace Hopper', email: 'grace@example.com' },
  }),
];

describe('/query-list', () => {
  test('renders GET /message newest first: user, source (Mobile by default), Is Read, received, actions', async () => {
    const { lists } = serveComplaintQueries(queries);
    renderApp('/query-list');

    expect(await screen.findByRole('heading', { name: 'Complaint Queries' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Coins missing' });
    expect(query(lists()[0])).toEqual({ page: '1', limit: '20', order: 'desc', sort: 'createdAt' });
    expect(titles()).toEqual(['Coins missing', 'App crashes', 'Gift card not working']);

    const cells = (title: string) =>
      within(rowOf(title))
        .getAllByRole('cell')
        // Not the row's selection checkbox.
        .filter((c) => !within(c).queryByRole('checkbox'))
        .map((c) => c.textContent);
    expect(cells('Gift card not working').slice(0, 3)).toEqual(['Grace Hoppergrace@example.com', 'Web', 'No']);
    // A deleted sender, and an empty source shown as the default Mobile (docs/behaviour.md §2).
    expect(cells('App crashes').slice(0, 3)).toEqual(['Deleted user', 'Mobile', 'Yes']);
    expect(within(rowOf('Coins missing')).getByRole('link', { name: 'View Coins missing' })).toHaveAttribute(
      'href',
      '/query-details?id=1',
    );
    expect(within(rowOf('Coins missing')).getByRole('time')).toHaveAttribute('dateTime', '2024-06-03T09:00:00.000Z');
    expect(screen.getByTestId('page-summary')).toHaveTextContent('Showing 1–3 of 3');
  });

  test('unread queries are marked: bold title, a dot, and the word "Unread" for assistive technology', async () => {
    serveComplaintQueries(queries);
    renderApp('/query-list');
    await screen.findByRole('link', { name: 'Coins missing' });

    const unread = screen.getByRole('rowheader', { name: /Coins missing/ });
    expect(unread).toHaveAccessibleName('Coins missing Unread');
    expect(within(unread).getByRole('link')).toHaveClass('font-semibold');
    expect(within(unread).getByRole('link')).toHaveAttribute('data-unread');
    const read = screen.getByRole('rowheader', { name: /App crashes/ });
    expect(read).toHaveAccessibleName('App crashes');
    expect(within(read).getByRole('link')).not.toHaveClass('font-semibold');
    expect(within(read).getByRole('link')).not.toHaveAttribute('data-unread');
    expect(within(table()).getAllByText('Unread')).toHaveLength(2);
  });

  test('the Is Read filter writes isRead=false for No and isRead=true for Yes (docs/behaviour.md §2), with the title filter', async () => {
    const user = userEvent.setup();
    const { lists } = serveComplaintQueries(queries);
    const app = renderApp('/query-list');
    await screen.findByRole('link', { name: 'Coins missing' });

    await user.click(within(screen.getByRole('search')).getByRole('button', { name: /^Is Read / }));
    await user.click(screen.getByRole('option', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(titles()).toEqual(['Coins missing', 'Gift card not working']));
    expect(app.location().search).toBe('?isRead=false');
    expect(query(lists().at(-1))).toMatchObject({ isRead: 'false', page: '1' });

    await user.type(screen.getByRole('searchbox', { name: 'Title' }), 'GIFT{Enter}');
    await waitFor(() => expect(titles()).toEqual(['Gift card not working']));
    expect(app.location().search).toBe('?title=GIFT&isRead=false');

    await user.click(within(screen.getByRole('search')).getByRole('button', { name: /^Is Read / }));
    await user.click(screen.getByRole('option', { name: 'Yes' }));
    await user.clear(screen.getByRole('searchbox', { name: 'Title' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(titles()).toEqual(['App crashes']));
    expect(app.location().search).toBe('?isRead=true');
    expect(query(lists().at(-1))).toMatchObject({ isRead: 'true' });

    await app.router.navigate(-1);
    await waitFor(() => expect(titles()).toEqual(['Gift card not working']));
    expect(within(screen.getByRole('search')).getByRole('button', { name: /^Is Read / })).toHaveTextContent('No');
  });

  test('filters and sort come from the URL; an unknown isRead value is ignored', async () => {
    const user = userEvent.setup();
    const { lists } = serveComplaintQueries(queries);
    const app = renderApp('/query-list?isRead=maybe&title=i&sort=title&order=asc');
    await waitFor(() => expect(titles()).toEqual(['Coins missing', 'Gift card not working']));
    expect(query(lists()[0])).toEqual({ page: '1', limit: '20', order: 'asc', sort: 'title', title: 'i' });
    expect(within(screen.getByRole('search')).getByRole('button', { name: /^Is Read / })).toHaveTextContent('All');
    expect(screen.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Received' }));
    await waitFor(() => expect(app.location().search).toBe('?order=asc&title=i'));
    await waitFor(() => expect(titles()).toEqual(['Gift card not working', 'Coins missing']));
  });

  test('a click on a row opens its details', async () => {
    const user = userEvent.setup();
    serveComplaintQueries(queries);
    const app = renderApp('/query-list');
    await screen.findByRole('link', { name: 'Coins missing' });
    await user.click(within(rowOf('Gift card not working')).getByText('grace@example.com'));
    await waitFor(() => expect(app.location().pathname).toBe('/query-details'));
    expect(app.location().search).toBe('?id=3');
  });

  test('delete asks first, then deletes, toasts the server message, refreshes the list and the unread count', async () => {
    const { user } = setupFakeTimedUser();
    const { api, counts } = serveComplaintQueries(queries);
    renderApp('/query-list');
    render(<Toaster />);
    await screen.findByRole('link', { name: 'Coins missing' });
    await waitFor(() => expect(counts()).toHaveLength(1));
    expect(screen.getByText('2 unread')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Coins missing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete complaint query Coins missing?' });
    expect(dialog).toHaveTextContent('The query from Walt Walker will be deleted.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The row goes at once; closing the Undo toast asks the server straight away (docs/behaviour.md §12).
    expect(titles()).toEqual(['App crashes', 'Gift card not working']);
    const undoToast = screen.getByTestId('toast');
    expect(undoToast).toHaveTextContent('1 complaint query will be deleted.');
    expect(api.seen.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(undoToast).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent(messages.queryDeleted));
    expect(titles()).toEqual(['App crashes', 'Gift card not working']);
    expect(api.seen.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/api/message/1']);
    await waitFor(() => expect(counts()).toHaveLength(2));
    expect(await screen.findByText('1 unread')).toBeInTheDocument();
  });

  test('nothing at all: an empty state that says where queries come from', async () => {
    serveComplaintQueries([]);
    renderApp('/query-list');
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent('No complaint queries found');
    expect(empty).toHaveTextContent('Queries that app users send will appear here.');
    expect(within(empty).queryByRole('button')).toBeNull();
  });

  test('no match: the empty state offers to clear the filters', async () => {
    const user = userEvent.setup();
    serveComplaintQueries(queries);
    const app = renderApp('/query-list?title=nothing');
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent(/clear the filters/);
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('link', { name: 'Coins missing' });
    expect(app.location().search).toBe('');
  });

  test('a failed load shows the error with Retry; Retry loads the rows', async () => {
    const user = userEvent.setup();
    expectConsole('warn', 'Load failed');
    let failures = 1;
    serveComplaintQueries(queries, {
      fail: (req) =>
        req.url.pathname === '/api/message' && req.url.searchParams.get('limit') !== '1' && failures-- > 0
          ? jsonResponse(429, { message: messages.tooManyRequests })
          : undefined,
    });
    renderApp('/query-list');
    const error = await screen.findByTestId('error-state');
    expect(error).toHaveTextContent('Could not load complaint queries');
    expect(error).toHaveTextContent(messages.tooManyRequests);
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Coins missing' })).toBeInTheDocument();
  });
});
