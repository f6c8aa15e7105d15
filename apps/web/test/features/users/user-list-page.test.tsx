import { limits, messages, type UserListItem } from '@strideadmin/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { Toaster } from '../../../src/components/toaster';
import { session } from '../../../src/lib/session';
import { expectConsole } from '../../support/console';
import {
  jsonResponse,
  listPage,
  makeUser,
  makeUserDetail,
  makeUserListItem,
  stubFetch,
  stubMatchMedia,
  type SeenRequest,
} from '../../support/fixtures';
import { preloadScreens, renderApp } from '../../support/render-app';
import { setupFakeTimedUser } from '../../support/user';

beforeAll(async () => {
  await preloadScreens();
  await import('../../../src/features/users/user-list-page');
});

const admin = makeUser({ id: 7, name: 'Ada Admin' });

/**
 * Signed in as an administrator, against a small in-memory GET /users that filters, sorts and
 * pages like the server, and a DELETE /users/{id}. `failLists` makes the next list calls fail
 * (429 by default: a refusal that may pass; `failWith` another one).
 */
function serve(rows: UserListItem[], opts: { failLists?: number; failWith?: [number, string] } = {}) {
  session.signIn(admin, 'jwt');
  stubMatchMedia(false);
  let failLists = opts.failLists ?? 0;
  const data = [...rows];
  const api = stubFetch((req) => {
    const { pathname, searchParams: q } = req.url;
    if (req.method === 'GET' && pathname === '/api/users') {
      if (failLists > 0) {
        failLists--;
        const [status, message] = opts.failWith ?? [429, messages.tooManyRequests];
        return jsonResponse(status, { message });
      }
      const name = q.get('name')?.toLowerCase() ?? '';
      const email = q.get('email')?.toLowerCase() ?? '';
      return listPage(
        data.filter((u) => u.name.toLowerCase().includes(name) && u.email.toLowerCase().includes(email)),
        q,
      );
    }
    const matching = () => {
      const name = q.get('name')?.toLowerCase() ?? '';
      return data.filter((u) => u.name.toLowerCase().includes(name));
    };
    if (req.method === 'GET' && pathname === '/api/users/ids') {
      const ids = matching().map((u) => u.id);
      return jsonResponse(200, { body: { ids, count: ids.length } });
    }
    if (req.method === 'POST' && pathname === '/api/users/bulk-delete') {
      const { ids } = req.body as { ids: number[] };
      const refused = ids.filter((id) => id === admin.id).map((id) => ({ id, message: messages.cannotDeleteSelf }));
      const deleted = ids.filter((id) => id !== admin.id && data.some((u) => u.id === id));
      for (const id of deleted)
        data.splice(
          data.findIndex((u) => u.id === id),
          1,
        );
      return jsonResponse(200, { message: `${deleted.length} users deleted.`, body: { deleted, refused } });
    }
    const byId = /^\/api\/users\/(\d+)$/.exec(pathname);
    if (byId && req.method === 'DELETE') {
      data.splice(
        data.findIndex((u) => u.id === Number(byId[1])),
        1,
      );
      return jsonResponse(200, { message: messages.userDeleted });
    }
    if (byId && req.method === 'GET') return jsonResponse(200, { body: makeUserDetail(admin) });
    return jsonResponse(404, { message: messages.routeNotFound });
  });
  const lists = () => api.seen.filter((r) => r.method === 'GET' && r.url.pathname === '/api/users');
  return { api, lists };
}

const query = (r: SeenRequest | undefined) => Object.fromEntries(r?.url.searchParams ?? []);
const table = () => screen.getByRole('table', { name: 'Users' });
const rowNames = () =>
  within(table())
    .queryAllByRole('rowheader')
    .map((h) => within(h).getByRole('link').textContent);

const people = [
  makeUserListItem(1, 'Grace Hopper', { totalCoins: 1500, createdAt: '2024-03-01T10:00:00.000Z' }),
  makeUserListItem(2, 'Alan Turing', { totalCoins: 20, isActive: false, createdAt: '2024-02-01T10:00:00.000Z' }),
  makeUserListItem(3, 'Katherine Johnson', {
    totalCoins: 300,
    createdAt: '2024-01-01T10:00:00.000Z',
    Role: { name: 'Admin' },
  }),
];

describe('/user-list', () => {
  test('renders the rows of GET /users, newest first, with links, role, coins, status and date', async () => {
    const user = userEvent.setup();
    const { lists } = serve(people);
    renderApp('/user-list');

    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Grace Hopper' });
    expect(query(lists()[0])).toEqual({ page: '1', limit: '20', order: 'desc', sort: 'createdAt' });
    expect(lists()[0]?.headers.authorization).toBe('Bearer jwt');
    expect(rowNames()).toEqual(['Grace Hopper', 'Alan Turing', 'Katherine Johnson']);

    const alan = screen.getByRole('rowheader', { name: 'Alan Turing' }).closest('tr')!;
    expect(
      within(alan)
        .getAllByRole('cell')
        // Not the row's selection checkbox.
        .filter((c) => !within(c).queryByRole('checkbox'))
        .map((c) => c.textContent),
    ).toEqual([
      'alan@example.com',
      '20',
      'Inactive',
      new Date('2024-02-01T10:00:00.000Z').toLocaleDateString(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      }),
      'ViewEditDelete',
    ]);
    // Role is one of the columns shown on demand (docs/behaviour.md §12 Columns).
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('checkbox', { name: 'Role' }));
    // Cells: the selection checkbox, Email, then Role.
    expect(within(alan).getAllByRole('cell')[2]).toHaveTextContent('User');
    expect(within(alan).getByRole('link', { name: 'View Alan Turing' })).toHaveAttribute('href', '/user-details?id=2');
    expect(within(alan).getByRole('link', { name: 'Edit Alan Turing' })).toHaveAttribute('href', '/update-user?id=2');
    expect(within(alan).getByRole('link', { name: 'Alan Turing' })).toHaveAttribute('href', '/user-details?id=2');
    expect(screen.getByRole('link', { name: 'Add User' })).toHaveAttribute('href', '/add-user');
    expect(screen.getByTestId('page-summary')).toHaveTextContent('Showing 1–3 of 3');
  });

  test('an account its user erased shows Deleted as its status', async () => {
    serve([makeUserListItem(4, 'Deleted user', { isActive: false, deletedAt: '2024-04-01T10:00:00.000Z' }), ...people]);
    renderApp('/user-list');
    const gone = (await screen.findByRole('rowheader', { name: 'Deleted user' })).closest('tr')!;
    expect(within(gone).getByText(messages.userErasedStatus)).toBeInTheDocument();
    expect(within(gone).queryByText('Inactive')).not.toBeInTheDocument();
    const alan = screen.getByRole('rowheader', { name: 'Alan Turing' }).closest('tr')!;
    expect(within(alan).getByText('Inactive')).toBeInTheDocument();
  });

  test('a filter is applied on Enter: it goes into the URL as name=value and into the request', async () => {
    const user = userEvent.setup();
    const { lists } = serve(people);
    const app = renderApp('/user-list?sort=name&order=asc&page=2');
    await screen.findByTestId('page-summary');

    await user.type(screen.getByRole('searchbox', { name: 'Name' }), '  turing {Enter}');
    await waitFor(() => expect(rowNames()).toEqual(['Alan Turing']));
    // Filtering goes back to page 1 and keeps the sort.
    expect(app.location().search).toBe('?order=asc&sort=name&name=turing');
    expect(query(lists().at(-1))).toEqual({ page: '1', limit: '20', order: 'asc', sort: 'name', name: 'turing' });

    await user.type(screen.getByRole('searchbox', { name: 'Email' }), 'example');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(app.location().search).toBe('?order=asc&sort=name&name=turing&email=example'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    expect(app.location().search).toBe('?order=asc&sort=name');
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('');
  });

  test('filters, page and page size are read from the URL; Back restores the previous filter', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 25 }, (_, i) =>
      makeUserListItem(100 + i, `Walker ${String.fromCharCode(65 + i)}`, {
        createdAt: `2024-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z`,
      }),
    );
    const { lists } = serve(many);
    const app = renderApp('/user-list?name=walker&page=2&limit=10');
    await waitFor(() => expect(rowNames()).toHaveLength(10));
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('walker');
    expect(query(lists()[0])).toMatchObject({ page: '2', limit: '10', name: 'walker' });
    expect(screen.getByTestId('page-summary')).toHaveTextContent('Showing 11–20 of 25');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByTestId('page-summary')).toHaveTextContent('Showing 21–25 of 25'));
    expect(app.location().search).toBe('?page=3&limit=10&name=walker');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    await waitFor(() => expect(screen.getByTestId('page-summary')).toHaveTextContent('Showing 1–25 of 25'));
    expect(app.location().search).toBe('?limit=50&name=walker');

    const name = screen.getByRole('searchbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Walker Y{Enter}');
    await waitFor(() => expect(rowNames()).toEqual(['Walker Y']));

    await app.router.navigate(-1);
    await waitFor(() => expect(rowNames()).toHaveLength(25));
    expect(app.location().search).toBe('?limit=50&name=walker');
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('walker');
  });

  test('sortable headers are buttons with aria-sort; sorting goes into the URL and the request', async () => {
    const user = userEvent.setup();
    const { lists } = serve(people);
    const app = renderApp('/user-list');
    await screen.findByRole('link', { name: 'Grace Hopper' });
    expect(screen.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending');
    for (const plain of ['Status'])
      expect(within(screen.getByRole('columnheader', { name: plain })).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(rowNames()).toEqual(['Alan Turing', 'Grace Hopper', 'Katherine Johnson']));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Created' })).not.toHaveAttribute('aria-sort');
    expect(app.location().search).toBe('?order=asc&sort=name');

    screen.getByRole('button', { name: 'Coins' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(rowNames()).toEqual(['Alan Turing', 'Katherine Johnson', 'Grace Hopper']));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(rowNames()).toEqual(['Grace Hopper', 'Katherine Johnson', 'Alan Turing']));
    expect(screen.getByRole('columnheader', { name: 'Coins' })).toHaveAttribute('aria-sort', 'descending');
    expect(query(lists().at(-1))).toMatchObject({ sort: 'totalCoins', order: 'desc' });
  });

  test('a click on a row opens the user details', async () => {
    const user = userEvent.setup();
    serve(people);
    const app = renderApp('/user-list');
    const row = (await screen.findByRole('rowheader', { name: 'Katherine Johnson' })).closest('tr')!;
    await user.click(within(row).getByText('katherine@example.com'));
    await waitFor(() => expect(app.location().pathname).toBe('/user-details'));
    expect(app.location().search).toBe('?id=3');
  });

  test('no match: "No users found" with a hint and a way to clear the filters', async () => {
    const user = userEvent.setup();
    serve(people);
    const app = renderApp('/user-list?name=nobody');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByText(/clear the filters/)).toBeInTheDocument();
    expect(screen.queryByTestId('page-summary')).toBeNull();
    await user.click(within(screen.getByTestId('empty-state')).getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('link', { name: 'Grace Hopper' });
    expect(app.location().search).toBe('');
  });

  test('no users at all: "No users found" and Add User, no filter hint', async () => {
    serve([]);
    renderApp('/user-list');
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent('No users found');
    expect(empty).not.toHaveTextContent(/filters/);
    expect(within(empty).getByRole('link', { name: 'Add User' })).toHaveAttribute('href', '/add-user');
  });

  test('delete asks first; the row goes at once with Undo; Undo brings it back and nothing is sent', async () => {
    const { user, elapse } = setupFakeTimedUser();
    const { api } = serve(people);
    renderApp('/user-list');
    render(<Toaster />);
    await screen.findByRole('link', { name: 'Alan Turing' });

    await user.click(screen.getByRole('button', { name: 'Delete Alan Turing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user Alan Turing?' });
    // Focus starts on Cancel, so a stray Enter does not delete.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.seen.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Alan Turing' }));
    const again = await screen.findByRole('dialog', { name: 'Delete user Alan Turing?' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rowNames()).toEqual(['Grace Hopper', 'Katherine Johnson']);
    expect(screen.getByTestId('page-summary')).toHaveTextContent('Showing 1–2 of 2');
    const undoToast = screen.getByTestId('toast');
    expect(undoToast).toHaveTextContent('1 user will be deleted.');

    // Still there after an ordinary toast's 3000 ms; Undo restores the row.
    await elapse(limits.toastMs);
    await user.click(within(undoToast).getByRole('button', { name: 'Undo' }));
    expect(rowNames()).toEqual(['Grace Hopper', 'Alan Turing', 'Katherine Johnson']);
    expect(screen.queryByTestId('toast')).toBeNull();
    await elapse(limits.undoMs * 2);
    expect(api.seen.some((r) => r.method === 'DELETE')).toBe(false);
  });

  test('a delete left alone is sent when the Undo window ends: the server message is toasted, the list refetched', async () => {
    const { user, elapse } = setupFakeTimedUser();
    const { api, lists } = serve(people);
    renderApp('/user-list');
    render(<Toaster />);
    await screen.findByRole('link', { name: 'Alan Turing' });

    await user.click(screen.getByRole('button', { name: 'Delete Alan Turing' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete user Alan Turing?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const listed = lists().length;
    await elapse(limits.undoMs - 1);
    expect(api.seen.some((r) => r.method === 'DELETE')).toBe(false);
    await elapse(1);
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent(messages.userDeleted));
    expect(screen.getByTestId('toast')).toHaveAttribute('data-kind', 'success');
    expect(api.seen.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/api/users/2']);
    await waitFor(() => expect(lists().length).toBeGreaterThan(listed));
    expect(rowNames()).toEqual(['Grace Hopper', 'Katherine Johnson']);
  });

  test('rows are selected by checkbox; the bulk bar deletes them after a confirmation naming the count, undoably', async () => {
    const { user, elapse } = setupFakeTimedUser();
    const { api } = serve([...people, makeUserListItem(7, 'Ada Admin', { Role: { name: 'Admin' } })]);
    renderApp('/user-list');
    render(<Toaster />);
    await screen.findByRole('link', { name: 'Alan Turing' });
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' });
    expect(screen.queryByTestId('bulk-bar')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
    expect(all).toBePartiallyChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select Alan Turing' }));
    const bar = screen.getByTestId('bulk-bar');
    expect(bar).toHaveTextContent('2 selected');
    // Ticking a box does not open the row.
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 users?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rowNames()).toEqual(['Ada Admin', 'Katherine Johnson']);
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    await user.click(within(screen.getByTestId('toast')).getByRole('button', { name: 'Undo' }));
    expect(rowNames()).toEqual(['Grace Hopper', 'Alan Turing', 'Ada Admin', 'Katherine Johnson']);
    await elapse(limits.undoMs);
    expect(api.seen.some((r) => r.url.pathname.endsWith('/bulk-delete'))).toBe(false);

    // The whole page, and let it go: one call; the administrator's own row is refused, with the reason.
    await user.click(all);
    expect(screen.getByTestId('bulk-bar')).toHaveTextContent('4 selected');
    await user.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete 4 users?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(rowNames()).toEqual([]);
    await user.click(within(screen.getByTestId('toast')).getByRole('button', { name: 'Dismiss' }));
    const bulk = api.seen.filter((r) => r.url.pathname === '/api/users/bulk-delete');
    expect(bulk.map((r) => [r.method, r.body])).toEqual([['POST', { ids: [1, 2, 7, 3] }]]);
    await waitFor(() => expect(rowNames()).toEqual(['Ada Admin']));
    const toasts = screen.getAllByTestId('toast').map((t) => [t.dataset.kind, t.textContent]);
    expect(toasts).toEqual([
      ['success', expect.stringContaining('3 users deleted.')],
      ['error', expect.stringContaining(`1 user not deleted: ${messages.cannotDeleteSelf}`)],
    ]);
  });

  test('with the whole page selected, "Select all N matching" selects every matching row across pages', async () => {
    const { user } = setupFakeTimedUser();
    const many = Array.from({ length: 25 }, (_, i) =>
      makeUserListItem(100 + i, `Walker ${String.fromCharCode(65 + i)}`, {
        createdAt: `2024-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z`,
      }),
    );
    const { api } = serve([...people, ...many]);
    const app = renderApp('/user-list?name=walker&limit=10');
    await waitFor(() => expect(rowNames()).toHaveLength(10));

    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    const bar = screen.getByTestId('bulk-bar');
    expect(bar).toHaveTextContent('10 selected');
    await user.click(within(bar).getByRole('button', { name: 'Select all 25 matching' }));
    await waitFor(() => expect(bar).toHaveTextContent('25 selected'));
    expect(bar).toHaveTextContent('All 25 users matching are selected.');
    const ids = api.seen.find((r) => r.url.pathname === '/api/users/ids');
    expect(Object.fromEntries(ids!.url.searchParams)).toEqual({ name: 'walker', sort: 'createdAt', order: 'desc' });

    // Kept on the next page; forgotten when the filters change.
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(app.location().search).toContain('page=2'));
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toBeChecked();
    expect(screen.getByTestId('bulk-bar')).toHaveTextContent('25 selected');
    const name = screen.getByRole('searchbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Walker B{Enter}');
    await waitFor(() => expect(rowNames()).toEqual(['Walker B']));
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
  });

  test('the signed-in administrator cannot delete their own row', async () => {
    serve([makeUserListItem(7, 'Ada Admin', { Role: { name: 'Admin' } }), ...people]);
    renderApp('/user-list');
    expect(await screen.findByRole('button', { name: 'Delete Ada Admin' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Grace Hopper' })).toBeEnabled();
  });

  test('a failed load shows the error once, in place, with Retry; Retry loads the rows', async () => {
    const { user } = setupFakeTimedUser();
    expectConsole('warn', 'Load failed');
    serve(people, { failLists: 1 });
    renderApp('/user-list');
    render(<Toaster />);

    const error = await screen.findByTestId('error-state');
    expect(error).toHaveTextContent('Could not load users');
    expect(error).toHaveTextContent(messages.tooManyRequests);
    // Shown in one place: the error state, not a toast beside it (docs/behaviour.md §8).
    expect(screen.getAllByText(messages.tooManyRequests)).toHaveLength(1);
    expect(screen.queryByTestId('toast')).toBeNull();
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.queryByTestId('error-state')).toBeNull();
  });

  test('a refusal a retry cannot change (403) is shown without Retry', async () => {
    expectConsole('warn', 'Load failed');
    serve(people, { failLists: 1, failWith: [403, messages.forbidden] });
    renderApp('/user-list');
    render(<Toaster />);
    const error = await screen.findByTestId('error-state');
    expect(error).toHaveTextContent(messages.forbidden);
    expect(within(error).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
