import { limits, messages } from '@strideadmin/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { Toaster } from '../../../src/components/toaster';
import { expectConsole } from '../../support/console';
import { jsonResponse } from '../../support/fixtures';
import { preloadScreens, renderApp } from '../../support/render-app';
import { pickDate, selectNamed } from '../../support/user';
import { appUser, serveNotifications } from './fixtures';

beforeAll(async () => {
  await preloadScreens();
  await import('../../../src/features/notifications/add-notification-page');
  await import('../../../src/features/notifications/notification-list-page');
});

const people = [
  appUser(5, 'Grace Hopper'),
  appUser(6, 'Alan Turing'),
  appUser(8, 'Grace Kelly'),
  { ...appUser(9, 'Grace Admin'), Role: { name: 'Admin' as const } },
];

/** The field labelled `label` (its label may end with the required asterisk). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`), { selector: 'input, textarea' });
/** The error text shown under the field labelled `label`. */
const errorUnder = (label: string) => {
  const input = field(label);
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((i) => i.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};
/** The error text of a Select (a button named by its label). */
const selectError = (label: string) => {
  const id = screen.getByRole('button', { name: selectNamed(label) }).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

/** The messages of the toasts on screen (an earlier test's may still be closing). */
const toasts = () => screen.queryAllByTestId('toast').map((t) => t.querySelector('span')?.textContent);

async function choose(user: UserEvent, select: string, option: string) {
  await user.click(screen.getByRole('button', { name: selectNamed(select) }));
  await user.click(screen.getByRole('option', { name: option }));
}

async function open() {
  const app = renderApp('/add-notification');
  expect(await screen.findByRole('heading', { name: 'Send Push Notification' })).toBeInTheDocument();
  return app;
}

describe('/add-notification', () => {
  test('an empty form shows every required message under its field, and sends nothing', async () => {
    const user = userEvent.setup();
    const { posts } = serveNotifications([]);
    await open();
    await user.click(screen.getByRole('button', { name: 'Send Notification' }));

    await waitFor(() => expect(errorUnder('Title')).toBe(messages.titleRequired));
    expect(errorUnder('Message')).toBe(messages.messageRequired);
    expect(selectError('Language')).toBe(messages.languageRequired);
    expect(selectError('Audience')).toBe(messages.audienceRequired);
    // Whitespace is not a title.
    await user.type(field('Title'), '   ');
    await user.click(screen.getByRole('button', { name: 'Send Notification' }));
    expect(errorUnder('Title')).toBe(messages.titleRequired);
    expect(posts()).toHaveLength(0);
  });

  test('Chosen users needs at least one user; the select appears only for that audience', async () => {
    const user = userEvent.setup();
    const { posts } = serveNotifications([], { users: people });
    await open();
    await user.type(field('Title'), 'Hello');
    await user.type(field('Message'), 'Walk more');
    await choose(user, 'Language', 'English');
    expect(screen.queryByRole('combobox', { name: 'Users' })).toBeNull();
    await choose(user, 'Audience', 'Chosen users');
    const users = screen.getByRole('combobox', { name: 'Users' });

    await user.click(screen.getByRole('button', { name: 'Send Notification' }));
    await waitFor(() => expect(errorUnder('Users')).toBe(messages.recipientsRequired));
    expect(users).toHaveAttribute('aria-invalid', 'true');
    expect(posts()).toHaveLength(0);

    // Choosing one clears the message.
    await user.type(users, 'alan');
    await user.click(await screen.findByRole('option', { name: /Alan Turing/ }));
    await waitFor(() => expect(errorUnder('Users')).toBeUndefined());

    await choose(user, 'Audience', 'All users');
    expect(screen.queryByRole('combobox', { name: 'Users' })).toBeNull();
  });

  test('a send time in the past is refused with its message', async () => {
    const user = userEvent.setup();
    const { posts } = serveNotifications([]);
    await open();
    await user.type(field('Title'), 'Hello');
    await user.type(field('Message'), 'Walk more');
    await choose(user, 'Language', 'English');
    await choose(user, 'Audience', 'All users');
    pickDate(field('Send time'), '2020-01-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Send Notification' }));
    await waitFor(() => expect(errorUnder('Send time')).toBe(messages.sendAtPast));
    expect(posts()).toHaveLength(0);
    expect(field('Send time')).toHaveAccessibleDescription(`${messages.sendAtPast} Leave empty to send now.`);
  });

  test('the message counts its characters up to the limit, and says when it is too long', async () => {
    const user = userEvent.setup();
    serveNotifications([]);
    await open();
    const message = field('Message');
    expect(screen.getByTestId('message-count')).toHaveTextContent(`0 / ${limits.notificationMessageMax} characters`);
    await user.type(message, 'Hello');
    expect(screen.getByTestId('message-count')).toHaveTextContent(`5 / ${limits.notificationMessageMax} characters`);
    expect(message).toHaveAccessibleDescription(`5 / ${limits.notificationMessageMax} characters`);

    await user.clear(message);
    await user.click(message);
    await user.paste('x'.repeat(limits.notificationMessageMax + 1));
    expect(screen.getByTestId('message-count')).toHaveTextContent(`1001 / ${limits.notificationMessageMax}`);
    expect(screen.getByTestId('message-count')).toHaveClass('text-red-600');
    await user.click(screen.getByRole('button', { name: 'Send Notification' }));
    await waitFor(() => expect(errorUnder('Message')).toBe(`At most ${limits.notificationMessageMax} characters.`));
  });

  test('sends to chosen users at a send time: POST /notification, the server message, then the list', async () => {
    const user = userEvent.setup();
    const { posts, searches } = serveNotifications([], { users: people });
    const app = await open();
    render(<Toaster />);
    await user.type(field('Title'), '  Weekend walk ');
    await user.type(field('Message'), 'Join us{Enter}on Saturday');
    await choose(user, 'Language', 'Swedish');
    await choose(user, 'Audience', 'Chosen users');

    const users = screen.getByRole('combobox', { name: 'Users' });
    await user.type(users, 'grace');
    await waitFor(() => expect(screen.queryByRole('option', { name: /Alan Turing/ })).toBeNull());
    expect(Object.fromEntries(searches().at(-1)!.url.searchParams)).toEqual({
      name: 'grace',
      role: 'User',
      sort: 'name',
      order: 'asc',
      page: '1',
      limit: '20',
    });
    // Only app users (role=User): notifications go to User accounts (decision 0008), not to Grace Admin.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Grace Hoppergrace@example.com',
      'Grace Kellygrace@example.com',
    ]);
    await user.keyboard('{ArrowDown}{Enter}'); // Grace Kelly, the second match
    await user.type(users, 'hopper');
    await user.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
    expect(
      within(screen.getByRole('list', { name: 'Chosen users' }))
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['Grace Kelly', 'Grace Hopper']);
    // Enter in the user field chose; it did not submit the form.
    expect(posts()).toHaveLength(0);

    pickDate(field('Send time'), '2099-05-01T10:30');
    await user.click(screen.getByRole('button', { name: 'Send Notification' }));

    await waitFor(() => expect(app.location().pathname).toBe('/notification-list'));
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.body).toEqual({
      title: 'Weekend walk',
      message: 'Join us\non Saturday',
      language: 'sv',
      audience: 'users',
      userIds: [8, 5],
      sendAt: new Date('2099-05-01T10:30').toISOString(),
    });
    expect(toasts()).toContain(messages.notificationQueued);
    expect(await screen.findByRole('rowheader', { name: 'Weekend walk' })).toBeInTheDocument();
  });

  test('to all users, now: no user ids and no send time go out', async () => {
    const user = userEvent.setup();
    const { posts } = serveNotifications([], { users: people });
    const app = await open();
    await user.type(field('Title'), 'Hello');
    await user.type(field('Message'), 'Walk more');
    await choose(user, 'Language', 'English');
    // Users chosen and then another audience: they are not sent.
    await choose(user, 'Audience', 'Chosen users');
    await user.type(screen.getByRole('combobox', { name: 'Users' }), 'alan');
    await user.click(await screen.findByRole('option', { name: /Alan Turing/ }));
    await choose(user, 'Audience', 'Active users');
    await user.click(screen.getByRole('button', { name: 'Send Notification' }));
    await waitFor(() => expect(app.location().pathname).toBe('/notification-list'));
    expect(posts()[0]!.body).toEqual({
      title: 'Hello',
      message: 'Walk more',
      language: 'en',
      audience: 'active',
      userIds: [],
      sendAt: null,
    });
  });

  test('a server refusal is shown under the form, and only there', async () => {
    const user = userEvent.setup();
    serveNotifications([], {
      answer: (req) => (req.method === 'POST' ? jsonResponse(400, { message: messages.noRecipients }) : undefined),
    });
    const app = await open();
    render(<Toaster />);
    await user.type(field('Title'), 'Hello');
    await user.type(field('Message'), 'Walk more');
    await choose(user, 'Language', 'English');
    await choose(user, 'Audience', 'Active users');
    await user.click(screen.getByRole('button', { name: 'Send Notification' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent(messages.noRecipients);
    expect(toasts()).not.toContain(messages.noRecipients);
    expect(screen.getAllByText(messages.noRecipients)).toHaveLength(1);
    expect(app.location().pathname).toBe('/add-notification');
  });

  test('a failed user search says so in the list (and the policy toasts it)', async () => {
    const user = userEvent.setup();
    expectConsole('warn', 'Load failed');
    serveNotifications([], {
      answer: (req) =>
        req.url.pathname === '/api/users' ? jsonResponse(403, { message: messages.forbidden }) : undefined,
    });
    await open();
    render(<Toaster />);
    await choose(user, 'Audience', 'Chosen users');
    await user.type(screen.getByRole('combobox', { name: 'Users' }), 'x');
    expect(await screen.findByText('The search failed. Type again to retry.')).toBeInTheDocument();
    expect(toasts()).toContain(messages.forbidden);
  });

  test('Cancel goes back to the list', async () => {
    const user = userEvent.setup();
    serveNotifications([]);
    const app = await open();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(app.location().pathname).toBe('/notification-list'));
  });
});
