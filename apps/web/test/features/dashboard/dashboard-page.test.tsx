import { type DateRange, messages } from '@strideadmin/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { dashboardRefreshMs } from '../../../src/features/dashboard/api/get-dashboard';
import { Toaster } from '../../../src/components/toaster';
import { session } from '../../../src/lib/session';
import { expectConsole } from '../../support/console';
import { makeDashboard } from '../../support/dashboard';
import { jsonResponse, makeUser, makeUserDetail, stubFetch, stubMatchMedia } from '../../support/fixtures';
import { preloadScreens, renderApp } from '../../support/render-app';

beforeAll(async () => {
  await preloadScreens();
  await import('../../../src/features/dashboard/dashboard-page');
});

const admin = makeUser({ id: 7, name: 'Ada Admin' });

/**
 * Signed in as an administrator on the shell (GET /users/{id}, the sidebar's unread count) and a
 * GET /dashboard that answers `answer(range)`; `failDashboards` makes the next ones fail.
 */
function serve(
  answer: (range: DateRange) => ReturnType<typeof makeDashboard> = (r) => makeDashboard(r),
  opts: { failDashboards?: number } = {},
) {
  session.signIn(admin, 'jwt');
  stubMatchMedia(false);
  let failDashboards = opts.failDashboards ?? 0;
  const api = stubFetch((req) => {
    const { pathname, searchParams } = req.url;
    if (pathname === `/api/users/${admin.id}`) return jsonResponse(200, { body: makeUserDetail(admin) });
    if (pathname === '/api/message') return jsonResponse(200, { body: { rows: [], count: 0 } });
    if (pathname === '/api/dashboard') {
      if (failDashboards > 0) {
        failDashboards--;
        return jsonResponse(429, { message: messages.tooManyRequests });
      }
      return jsonResponse(200, { body: answer((searchParams.get('range') ?? 'Today') as DateRange) });
    }
    return jsonResponse(404, { message: messages.routeNotFound });
  });
  const dashboards = () => api.seen.filter((r) => r.url.pathname === '/api/dashboard');
  return { api, dashboards };
}

const tile = (name: string) => screen.getByRole('group', { name });
const tileValue = (name: string) => within(tile(name)).getByText(/^[\d,.\s\u00a0\u202f]+$/).textContent;
const chart = (name: string) => screen.getByRole('figure', { name });
const marks = (name: string) => chart(name).querySelectorAll('svg [data-mark]');
const fmt = (n: number) => n.toLocaleString();

afterEach(() => {
  vi.useRealTimers();
});

describe('/ (Home dashboard)', () => {
  test('asks GET /dashboard?range=Today and shows the totals in the tiles, formatted, with what they count', async () => {
    const { dashboards } = serve((r) =>
      makeDashboard(r, () => 0, {
        newUsers: 12,
        activeWalkers: 3456,
        steps: 12_345_678,
        coinsEarned: 9870,
        coinsSpent: 1500,
        giftCardsRedeemed: 4,
        giftCardsInStock: 250,
        unreadQueries: 7,
      }),
    );
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Admin' })).toBeInTheDocument();
    await screen.findByRole('group', { name: 'Steps' });
    expect(dashboards()).toHaveLength(1);
    expect(Object.fromEntries(dashboards()[0]!.url.searchParams)).toEqual({ range: 'Today' });
    expect(dashboards()[0]!.headers.authorization).toBe('Bearer jwt');

    const shown = Object.fromEntries(
      [
        'New users',
        'Active walkers',
        'Steps',
        'Coins earned',
        'Coins spent',
        'Gift cards redeemed',
        'Gift cards in stock',
        'Unread queries',
      ].map((name) => [name, tileValue(name)]),
    );
    expect(shown).toEqual({
      'New users': fmt(12),
      'Active walkers': fmt(3456),
      Steps: fmt(12_345_678),
      'Coins earned': fmt(9870),
      'Coins spent': fmt(1500),
      'Gift cards redeemed': fmt(4),
      'Gift cards in stock': fmt(250),
      'Unread queries': fmt(7),
    });
    expect(tile('Steps')).toHaveTextContent(/Today$/);
    expect(tile('Active walkers')).toHaveTextContent(/Today · different users who walked$/);
    expect(tile('Unread queries')).toHaveTextContent(/Now · complaint queries to read$/);
    expect(screen.getByRole('button', { name: /^Date range / })).toHaveTextContent('Today');
  });

  test('tiles link to the filtered lists where a list can show the figure', async () => {
    serve();
    renderApp('/');
    await screen.findByRole('group', { name: 'Steps' });
    expect(within(tile('Unread queries')).getByRole('link')).toHaveAttribute('href', '/query-list?isRead=false');
    expect(within(tile('Gift cards in stock')).getByRole('link')).toHaveAttribute('href', '/card-list?isExpired=false');
    expect(within(tile('New users')).getByRole('link')).toHaveAttribute('href', '/user-list');
    for (const name of ['Active walkers', 'Steps', 'Coins earned', 'Coins spent', 'Gift cards redeemed'])
      expect(within(tile(name)).queryByRole('link'), name).toBeNull();
  });

  test('following a tile opens its list with the filter', async () => {
    const user = userEvent.setup();
    serve();
    const app = renderApp('/');
    await screen.findByRole('group', { name: 'Steps' });
    await user.click(within(tile('Unread queries')).getByRole('link', { name: 'Unread queries' }));
    await waitFor(() => expect(app.location().pathname).toBe('/query-list'));
    expect(app.location().search).toBe('?isRead=false');
  });

  test('choosing a range writes it into the URL and asks GET /dashboard?range=Week; Back goes back to Today', async () => {
    const user = userEvent.setup();
    const { dashboards } = serve((r) => makeDashboard(r, (i) => (r === 'Week' ? i + 1 : 0)));
    const app = renderApp('/');
    await screen.findByRole('group', { name: 'Steps' });

    await user.click(screen.getByRole('button', { name: /^Date range / }));
    const options = within(screen.getByRole('listbox', { name: 'Date range' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Today', 'Last Week', 'Month', 'Year', 'All Time']);
    await user.click(screen.getByRole('option', { name: 'Last Week' }));

    await waitFor(() => expect(app.location().search).toBe('?range=Week'));
    await waitFor(() => expect(tileValue('Steps')).toBe(fmt(1 + 2 + 3 + 4 + 5 + 6 + 7)));
    expect(Object.fromEntries(dashboards().at(-1)!.url.searchParams)).toEqual({ range: 'Week' });
    expect(tile('Steps')).toHaveTextContent(/Last 7 days$/);
    expect(screen.getByRole('button', { name: /^Date range / })).toHaveTextContent('Last Week');

    await act(() => app.router.navigate(-1));
    expect(app.location().search).toBe('');
    await waitFor(() => expect(tileValue('Steps')).toBe('0'));
    expect(screen.getByRole('button', { name: /^Date range / })).toHaveTextContent('Today');
  });

  test('reads the range from the URL; an unknown one is Today', async () => {
    const { dashboards } = serve();
    const first = renderApp('/?range=Year');
    await screen.findByRole('group', { name: 'Steps' });
    expect(dashboards().map((r) => r.url.searchParams.get('range'))).toEqual(['Year']);
    expect(tile('Steps')).toHaveTextContent(/Last 12 months$/);
    first.unmount();

    renderApp('/?range=Fortnight');
    await waitFor(() => expect(dashboards()).toHaveLength(2));
    expect(dashboards()[1]!.url.searchParams.get('range')).toBe('Today');
  });

  test.each([
    ['Today', 15],
    ['Week', 7],
    ['Month', 30],
    ['Year', 12],
    ['All', 3],
  ] as const)('%s: every chart draws one mark per point of the series', async (range, points) => {
    serve((r) => makeDashboard(r, (i, key) => (key === 'steps' ? 1000 * (i + 1) : i)));
    renderApp(range === 'Today' ? '/' : `/?range=${range}`);
    await screen.findByRole('figure', { name: 'Steps' });
    for (const name of ['Steps', 'Active walkers', 'Coins earned and spent', 'New users'])
      expect(marks(name), name).toHaveLength(points);
    // Earned and spent: two bars a point.
    expect(chart('Coins earned and spent').querySelectorAll('[data-mark] rect:not(:first-of-type)')).toHaveLength(
      points * 2,
    );
  });

  test('Today is drawn by hour: the axis names the hours, the tooltip the day and hour', async () => {
    serve((r) => makeDashboard(r, (i, key) => (key === 'steps' ? 100 * i : 0)));
    renderApp('/');
    await screen.findByRole('figure', { name: 'Steps' });
    const hours = [...marks('Steps')].map((m) => m.getAttribute('data-period'));
    expect(hours[0]).toBe('2025-06-15T00:00');
    expect(hours.at(-1)).toBe('2025-06-15T14:00');
    const june15 = new Date('2025-06-15T00:00:00').toLocaleDateString(undefined, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    expect([...marks('Steps')].at(-1)!.querySelector('title')).toHaveTextContent(
      `${june15}, 14:00: ${fmt(1400)} steps`,
    );
    // The current hour is always labelled on the axis.
    expect(chart('Steps')).toHaveTextContent('14:00');
    expect(within(chart('Steps')).getByRole('columnheader', { name: 'Hour' })).toBeInTheDocument();
    expect(chart('Steps')).toHaveTextContent("All users' steps, per hour today");
  });

  test('a chart tells each point in a tooltip and, for screen readers, in a hidden table', async () => {
    serve((r) => makeDashboard(r, (i, key) => (key === 'steps' ? 1000 * (i + 1) : key === 'coinsSpent' ? 5 : i)));
    renderApp('/?range=Week');
    await screen.findByRole('figure', { name: 'Steps' });

    const june15 = new Date('2025-06-15T00:00:00').toLocaleDateString(undefined, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    const last = [...marks('Steps')].at(-1)!;
    expect(last.getAttribute('data-period')).toBe('2025-06-15');
    expect(last.querySelector('title')).toHaveTextContent(`${june15}: ${fmt(7000)} steps`);
    expect([...marks('Coins earned and spent')].at(-1)!.querySelector('title')).toHaveTextContent(
      `${june15}: Earned 6, Spent 5`,
    );

    const table = within(chart('Steps')).getByRole('table', { name: "Steps, all users' steps, per day" });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(8); // the header and 7 days
    expect(within(rows[7]!).getByRole('rowheader')).toHaveTextContent(june15);
    expect(within(rows[7]!).getByRole('cell')).toHaveTextContent(fmt(7000));
    expect(chart('Steps').querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  test('Year and All: month points, and the walkers chart says it shows a daily average', async () => {
    serve();
    renderApp('/?range=Year');
    const walkers = await screen.findByRole('figure', { name: 'Active walkers' });
    expect(walkers).toHaveTextContent('Average users who walked a day, per month');
    expect(within(walkers).getByRole('columnheader', { name: 'Month' })).toBeInTheDocument();
    expect([...marks('Steps')].map((m) => m.getAttribute('data-period'))).toEqual([
      '2024-07',
      '2024-08',
      '2024-09',
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
    ]);
  });

  test('All says since when it counts', async () => {
    serve();
    renderApp('/?range=All');
    await screen.findByRole('group', { name: 'Steps' });
    const since = new Date('2025-04-10T00:00:00').toLocaleDateString(undefined, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    expect(tile('Steps')).toHaveTextContent(new RegExp(`Since ${since}$`));
  });

  test('nothing happened yet: zeros everywhere, not an error', async () => {
    serve();
    renderApp('/?range=Month');
    await screen.findByRole('group', { name: 'Steps' });
    for (const name of ['New users', 'Steps', 'Gift cards in stock', 'Unread queries'])
      expect(tileValue(name)).toBe('0');
    expect(marks('Steps')).toHaveLength(30);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('while loading: skeletons, busy; then the figures', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    session.signIn(admin, 'jwt');
    stubMatchMedia(false);
    stubFetch(async (req) => {
      if (req.url.pathname === '/api/dashboard') {
        await gate;
        return jsonResponse(200, { body: makeDashboard('Today', () => 0, { unreadQueries: 2 }) });
      }
      if (req.url.pathname === '/api/message') return jsonResponse(200, { body: { rows: [], count: 2 } });
      return jsonResponse(200, { body: makeUserDetail(admin) });
    });
    renderApp('/');
    expect(await screen.findByText('Loading the dashboard')).toHaveAttribute('role', 'status');
    expect(screen.getAllByTestId('tile-skeleton')).toHaveLength(8);
    expect(screen.getAllByTestId('chart-skeleton')).toHaveLength(4);
    expect(screen.getByText('Loading the dashboard').parentElement).toHaveAttribute('aria-busy', 'true');

    release();
    await waitFor(() => expect(tileValue('Unread queries')).toBe('2'));
    expect(screen.queryByTestId('tile-skeleton')).toBeNull();
    expect(screen.queryByText('Loading the dashboard')).toBeNull();
  });

  test('a failed load shows the error once, in place, with Retry; Retry loads the figures', async () => {
    expectConsole('warn', 'Load failed');
    const user = userEvent.setup();
    const { dashboards } = serve((r) => makeDashboard(r, () => 0, { steps: 42 }), { failDashboards: 1 });
    render(<Toaster />);
    renderApp('/');

    const alert = (await screen.findByText('Could not load the dashboard')).closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent(messages.tooManyRequests);
    // Shown in one place: not toasted beside it (docs/behaviour.md §8).
    expect(screen.getAllByText(messages.tooManyRequests)).toHaveLength(1);
    expect(screen.queryByTestId('toast')).toBeNull();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(tileValue('Steps')).toBe('42'));
    expect(dashboards()).toHaveLength(2);
    expect(screen.queryByText('Could not load the dashboard')).toBeNull();
  });
  test('the figures follow the activity: asked again every 30 s, shown without a spinner', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let steps = 100;
    const { dashboards } = serve((r) => makeDashboard(r, () => 0, { steps }));
    renderApp('/');
    await waitFor(() => expect(tileValue('Steps')).toBe(fmt(100)));
    expect(dashboards()).toHaveLength(1);

    steps = 2_500;
    await act(() => vi.advanceTimersByTimeAsync(dashboardRefreshMs));
    await waitFor(() => expect(tileValue('Steps')).toBe(fmt(2_500)));
    expect(dashboards()).toHaveLength(2);
    expect(screen.queryByRole('status', { name: /loading/i })).toBeNull();
  });
});
