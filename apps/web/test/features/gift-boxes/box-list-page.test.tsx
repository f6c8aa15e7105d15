import { messages, limits } from '@strideadmin/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { Toaster } from '../../../src/components/toaster';
import type { SeenRequest } from '../../support/fixtures';
import { preloadScreens, renderApp } from '../../support/render-app';
import { setupFakeTimedUser } from '../../support/user';
import { makeBox, makeConfig, serveGiftBoxes } from './gift-box-data';

beforeAll(async () => {
  await preloadScreens();
  await import('../../../src/features/gift-boxes/box-list-page');
});

const query = (r: SeenRequest | undefined) => Object.fromEntries(r?.url.searchParams ?? []);
const table = () => screen.getByRole('table', { name: 'Gift Box Configs' });
const names = () =>
  within(table())
    .queryAllByRole('rowheader')
    .map((h) => h.textContent);

const configs = [
  makeConfig({ id: 21, type: 'Daily Walker', createdAt: '2024-03-01T10:00:00.000Z' }),
  makeConfig({
    id: 22,
    type: 'Weekend Hiker',
    minCoins: 100,
    maxCoins: 2500,
    stepsToUnlock: 12000,
    boxesPerDay: 1,
    isActive: false,
    createdAt: '2024-02-01T10:00:00.000Z',
  }),
  makeConfig({ id: 23, type: 'Night Owl', createdAt: '2024-01-01T10:00:00.000Z' }),
];
const boxes = [makeBox({ id: 1, configId: 22 }), makeBox({ id: 2, configId: 22 })];

describe('/box-list', () => {
  test('renders the configs of GET /giftbox: coin range, steps, boxes per day, manual boxes, status, date', async () => {
    const { lists } = serveGiftBoxes(configs, { boxes });
    renderApp('/box-list');
    expect(await screen.findByRole('heading', { name: 'Gift Box Config', level: 1 })).toBeInTheDocument();
    await screen.findByRole('rowheader', { name: 'Daily Walker' });
    expect(query(lists()[0])).toEqual({ page: '1', limit: '20', order: 'desc', sort: 'createdAt' });
    expect(names()).toEqual(['Daily Walker', 'Weekend Hiker', 'Night Owl']);

    const hiker = screen.getByRole('rowheader', { name: 'Weekend Hiker' }).closest('tr')!;
    expect(
      within(hiker)
        .getAllByRole('cell')
        // Not the row's selection checkbox.
        .filter((c) => !within(c).queryByRole('checkbox'))
        .map((c) => c.textContent),
    ).toEqual([
      `${(100).toLocaleString()}–${(2500).toLocaleString()}`,
      (12000).toLocaleString(),
      '1',
      '2',
      'Inactive',
      'EditPlace boxDelete',
    ]);
    expect(within(hiker).getByRole('link', { name: 'Edit Weekend Hiker' })).toHaveAttribute(
      'href',
      '/update-box?id=22',
    );
    expect(within(hiker).getByRole('link', { name: 'Place box for Weekend Hiker' })).toHaveAttribute(
      'href',
      '/add-box-manual?configId=22',
    );
    expect(screen.getByRole('link', { name: 'Add Config' })).toHaveAttribute('href', '/add-box');
    expect(screen.getByRole('link', { name: 'Place Gift Box' })).toHaveAttribute('href', '/add-box-manual');
  });

  test('the Config Name filter is applied on Enter: into the URL as type=value and into the request', async () => {
    const user = userEvent.setup();
    const { lists } = serveGiftBoxes(configs);
    const app = renderApp('/box-list?sort=type&order=asc');
    await screen.findByRole('rowheader', { name: 'Daily Walker' });
    expect(names()).toEqual(['Daily Walker', 'Night Owl', 'Weekend Hiker']);

    await user.type(screen.getByRole('searchbox', { name: 'Config Name' }), ' hiker {Enter}');
    await waitFor(() => expect(names()).toEqual(['Weekend Hiker']));
    expect(app.location().search).toBe('?order=asc&sort=type&type=hiker');
    expect(query(lists().at(-1))).toEqual({ page: '1', limit: '20', order: 'asc', sort: 'type', type: 'hiker' });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(app.location().search).toBe('?order=asc&sort=type');
  });

  test('no config at all: the empty state offers Add Config', async () => {
    serveGiftBoxes([]);
    renderApp('/box-list');
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent('No gift box configs found');
    expect(within(empty).getByRole('link', { name: 'Add Config' })).toHaveAttribute('href', '/add-box');
  });

  test('delete warns that hand-placed boxes go too, then deletes; the row is gone', async () => {
    const { user, elapse } = setupFakeTimedUser();
    const { api } = serveGiftBoxes(configs, { boxes });
    renderApp('/box-list');
    render(<Toaster />);
    await screen.findByRole('rowheader', { name: 'Weekend Hiker' });

    await user.click(screen.getByRole('button', { name: 'Delete Weekend Hiker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete config Weekend Hiker?' });
    expect(dialog).toHaveTextContent(
      'The config Weekend Hiker will be deleted, and its 2 hand-placed boxes are removed from the map too.',
    );
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The row goes at once; the server is asked when the Undo window ends (docs/behaviour.md §12).
    expect(names()).toEqual(['Daily Walker', 'Night Owl']);
    expect(screen.getByTestId('toast')).toHaveTextContent('1 gift box config will be deleted.');
    expect(api.seen.some((r) => r.method === 'DELETE')).toBe(false);
    await elapse(limits.undoMs);
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent(messages.giftBoxConfigDeleted));
    expect(names()).toEqual(['Daily Walker', 'Night Owl']);
    expect(api.seen.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/api/giftbox/22']);
  });

  test('a config without hand-placed boxes says any box placed under it goes too', async () => {
    const user = userEvent.setup();
    serveGiftBoxes(configs);
    renderApp('/box-list');
    await user.click(await screen.findByRole('button', { name: 'Delete Night Owl' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete config Night Owl?' });
    expect(dialog).toHaveTextContent('with any box placed by hand under it');
  });
});
