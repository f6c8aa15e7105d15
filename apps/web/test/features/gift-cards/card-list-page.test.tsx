import { messages, type GiftCard, limits } from '@strideadmin/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { Toaster } from '../../../src/components/toaster';
import { columnChoicesKey } from '../../../src/lib/column-visibility';
import { session } from '../../../src/lib/session';
import { expectConsole } from '../../support/console';
import {
  jsonResponse,
  listPage,
  makeUser,
  makeUserDetail,
  stubFetch,
  stubMatchMedia,
  type SeenRequest,
} from '../../support/fixtures';
import { makeGiftCard } from '../../support/gift-cards';
import { preloadScreens, renderApp } from '../../support/render-app';
import { setupFakeTimedUser } from '../../support/user';

beforeAll(async () => {
  await preloadScreens();
  await import('../../../src/features/gift-cards/card-list-page');
  await import('../../../src/features/gift-cards/update-card-page');
});

/**
 * Signed in as an administrator, against a small in-memory GET /giftcard that filters (contains,
 * isExpired), sorts and pages like the server, GET /giftcard/{id} ({body: [card]}) and DELETE.
 */
function serve(rows: GiftCard[], opts: { failLists?: number } = {}) {
  const admin = makeUser();
  session.signIn(admin, 'jwt');
  // An administrator who shows every column (Expired is off by default, docs/behaviour.md §12 Columns).
  localStorage.setItem(columnChoicesKey(admin.id, 'giftCards'), JSON.stringify({ expired: true }));
  stubMatchMedia(false);
  let failLists = opts.failLists ?? 0;
  const data = [...rows];
  const api = stubFetch((req) => {
    const { pathname, searchParams: q } = req.url;
    // The Card Details dialog's History: no recorded changes.
    if (req.method === 'GET' && pathname === '/api/audit') return jsonResponse(200, { body: { rows: [], count: 0 } });
    if (req.method === 'GET' && pathname === '/api/giftcard') {
      if (failLists > 0) {
        failLists--;
        return jsonResponse(429, { message: messages.tooManyRequests });
      }
      const serial = q.get('serialNumber')?.toLowerCase() ?? '';
      const store = q.get('storeName')?.toLowerCase() ?? '';
      const expired = q.get('isExpired');
      return listPage(
        data.filter(
          (c) =>
            c.serialNumber.toLowerCase().includes(serial) &&
            c.storeName.toLowerCase().includes(store) &&
            (expired === null || String(c.isExpired) === expired),
        ),
        q,
      );
    }
    // The shell's top bar reads the signed-in administrator.
    if (req.method === 'GET' && pathname === `/api/users/${admin.id}`)
      return jsonResponse(200, { body: makeUserDetail(admin) });
    const byId = /^\/api\/giftcard\/(\d+)$/.exec(pathname);
    const index = byId ? data.findIndex((c) => c.id === Number(byId[1])) : -1;
    if (byId && req.method === 'DELETE') {
      data.splice(index, 1);
      return jsonResponse(200, { message: messages.giftCardDeleted });
    }
    if (byId && req.method === 'GET') return jsonResponse(200, { body: index < 0 ? [] : [data[index]] });
    return jsonResponse(404, { message: messages.routeNotFound });
  });
  const lists = () => api.seen.filter((r) => r.method === 'GET' && r.url.pathname === '/api/giftcard');
  return { api, lists };
}

const query = (r: SeenRequest | undefined) => Object.fromEntries(r?.url.searchParams ?? []);
const table = () => screen.getByRole('table', { name: 'Gift Cards' });
const serials = () =>
  within(table())
    .queryAllByRole('rowheader')
    .map((h) => h.textContent);

const cards = [
  makeGiftCard({ id: 1, serialNumber: 'SN-A1', storeName: 'ica', createdAt: '2024-03-01T00:00:00.000Z' }),
  makeGiftCard({
    id: 2,
    serialNumber: 'SN-B2',
    storeName: 'coop',
    amount: 250,
    currency: 'EUR',
    price: 900,
    validTill: '2030-06-15',
    isExpired: true,
    createdAt: '2024-02-01T00:00:00.000Z',
  }),
  makeGiftCard({ id: 3, serialNumber: 'SN-C3', storeName: 'lidl', createdAt: '2024-01-01T00:00:00.000Z' }),
];

describe('/card-list', () => {
  test('renders the rows of GET /giftcard, newest first: store, coin price, amount + currency, date, Expired', async () => {
    const { lists } = serve(cards);
    renderApp('/card-list');
    expect(await screen.findByRole('heading', { name: 'Gift Cards', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(serials()).toEqual(['SN-A1', 'SN-B2', 'SN-C3']));
    expect(query(lists()[0])).toEqual({ page: '1', limit: '20', order: 'desc', sort: 'createdAt' });
    expect(lists()[0]?.headers.authorization).toBe('Bearer jwt');

    const row = screen.getByRole('rowheader', { name: 'SN-B2' }).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        // Not the row's selection checkbox.
        .filter((c) => !within(c).queryByRole('checkbox'))
        .map((c) => c.textContent),
    ).toEqual([
      'Coop',
      '900',
      '250 EUR',
      new Date('2030-06-15T00:00:00').toLocaleDateString(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      }),
      'Yes',
      'ViewEditDelete',
    ]);
    expect(screen.getByRole('link', { name: 'Add Gift Card' })).toHaveAttribute('href', '/add-card');
    expect(screen.getByRole('link', { name: 'Add Multiple Gift Cards' })).toHaveAttribute('href', '/add-multiple-card');
    expect(screen.getByTestId('page-summary')).toHaveTextContent('Showing 1–3 of 3');
  });

  test('the Expired filter puts isExpired=true|false into the URL and the request; text filters too', async () => {
    const user = userEvent.setup();
    const { lists } = serve(cards);
    const app = renderApp('/card-list');
    await waitFor(() => expect(serials()).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: /^Expired / }));
    await user.click(screen.getByRole('option', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(serials()).toEqual(['SN-B2']));
    expect(app.location().search).toBe('?isExpired=true');
    expect(query(lists().at(-1))).toMatchObject({ isExpired: 'true', page: '1' });

    await user.click(screen.getByRole('button', { name: /^Expired / }));
    await user.click(screen.getByRole('option', { name: 'No' }));
    await user.type(screen.getByRole('searchbox', { name: 'Store Name' }), 'LID{Enter}');
    await waitFor(() => expect(serials()).toEqual(['SN-C3']));
    expect(app.location().search).toBe('?storeName=LID&isExpired=false');

    await user.type(screen.getByRole('searchbox', { name: 'Serial Number' }), 'nothing{Enter}');
    expect(await screen.findByText('No gift cards found')).toBeInTheDocument();
    expect(query(lists().at(-1))).toMatchObject({ serialNumber: 'nothing', storeName: 'LID', isExpired: 'false' });

    await user.click(within(screen.getByTestId('empty-state')).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(serials()).toHaveLength(3));
    expect(app.location().search).toBe('');
  });

  test('an Expired value in the URL is applied on load, with the sort', async () => {
    const { lists } = serve(cards);
    renderApp('/card-list?isExpired=false&sort=serialNumber&order=asc');
    await waitFor(() => expect(serials()).toEqual(['SN-A1', 'SN-C3']));
    expect(screen.getByRole('button', { name: /^Expired / })).toHaveTextContent('No');
    expect(screen.getByRole('columnheader', { name: 'Serial Number' })).toHaveAttribute('aria-sort', 'ascending');
    expect(query(lists()[0])).toMatchObject({ isExpired: 'false', sort: 'serialNumber', order: 'asc' });
  });

  test('an unknown Expired value in the URL is ignored', async () => {
    const { lists } = serve(cards);
    renderApp('/card-list?isExpired=maybe&storeName=ica');
    await waitFor(() => expect(serials()).toEqual(['SN-A1']));
    expect(query(lists()[0])).toEqual({ page: '1', limit: '20', order: 'desc', sort: 'createdAt', storeName: 'ica' });
    expect(screen.getByRole('button', { name: /^Expired / })).toHaveTextContent('All');
  });

  test('sorting by Coin Price goes into the URL; Expired is not a sort column', async () => {
    const user = userEvent.setup();
    const { lists } = serve(cards);
    const app = renderApp('/card-list');
    await waitFor(() => expect(serials()).toHaveLength(3));
    expect(within(screen.getByRole('columnheader', { name: 'Expired' })).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Coin Price' }));
    await waitFor(() => expect(serials()[0]).toBe('SN-B2'));
    expect(app.location().search).toBe('?order=asc&sort=price');
    expect(query(lists().at(-1))).toMatchObject({ sort: 'price', order: 'asc' });
  });

  test('a row click opens the Card Details dialog; its Edit leads to /update-card?id', async () => {
    const user = userEvent.setup();
    serve(cards);
    const app = renderApp('/card-list');
    const row = (await screen.findByRole('rowheader', { name: 'SN-B2' })).closest('tr')!;
    await user.click(within(row).getByText('250 EUR'));
    const dialog = await screen.findByRole('dialog', { name: 'Card Details' });
    expect(dialog).toHaveTextContent('SN-B2');
    expect(dialog).toHaveTextContent('2 Hours 30 Minutes');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'View SN-A1' }));
    const again = await screen.findByRole('dialog', { name: 'Card Details' });
    expect(again).toHaveTextContent('SN-A1');
    await user.click(within(again).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(app.location().pathname).toBe('/update-card'));
    expect(app.location().search).toBe('?id=1');
    expect(await screen.findByRole('heading', { name: 'Update Gift Card' })).toBeInTheDocument();
  });

  test('Edit in a row leads to /update-card?id', async () => {
    const user = userEvent.setup();
    serve(cards);
    const app = renderApp('/card-list');
    await user.click(await screen.findByRole('button', { name: 'Edit SN-C3' }));
    await waitFor(() => expect(app.location().pathname).toBe('/update-card'));
    expect(app.location().search).toBe('?id=3');
  });

  test('no cards at all: "No gift cards found" and Add Gift Card', async () => {
    serve([]);
    renderApp('/card-list');
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent('No gift cards found');
    expect(within(empty).getByRole('link', { name: 'Add Gift Card' })).toHaveAttribute('href', '/add-card');
  });

  test('delete asks first, then deletes, toasts the server message and refreshes the list', async () => {
    const { user, elapse } = setupFakeTimedUser();
    const { api } = serve(cards);
    renderApp('/card-list');
    render(<Toaster />);
    await user.click(await screen.findByRole('button', { name: 'Delete SN-B2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete gift card SN-B2?' });
    expect(dialog).toHaveTextContent('The gift card SN-B2 of Coop will be deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The row goes at once; the server is asked when the Undo window ends (docs/behaviour.md §12).
    expect(serials()).toEqual(['SN-A1', 'SN-C3']);
    expect(screen.getByTestId('toast')).toHaveTextContent('1 gift card will be deleted.');
    expect(api.seen.some((r) => r.method === 'DELETE')).toBe(false);
    await elapse(limits.undoMs);
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent(messages.giftCardDeleted));
    expect(serials()).toEqual(['SN-A1', 'SN-C3']);
    expect(api.seen.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/api/giftcard/2']);
  });

  test('a failed load shows the error state with Retry', async () => {
    const { user } = setupFakeTimedUser();
    expectConsole('warn', 'Load failed');
    serve(cards, { failLists: 1 });
    renderApp('/card-list');
    render(<Toaster />);
    const error = await screen.findByTestId('error-state');
    expect(error).toHaveTextContent('Could not load gift cards');
    expect(error).toHaveTextContent(messages.tooManyRequests);
    // Shown in one place (docs/behaviour.md §8): no toast repeats it.
    expect(screen.queryByTestId('toast')).toBeNull();
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(serials()).toHaveLength(3));
  });
});
