import L from 'leaflet';
import { messages } from '@strideadmin/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import { Toaster } from '../../../src/components/toaster';
import { expectConsole } from '../../support/console';
import { jsonResponse } from '../../support/fixtures';
import { preloadScreens, renderApp } from '../../support/render-app';
import { pickDate, setupFakeTimedUser } from '../../support/user';
import { makeConfig, mapConfig, serveGiftBoxes } from './gift-box-data';

beforeAll(async () => {
  await preloadScreens();
  await import('../../../src/features/gift-boxes/add-box-manual-page');
  await import('../../../src/features/gift-boxes/location-map');
  await import('../../../src/features/gift-boxes/update-box-page');
});

type User = ReturnType<typeof setupFakeTimedUser>['user'];
const spin = (name: string) => screen.getByRole('textbox', { name });
const expiry = () => screen.getByLabelText(/^Expiry/);
const configSelect = () => screen.getByRole('button', { name: /^Config / });
const map = () => screen.findByRole('application', { name: 'Gift box location map: click to place the box' });
const toasts = () => screen.queryAllByTestId('toast').map((t) => t.firstElementChild?.textContent);

/** Where a click `dx`, `dy` pixels from the map's centre lands, as Leaflet's Web Mercator computes it. */
function pointAt(dx: number, dy: number) {
  const crs = L.CRS.EPSG3857;
  // Leaflet keeps the map's pixel origin on whole pixels.
  const centre = crs.latLngToPoint(L.latLng(mapConfig.center), mapConfig.zoom).round();
  const at = crs.pointToLatLng(centre.add([dx, dy]), mapConfig.zoom);
  return { lat: Number(at.lat.toFixed(6)), lng: Number(at.lng.toFixed(6)) };
}

const configs = [
  makeConfig({ id: 21, type: 'Daily Walker' }),
  makeConfig({ id: 22, type: 'Weekend Hiker', minCoins: 5, maxCoins: 15 }),
];

async function chooseConfig(user: User, name: string) {
  await user.click(configSelect());
  await user.click(screen.getByRole('option', { name }));
}

describe('/add-box-manual', () => {
  test('?configId preselects its config; the map uses the configured tiles; a click sets the coordinates', async () => {
    setupFakeTimedUser();
    serveGiftBoxes(configs);
    renderApp('/add-box-manual?configId=22');
    expect(await screen.findByRole('heading', { name: 'Place a Gift Box' })).toBeInTheDocument();
    await waitFor(() => expect(configSelect()).toHaveTextContent('Weekend Hiker'));
    expect(screen.getByTestId('coins-hint')).toHaveTextContent('Boxes of Weekend Hiker give 5–15 coins.');

    const container = await map();
    // The tiles come from GET /config/map, not from the bundle.
    await waitFor(() => expect(container.querySelectorAll('img.leaflet-tile').length).toBeGreaterThan(0));
    for (const tile of container.querySelectorAll('img.leaflet-tile'))
      expect(tile.getAttribute('src')).toMatch(/^https:\/\/tiles\.test\/12\/\d+\/\d+\.png$/);
    expect(container).toHaveTextContent('© Test tiles');
    expect(container).toHaveAccessibleDescription(/Click the map where the box should appear/);

    // jsdom lays nothing out: the map's centre is at the container's top-left corner.
    fireEvent.click(container, { clientX: 40, clientY: -25 });
    const first = pointAt(40, -25);
    await waitFor(() => expect(spin('Latitude')).toHaveValue(String(first.lat)));
    expect(spin('Longitude')).toHaveValue(String(first.lng));

    fireEvent.click(container, { clientX: -120, clientY: 80 });
    const second = pointAt(-120, 80);
    await waitFor(() => expect(spin('Latitude')).toHaveValue(String(second.lat)));
    expect(spin('Longitude')).toHaveValue(String(second.lng));
    expect(second.lat).toBeLessThan(first.lat);
    expect(second.lng).toBeLessThan(first.lng);
  });

  test('Enter on the focused map places the box at its centre (keyboard use)', async () => {
    const { user } = setupFakeTimedUser();
    serveGiftBoxes(configs);
    renderApp('/add-box-manual');
    const container = await map();
    container.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(spin('Latitude')).toHaveValue(String(mapConfig.center[0])));
    expect(spin('Longitude')).toHaveValue(String(mapConfig.center[1]));
  });

  test('tiles that fail to load show the notice once; the map still picks', async () => {
    setupFakeTimedUser();
    serveGiftBoxes(configs);
    renderApp('/add-box-manual');
    const container = await map();
    await waitFor(() => expect(container.querySelector('img.leaflet-tile')).not.toBeNull());
    expect(screen.queryByTestId('map-tiles-notice')).toBeNull();
    const tile = container.querySelector('img.leaflet-tile')!;
    fireEvent.error(tile);
    fireEvent.error(tile);
    const notices = await screen.findAllByTestId('map-tiles-notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toHaveTextContent(messages.mapTilesUnavailable);
    expect(notices[0]).toHaveAttribute('role', 'status');

    fireEvent.click(container, { clientX: 30, clientY: 30 });
    await waitFor(() => expect(spin('Latitude')).toHaveValue(String(pointAt(30, 30).lat)));
    expect(spin('Longitude')).toHaveValue(String(pointAt(30, 30).lng));
  });

  test('an empty form shows the contract messages and sends nothing', async () => {
    const { user } = setupFakeTimedUser();
    const { placed } = serveGiftBoxes(configs);
    renderApp('/add-box-manual');
    await map();
    await user.click(screen.getByRole('button', { name: 'Place Gift Box' }));
    await waitFor(() => expect(configSelect()).toHaveAccessibleDescription(messages.configRequired));
    expect(spin('Latitude')).toHaveAccessibleDescription(messages.locationRequired);
    expect(spin('Longitude')).toHaveAccessibleDescription(messages.locationRequired);
    expect(spin('Coins')).toHaveAccessibleDescription(messages.coinsRequired);
    expect(expiry()).toHaveAccessibleDescription(messages.expiresAtRequired);
    expect(placed()).toEqual([]);
  });

  test('typed coordinates out of range and a past expiry are refused with the contract messages', async () => {
    const { user } = setupFakeTimedUser();
    const { placed } = serveGiftBoxes(configs);
    renderApp('/add-box-manual');
    await map();
    await chooseConfig(user, 'Daily Walker');
    await user.type(spin('Latitude'), '91');
    await user.type(spin('Longitude'), '-180.5');
    await user.type(spin('Coins'), '-1');
    pickDate(expiry(), '2001-01-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Place Gift Box' }));
    // The submit's check has run when the expiry (never blurred) shows its message.
    await waitFor(() => expect(expiry()).toHaveAccessibleDescription(messages.expiresAtPast));
    expect(spin('Latitude')).toHaveAccessibleDescription(messages.latitudeInvalid);
    expect(spin('Longitude')).toHaveAccessibleDescription(messages.longitudeInvalid);
    expect(spin('Coins')).toHaveAccessibleDescription(messages.numberMin0);
    expect(placed()).toEqual([]);
  });

  test('saves the typed box with the expiry as an ISO instant, toasts, and lists it under its config', async () => {
    const { user } = setupFakeTimedUser();
    const { placed } = serveGiftBoxes(configs);
    const app = renderApp('/add-box-manual?configId=21');
    render(<Toaster />);
    await map();
    await waitFor(() => expect(configSelect()).toHaveTextContent('Daily Walker'));
    await chooseConfig(user, 'Weekend Hiker');
    await user.type(spin('Latitude'), '57.708870');
    await user.type(spin('Longitude'), '11.974560');
    await user.type(spin('Coins'), '12');
    pickDate(expiry(), '2099-06-01T14:30');
    await user.click(screen.getByRole('button', { name: 'Place Gift Box' }));

    await waitFor(() => expect(app.location().pathname).toBe('/update-box'));
    expect(app.location().search).toBe('?id=22');
    expect(placed().map((r) => r.body)).toEqual([
      {
        configId: 22,
        latitude: 57.70887,
        longitude: 11.97456,
        coins: 12,
        expiresAt: new Date('2099-06-01T14:30').toISOString(),
      },
    ]);
    expect(toasts()).toEqual([messages.giftBoxPlaced]);
    const boxes = await screen.findByRole('table', { name: 'Manually placed boxes' });
    const row = within(boxes).getByRole('rowheader', { name: '57.708870' }).closest('tr')!;
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('11.974560');
  });

  test('a server refusal shows under the form, and only there', async () => {
    const { user } = setupFakeTimedUser();
    serveGiftBoxes(configs, { place: jsonResponse(404, { message: messages.giftBoxConfigNotFound }) });
    const app = renderApp('/add-box-manual?configId=21');
    render(<Toaster />);
    await map();
    await waitFor(() => expect(configSelect()).toHaveTextContent('Daily Walker'));
    await user.type(spin('Latitude'), '57.7');
    await user.type(spin('Longitude'), '11.9');
    await user.type(spin('Coins'), '12');
    pickDate(expiry(), '2099-06-01T14:30');
    await user.click(screen.getByRole('button', { name: 'Place Gift Box' }));
    await waitFor(() => expect(screen.getByTestId('form-error')).toHaveTextContent(messages.giftBoxConfigNotFound));
    expect(toasts()).toEqual([]);
    expect(app.location().pathname).toBe('/add-box-manual');
  });

  test('when the map configuration cannot be loaded, the coordinates can still be typed', async () => {
    const { user } = setupFakeTimedUser();
    expectConsole('warn', 'Load failed');
    serveGiftBoxes(configs, { map: () => jsonResponse(403, { message: messages.forbidden }) });
    renderApp('/add-box-manual');
    const alert = await screen.findByText('Could not load the map');
    expect(alert.closest('[role="alert"]')).toHaveTextContent(messages.forbidden);
    expect(screen.queryByRole('application')).toBeNull();
    await user.type(spin('Latitude'), '57.7');
    expect(spin('Latitude')).toHaveValue('57.7');
  });

  test('a preselected config that does not exist leaves the choice to the user', async () => {
    setupFakeTimedUser();
    expectConsole('warn', 'Load failed');
    serveGiftBoxes(configs);
    renderApp('/add-box-manual?configId=999');
    await map();
    await waitFor(() => expect(configSelect()).toHaveTextContent('Select a gift box config'));
  });
});
