import { messages } from '@strideadmin/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import { Toaster } from '../../../src/components/toaster';
import { expectConsole } from '../../support/console';
import { jsonResponse } from '../../support/fixtures';
import { preloadScreens, renderApp } from '../../support/render-app';
import { setupFakeTimedUser } from '../../support/user';
import { makeBox, makeConfig, serveGiftBoxes } from './gift-box-data';

beforeAll(async () => {
  await preloadScreens();
  await import('../../../src/features/gift-boxes/add-box-page');
  await import('../../../src/features/gift-boxes/update-box-page');
  await import('../../../src/features/gift-boxes/box-list-page');
});

type User = ReturnType<typeof setupFakeTimedUser>['user'];
const spin = (name: string) => screen.getByRole('textbox', { name });
const configName = () => screen.getByRole('textbox', { name: 'Config Name' });
const toasts = () => screen.queryAllByTestId('toast').map((t) => t.firstElementChild?.textContent);

async function fillValid(user: User) {
  await user.type(configName(), 'Morning Stroll');
  await user.type(spin('Min Coins'), '10');
  await user.type(spin('Max Coins'), '40');
  await user.type(spin('Steps to Unlock'), '1500');
  await user.type(spin('Boxes per Day'), '4');
}

describe('/add-box: the config form (contract createGiftBoxConfigSchema)', () => {
  test('an empty form shows each required message under its field and sends nothing', async () => {
    const { user } = setupFakeTimedUser();
    const { savesSeen } = serveGiftBoxes([]);
    renderApp('/add-box');
    expect(await screen.findByRole('heading', { name: 'Add Gift Box Config' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Status / })).toHaveTextContent('Active');
    await user.click(screen.getByRole('button', { name: 'Add Config' }));
    await waitFor(() => expect(configName()).toHaveAccessibleDescription(messages.configNameRequired));
    expect(spin('Min Coins')).toHaveAccessibleDescription(messages.minCoinsRequired);
    expect(spin('Max Coins')).toHaveAccessibleDescription(messages.maxCoinsRequired);
    expect(spin('Steps to Unlock')).toHaveAccessibleDescription(messages.stepsToUnlockRequired);
    expect(spin('Boxes per Day')).toHaveAccessibleDescription(messages.boxesPerDayRequired);
    expect(savesSeen()).toEqual([]);
  });

  test('Max Coins below Min Coins is refused; raising Max (or lowering Min) clears it', async () => {
    const { user } = setupFakeTimedUser();
    const { savesSeen } = serveGiftBoxes([]);
    renderApp('/add-box');
    await screen.findByRole('heading', { name: 'Add Gift Box Config' });
    await fillValid(user);
    await user.clear(spin('Max Coins'));
    await user.type(spin('Max Coins'), '5');
    await user.click(screen.getByRole('button', { name: 'Add Config' }));
    await waitFor(() => expect(spin('Max Coins')).toHaveAccessibleDescription(messages.coinRangeInvalid));
    expect(spin('Min Coins')).not.toHaveAccessibleDescription();

    await user.clear(spin('Min Coins'));
    await user.type(spin('Min Coins'), '5');
    await waitFor(() => expect(spin('Max Coins')).not.toHaveAccessibleDescription());
    expect(savesSeen()).toEqual([]);
  });

  test('leaving Min Coins does not call an untouched Max Coins required before the submit', async () => {
    const { user } = setupFakeTimedUser();
    serveGiftBoxes([]);
    renderApp('/add-box');
    await screen.findByRole('heading', { name: 'Add Gift Box Config' });
    await user.type(spin('Min Coins'), '10');
    await user.click(spin('Steps to Unlock'));
    await user.type(spin('Steps to Unlock'), '100');
    await user.click(configName());
    await waitFor(() => expect(spin('Steps to Unlock')).not.toHaveAccessibleDescription());
    expect(spin('Max Coins')).not.toHaveAccessibleDescription();
    expect(spin('Min Coins')).not.toHaveAccessibleDescription();

    // Once Max Coins has been visited, a new Min Coins checks the range again at once (the
    // contract checks the range when every field is valid).
    await user.type(configName(), 'Morning Stroll');
    await user.type(spin('Boxes per Day'), '4');
    await user.type(spin('Max Coins'), '20');
    await user.click(configName());
    await user.clear(spin('Min Coins'));
    await user.type(spin('Min Coins'), '30');
    await waitFor(() => expect(spin('Max Coins')).toHaveAccessibleDescription(messages.coinRangeInvalid));
  });

  test('a valid config is posted; the toast, then /box-list', async () => {
    const { user } = setupFakeTimedUser();
    const { savesSeen } = serveGiftBoxes([], {
      saves: [jsonResponse(200, { message: messages.giftBoxConfigCreated, body: { id: 30 } })],
    });
    const app = renderApp('/add-box');
    render(<Toaster />);
    await screen.findByRole('heading', { name: 'Add Gift Box Config' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add Config' }));
    await waitFor(() => expect(app.location().pathname).toBe('/box-list'));
    expect(savesSeen().map((r) => [r.method, r.body])).toEqual([
      [
        'POST',
        { type: 'Morning Stroll', minCoins: 10, maxCoins: 40, stepsToUnlock: 1500, boxesPerDay: 4, isActive: true },
      ],
    ]);
    expect(toasts()).toEqual([messages.giftBoxConfigCreated]);
  });

  test('a taken Config Name (409) shows under the form, and only there; the form stays', async () => {
    const { user } = setupFakeTimedUser();
    serveGiftBoxes([], { saves: [jsonResponse(409, { message: messages.configNameTaken })] });
    const app = renderApp('/add-box');
    render(<Toaster />);
    await screen.findByRole('heading', { name: 'Add Gift Box Config' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add Config' }));
    await waitFor(() => expect(screen.getByTestId('form-error')).toHaveTextContent(messages.configNameTaken));
    expect(toasts()).toEqual([]);
    expect(app.location().pathname).toBe('/add-box');
  });
});

describe('/update-box?id', () => {
  const config = makeConfig({ id: 21, type: 'Daily Walker', isActive: false });
  const boxes = [
    makeBox({ id: 301, configId: 21, latitude: 59.3, longitude: 18.0712346, coins: 40 }),
    makeBox({
      id: 302,
      configId: 21,
      latitude: -33.8688,
      longitude: 151.2093,
      coins: 15,
      openedAt: '2024-05-03T08:00:00.000Z',
    }),
    makeBox({ id: 303, configId: 99 }),
  ];

  test('loads the config into the form; PUT sends updateId and every field; success goes to /box-list', async () => {
    const { user } = setupFakeTimedUser();
    const { savesSeen } = serveGiftBoxes([config], {
      boxes,
      saves: [jsonResponse(200, { message: messages.giftBoxConfigUpdated, body: null })],
    });
    const app = renderApp('/update-box?id=21');
    render(<Toaster />);
    expect(await screen.findByRole('heading', { name: 'Update Gift Box Config' })).toBeInTheDocument();
    expect(configName()).toHaveValue('Daily Walker');
    expect(spin('Min Coins')).toHaveValue('10');
    expect(spin('Max Coins')).toHaveValue('50');
    expect(spin('Steps to Unlock')).toHaveValue('2000');
    expect(spin('Boxes per Day')).toHaveValue('3');
    expect(screen.getByRole('button', { name: /^Status / })).toHaveTextContent('Inactive');

    await user.clear(spin('Boxes per Day'));
    await user.type(spin('Boxes per Day'), '6');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(app.location().pathname).toBe('/box-list'));
    expect(savesSeen().map((r) => [r.method, r.body])).toEqual([
      [
        'PUT',
        {
          updateId: 21,
          type: 'Daily Walker',
          minCoins: 10,
          maxCoins: 50,
          stepsToUnlock: 2000,
          boxesPerDay: 6,
          isActive: false,
        },
      ],
    ]);
    expect(toasts()).toEqual([messages.giftBoxConfigUpdated]);
  });

  test('lists the config’s hand-placed boxes; Remove asks first, then the box is gone', async () => {
    const { user } = setupFakeTimedUser();
    const { api } = serveGiftBoxes([config], { boxes });
    renderApp('/update-box?id=21');
    render(<Toaster />);
    const card = (await screen.findByRole('heading', { name: 'Manually placed boxes' })).closest('section')!;
    expect(within(card).getByRole('link', { name: 'Place a box' })).toHaveAttribute(
      'href',
      '/add-box-manual?configId=21',
    );
    const table = within(card).getByRole('table', { name: 'Manually placed boxes' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['59.300000', '-33.868800']);
    const opened = within(table).getByRole('rowheader', { name: '-33.868800' }).closest('tr')!;
    const cells = within(opened).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('151.209300');
    expect(cells[1]).toHaveTextContent('15');
    expect(cells[3]).toHaveTextContent(/^Yes, /);
    const waiting = within(table).getByRole('rowheader', { name: '59.300000' }).closest('tr')!;
    expect(within(waiting).getAllByRole('cell')[0]).toHaveTextContent('18.071235');
    expect(within(waiting).getAllByRole('cell')[3]).toHaveTextContent('No');

    await user.click(within(table).getByRole('button', { name: 'Remove the box at 59.300000, 18.071235' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this gift box?' });
    expect(dialog).toHaveTextContent('The box at 59.300000, 18.071235 (40 coins) will be removed from the map.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['-33.868800']);
    expect(toasts()).toEqual([messages.giftBoxDeleted]);
    expect(api.seen.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual([
      '/api/giftbox/manual/301',
    ]);
  });

  test('a config without hand-placed boxes says so and offers to place one', async () => {
    serveGiftBoxes([config]);
    renderApp('/update-box?id=21');
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent('No boxes placed by hand yet');
    expect(within(empty).getByRole('link', { name: 'Place a box' })).toHaveAttribute(
      'href',
      '/add-box-manual?configId=21',
    );
  });

  test('an unknown id says the config was not found, once, with a way back and no Retry', async () => {
    setupFakeTimedUser();
    expectConsole('warn', 'Load failed');
    serveGiftBoxes([config]);
    renderApp('/update-box?id=999');
    render(<Toaster />);
    const back = await screen.findByRole('link', { name: 'Go to gift box configs' });
    expect(back).toHaveAttribute('href', '/box-list');
    const panel = back.closest<HTMLElement>('[role="alert"]')!;
    expect(panel).toHaveTextContent(messages.giftBoxConfigNotFound);
    expect(within(panel).getByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    // Asking again would answer the same: no Retry; and no toast repeats the message.
    expect(within(panel).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(toasts()).toEqual([]);
  });

  test('a malformed id asks nothing of the server', async () => {
    const { api } = serveGiftBoxes([config]);
    renderApp('/update-box?id=0');
    expect(await screen.findByText(messages.giftBoxConfigNotFound)).toBeInTheDocument();
    expect(api.seen.some((r) => r.url.pathname.startsWith('/api/giftbox'))).toBe(false);
  });
});
