import { messages, limits } from '@strideadmin/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { notificationPollInterval } from '../../../src/features/notifications/api/list-notifications';
import { Toaster } from '../../../src/components/toaster';
import { formatDateTime } from '../../../src/lib/format';
import { expectConsole } from '../../support/console';
import { jsonResponse, type SeenRequest } from '../../support/fixtures';
import { preloadScreens, renderApp } from '../../support/render-app';
import { setupFakeTimedUser } from '../../support/user';
import { makeNotification, serveNotifications } from './fixtures';

beforeAll(async () => {
  await preloadScreens();
  await import('../../../src/features/notifications/notification-list-page');
});

const query = (r: SeenRequest | undefined) => Object.fromEntries(r?.url.searchParams ?? []);
const table = () => screen.getByRole('table', { name: 'Push Notifications' });
const titles = () =>
  within(table())
    .queryAllByRole('rowheader')
    .map((h) => h.textContent);
const cells = (title: string) =>
  within(screen.getByRole('rowheader', { name: title }).closest('tr')!)
    .getAllByRole('cell')
    // Not the row's selection checkbox.
    .filter((c) => !within(c).queryByRole('checkbox'))
    .map((c) => c.textContent);

const longMessage = `Walk ${'far '.repeat(60)}and win.`;
const notifications = [
  makeNotification({
    id: 1,
    title: 'Walk week',
    message: longMessage,
    language: 'sv',
    audience: 'users',
    status: 'sent',
    recipientCount: 3,
    deliveredCount: 2,
    failedCount: 1,
    sendAt: '2024-06-03T08:00:00.000Z',
    createdAt: '2024-06-03T07:00:00.000Z',
  }),
  makeNotification({
    id: 2,
    title: 'Double coins',
    message: 'Double coins today',
    language: 'en',
    audience: 'active',
    status: 'failed',
    recipientCount: 1,
    deliveredCount: 0,
    failedCount: 1,
    sendAt: '2024-06-02T08:00:00.000Z',
    createdAt: '2024-06-02T07:00:00.000Z',
  }),
  makeNotification({
    id: 3,
    title: 'Quiz night',
    message: 'New quiz questions',
    audience: 'all',
    status: 'sent',
    recipientCount: 40,
    deliveredCount: 40,
    failedCount: 0,
    sendAt: '2024-06-01T08:00:00.000Z',
    createdAt: '2024-06-01T07:00:00.000Z',
  }),
];

describe('/notification-list', () => {
  test('renders GET /notification newest first: message, language, audience, send time, status, delivered, created', async () => {
    const { lists } = serveNotifications(notifications);
    renderApp('/notification-list');

    expect(await screen.findByRole('heading', { name: 'Push Notifications' })).toBeInTheDocument();
    await screen.findByRole('rowheader', { name: 'Walk week' });
    expect(query(lists()[0])).toEqual({ page: '1', limit: '20', order: 'desc', sort: 'createdAt' });
    expect(titles()).toEqual(['Walk week', 'Double coins', 'Quiz night']);

    expect(cells('Walk week')).toEqual([
      longMessage,
      'Swedish',
      'Chosen users',
      expect.any(String),
      'Sent',
      '2 / 31 failed',
      expect.any(String),
      'Delete',
    ]);
    // Send time and Created: on two short lines, the full date and time on hover.
    const times = within(screen.getByRole('rowheader', { name: 'Walk week' }).closest('tr')!).getAllByRole('time');
    expect(times.map((t) => [t.getAttribute('dateTime'), t.getAttribute('title')])).toEqual([
      ['2024-06-03T08:00:00.000Z', formatDateTime('2024-06-03T08:00:00.000Z')],
      ['2024-06-03T07:00:00.000Z', formatDateTime('2024-06-03T07:00:00.000Z')],
    ]);
    expect(times[0]).toHaveTextContent(/2024/);
    expect(cells('Double coins').slice(1, 6)).toEqual([
      'English',
      'Active users',
      expect.any(String),
      'Failed',
      '0 / 11 failed',
    ]);
    // No failures: no failed count.
    expect(cells('Quiz night').slice(2, 6)).toEqual(['All users', expect.any(String), 'Sent', '40 / 40']);
    // The message is cut to one line; its full text is the cell's title.
    expect(within(table()).getByText(longMessage)).toHaveAttribute('title', longMessage);
    expect(within(table()).getByText(longMessage)).toHaveClass('truncate');
    expect(screen.getByRole('link', { name: 'Send Notification' })).toHaveAttribute('href', '/add-notification');
  });

  test('while a notification on the page is queued, the list refreshes by itself until it is sent', async () => {
    const { wait } = setupFakeTimedUser();
    const { data, lists } = serveNotifications([
      makeNotification({
        id: 9,
        title: 'Going out',
        status: 'queued',
        deliveredCount: 0,
        sendAt: new Date().toISOString(),
      }),
      ...notifications,
    ]);
    renderApp('/notification-list');
    await screen.findByRole('rowheader', { name: 'Going out' });
    expect(cells('Going out')[4]).toBe('Queued');
    expect(cells('Going out')[5]).toBe('0 / 2');
    expect(lists()).toHaveLength(1);

    // The worker delivers one of two.
    Object.assign(data[0]!, { deliveredCount: 1 });
    wait(3_000);
    await waitFor(() => expect(cells('Going out')[5]).toBe('1 / 2'));
    expect(lists()).toHaveLength(2);

    Object.assign(data[0]!, { status: 'sent', deliveredCount: 2 });
    wait(3_000);
    await waitFor(() => expect(cells('Going out')[4]).toBe('Sent'));
    expect(cells('Going out')[5]).toBe('2 / 2');

    // Nothing queued any more: no more refreshes.
    const seen = lists().length;
    wait(30_000);
    expect(lists()).toHaveLength(seen);
  });

  test('the title and message filters go into the URL and the request', async () => {
    const user = userEvent.setup();
    const { lists } = serveNotifications(notifications);
    const app = renderApp('/notification-list');
    await screen.findByRole('rowheader', { name: 'Walk week' });

    await user.type(screen.getByRole('searchbox', { name: 'Title' }), 'coins{Enter}');
    await waitFor(() => expect(titles()).toEqual(['Double coins']));
    expect(app.location().search).toBe('?title=coins');
    expect(query(lists().at(-1))).toMatchObject({ title: 'coins', page: '1' });

    await user.clear(screen.getByRole('searchbox', { name: 'Title' }));
    await user.type(screen.getByRole('searchbox', { name: 'Message' }), 'QUIZ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(titles()).toEqual(['Quiz night']));
    expect(app.location().search).toBe('?message=QUIZ');
    expect(query(lists().at(-1))).toMatchObject({ message: 'QUIZ' });
    expect(query(lists().at(-1))).not.toHaveProperty('title');
  });

  test('sorting by Send time and Status goes into the URL', async () => {
    const user = userEvent.setup();
    const { lists } = serveNotifications(notifications);
    const app = renderApp('/notification-list');
    await screen.findByRole('rowheader', { name: 'Walk week' });
    await user.click(screen.getByRole('button', { name: 'Send time' }));
    await waitFor(() => expect(titles()).toEqual(['Quiz night', 'Double coins', 'Walk week']));
    expect(app.location().search).toBe('?order=asc&sort=sendAt');
    await user.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(app.location().search).toBe('?order=asc&sort=status'));
    expect(query(lists().at(-1))).toMatchObject({ sort: 'status', order: 'asc' });
    for (const plain of ['Message', 'Language', 'Audience', 'Delivered'])
      expect(within(screen.getByRole('columnheader', { name: plain })).queryByRole('button')).toBeNull();
  });

  test('delete asks first (a queued one "will not be sent"), then deletes and toasts the server message', async () => {
    const { user, elapse } = setupFakeTimedUser();
    const { api } = serveNotifications([
      makeNotification({ id: 9, title: 'Later', status: 'queued', sendAt: '2099-01-01T00:00:00.000Z' }),
      ...notifications,
    ]);
    renderApp('/notification-list');
    render(<Toaster />);
    await screen.findByRole('rowheader', { name: 'Later' });

    await user.click(screen.getByRole('button', { name: 'Delete Later' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete notification Later?' });
    expect(dialog).toHaveTextContent('It will not be sent.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Delete Walk week' }));
    const again = await screen.findByRole('dialog', { name: 'Delete notification Walk week?' });
    expect(again).toHaveTextContent("It will also disappear from its recipients' app inbox.");
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The row goes at once; the server is asked when the Undo window ends (docs/behaviour.md §12).
    expect(titles()).toEqual(['Double coins', 'Later', 'Quiz night']);
    expect(screen.getByTestId('toast')).toHaveTextContent('1 notification will be deleted.');
    expect(api.seen.some((r) => r.method === 'DELETE')).toBe(false);
    await elapse(limits.undoMs);
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent(messages.notificationDeleted));
    expect(titles()).toEqual(['Double coins', 'Later', 'Quiz night']);
    expect(api.seen.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/api/notification/1']);
  });

  test('none yet: an empty state with Send Notification', async () => {
    serveNotifications([]);
    renderApp('/notification-list');
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent('No notifications found');
    expect(within(empty).getByRole('link', { name: 'Send Notification' })).toHaveAttribute('href', '/add-notification');
  });

  test('a failed load shows the error with Retry', async () => {
    const user = userEvent.setup();
    expectConsole('warn', 'Load failed');
    let failures = 1;
    serveNotifications(notifications, {
      answer: (req) =>
        req.url.pathname === '/api/notification' && failures-- > 0
          ? jsonResponse(429, { message: messages.tooManyRequests })
          : undefined,
    });
    renderApp('/notification-list');
    const error = await screen.findByTestId('error-state');
    expect(error).toHaveTextContent('Could not load notifications');
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('rowheader', { name: 'Walk week' })).toBeInTheDocument();
  });
});

describe('notificationPollInterval', () => {
  const now = Date.parse('2024-06-01T12:00:00.000Z');
  const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();

  test('nothing queued: no polling', () => {
    expect(notificationPollInterval(undefined, now)).toBe(false);
    expect(
      notificationPollInterval([makeNotification({ status: 'sent' }), makeNotification({ status: 'failed' })], now),
    ).toBe(false);
  });

  test('a queued one that is due: every 3 seconds', () => {
    expect(notificationPollInterval([makeNotification({ status: 'queued', sendAt: at(-60_000) })], now)).toBe(3_000);
    expect(notificationPollInterval([makeNotification({ status: 'queued', sendAt: at(1_000) })], now)).toBe(3_000);
  });

  test('a scheduled one: when it comes due, and at least once a minute', () => {
    expect(notificationPollInterval([makeNotification({ status: 'queued', sendAt: at(20_000) })], now)).toBe(20_000);
    expect(notificationPollInterval([makeNotification({ status: 'queued', sendAt: at(86_400_000) })], now)).toBe(
      60_000,
    );
    expect(
      notificationPollInterval(
        [
          makeNotification({ status: 'queued', sendAt: at(86_400_000) }),
          makeNotification({ status: 'queued', sendAt: at(10_000) }),
        ],
        now,
      ),
    ).toBe(10_000);
  });
});
