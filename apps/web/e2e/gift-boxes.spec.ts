import { messages, type MapConfig } from '@strideadmin/contract';
import { uniqueLetters } from './support/api';
import { expect, test, type Page } from './support/fixtures';
import { createGiftBoxConfigViaApi, localDateTimeInDays } from './support/gift-boxes';
import { commitDelete } from './support/undo';
import { dataCells } from './support/cells';

/**
 * Gift box configs and hand-placed boxes against the real server (docs/behaviour.md §10–§12). Each test
 * names its configs with its own unique word and filters by it, so tests running side by side
 * never show up in each other's rows. This machine has no internet: the map's tiles never load.
 */

const errorOf = (page: Page, label: string) => page.getByLabel(label).locator('xpath=following-sibling::p[1]');
const table = (page: Page) => page.getByRole('table', { name: 'Gift Box Configs' });
const names = (page: Page) => table(page).getByRole('rowheader');
const rowOf = (page: Page, name: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name }) });
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
const mapOf = (page: Page) => page.getByRole('application', { name: 'Gift box location map: click to place the box' });

async function filterByName(page: Page, name: string) {
  const box = page.getByRole('searchbox', { name: 'Config Name' });
  await box.fill(name);
  await box.press('Enter');
}

test('config journey: add → list (filter Config Name) → duplicate name refused → edit → delete', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  const name = `Stroll ${uniqueLetters()}`;

  await page.goto('/box-list');
  await expect(page.getByRole('heading', { name: 'Gift Box Config', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Place Gift Box' })).toHaveAttribute('href', '/add-box-manual');
  await page.getByRole('link', { name: 'Add Config' }).first().click();
  await expect(page).toHaveURL('/add-box');
  await page.getByLabel('Config Name').fill(name);
  await page.getByLabel('Min Coins').fill('10');
  await page.getByLabel('Max Coins').fill('40');
  await page.getByLabel('Steps to Unlock').fill('1500');
  await page.getByLabel('Boxes per Day').fill('4');
  await page.getByRole('button', { name: 'Add Config' }).click();
  await expect(page).toHaveURL('/box-list');
  await expect(toast(page, messages.giftBoxConfigCreated)).toBeVisible();

  await filterByName(page, name.toLowerCase());
  await expect(page).toHaveURL(`/box-list?type=${encodeURIComponent(name.toLowerCase()).replace(/%20/g, '+')}`);
  await expect(names(page)).toHaveText([name]);
  const cells = dataCells(rowOf(page, name));
  await expect(cells.nth(0)).toHaveText('10–40');
  await expect(cells.nth(1)).toHaveText((1500).toLocaleString('en-US'));
  await expect(cells.nth(2)).toHaveText('4');
  await expect(cells.nth(3)).toHaveText('0');
  await expect(cells.nth(4)).toHaveText('Active');

  // The same name in another case is taken: the server's 409 under the form (and a toast).
  await page.goto('/add-box');
  await page.getByLabel('Config Name').fill(name.toUpperCase());
  await page.getByLabel('Min Coins').fill('1');
  await page.getByLabel('Max Coins').fill('2');
  await page.getByLabel('Steps to Unlock').fill('0');
  await page.getByLabel('Boxes per Day').fill('0');
  await page.getByRole('button', { name: 'Add Config' }).click();
  await expect(page.getByTestId('form-error')).toHaveText(messages.configNameTaken);
  await expect(page.getByText(messages.configNameTaken)).toHaveCount(1);
  await expect(page).toHaveURL('/add-box');

  // Edit: the coin range is checked before anything is sent.
  await page.goto(`/box-list?type=${encodeURIComponent(name)}`);
  await rowOf(page, name)
    .getByRole('link', { name: `Edit ${name}` })
    .click();
  await expect(page).toHaveURL(/\/update-box\?id=\d+$/);
  await expect(page.getByLabel('Config Name')).toHaveValue(name);
  await page.getByLabel('Max Coins').fill('5');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(errorOf(page, 'Max Coins')).toHaveText(messages.coinRangeInvalid);
  await page.getByLabel('Max Coins').fill('80');
  await page.getByRole('button', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Inactive' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL('/box-list');
  await expect(toast(page, messages.giftBoxConfigUpdated)).toBeVisible();

  await filterByName(page, name);
  await expect(cells.nth(0)).toHaveText('10–80');
  await expect(cells.nth(4)).toHaveText('Inactive');

  // Delete, after a confirmation that says hand-placed boxes go too.
  await rowOf(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Delete config ${name}?` });
  await expect(dialog).toContainText('with any box placed by hand under it');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await commitDelete(page);
  await expect(toast(page, messages.giftBoxConfigDeleted)).toBeVisible();
  await expect(page.getByText('No gift box configs found')).toBeVisible();
});

test('manual placement: clicks on the map set the coordinates; the box is listed under its config', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const name = `Manual ${uniqueLetters()}`;
  const configId = await createGiftBoxConfigViaApi(page.request, token, { type: name, minCoins: 20, maxCoins: 30 });
  const mapRes = await page.request.get('/api/config/map', { headers: { authorization: `Bearer ${token}` } });
  const map = ((await mapRes.json()) as { body: MapConfig }).body;

  // From the config's row: the placement form opens with the config chosen.
  await page.goto(`/box-list?type=${encodeURIComponent(name)}`);
  await rowOf(page, name)
    .getByRole('link', { name: `Place box for ${name}` })
    .click();
  await expect(page).toHaveURL(`/add-box-manual?configId=${configId}`);
  await expect(page.getByRole('button', { name: 'Config' })).toHaveText(new RegExp(name));
  await expect(page.getByTestId('coins-hint')).toHaveText(`Boxes of ${name} give 20–30 coins.`);

  // No internet here: the tiles fail, the notice says so once, and the map still works as a picker.
  const picker = mapOf(page);
  await expect(picker).toBeVisible();
  await expect(page.getByTestId('map-tiles-notice')).toHaveText(messages.mapTilesUnavailable);
  await expect(page.getByTestId('map-tiles-notice')).toHaveCount(1);
  // The tiles asked for are the configured ones (nothing of the kind is in the bundle).
  const tileSrc = await picker.locator('img.leaflet-tile').first().getAttribute('src');
  expect(tileSrc).toContain(new URL(map.tileUrl.replace(/\{[a-z]\}/g, '0')).host);

  const latitude = page.getByLabel('Latitude');
  const longitude = page.getByLabel('Longitude');
  const marker = picker.locator('.leaflet-overlay-pane path');

  // Typed coordinates put the marker on the map (keyboard users).
  await expect(marker).toHaveCount(0);
  await latitude.fill(String(map.center[0] + 0.001));
  await longitude.fill(String(map.center[1] + 0.001));
  await expect(marker).toHaveCount(1);
  const typedAt = await marker.getAttribute('d');

  const box = (await picker.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.35);
  await expect(marker).not.toHaveAttribute('d', typedAt!);
  const first = { lat: Number(await latitude.inputValue()), lng: Number(await longitude.inputValue()) };
  const movedAt = await marker.getAttribute('d');

  await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.65);
  await expect(marker).not.toHaveAttribute('d', movedAt!);
  const second = { lat: Number(await latitude.inputValue()), lng: Number(await longitude.inputValue()) };
  // Right and down on the map: east (larger longitude) and south (smaller latitude).
  expect(second.lng).toBeGreaterThan(first.lng);
  expect(second.lat).toBeLessThan(first.lat);
  expect(Math.abs(second.lat - map.center[0])).toBeLessThan(1);
  expect(Math.abs(second.lng - map.center[1])).toBeLessThan(1);

  await page.getByLabel('Coins').fill('25');
  await page.getByLabel('Expiry').fill(localDateTimeInDays(7));
  await page.getByRole('button', { name: 'Place Gift Box' }).click();

  await expect(page).toHaveURL(`/update-box?id=${configId}`);
  await expect(toast(page, messages.giftBoxPlaced)).toBeVisible();
  const boxes = page.getByRole('table', { name: 'Manually placed boxes' });
  await expect(boxes.getByRole('rowheader')).toHaveText([second.lat.toFixed(6)]);
  const cells = boxes
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') })
    .getByRole('cell');
  await expect(cells.nth(0)).toHaveText(second.lng.toFixed(6));
  await expect(cells.nth(1)).toHaveText('25');
  await expect(cells.nth(3)).toHaveText('No');

  // The list counts it.
  await page.goto(`/box-list?type=${encodeURIComponent(name)}`);
  await expect(dataCells(rowOf(page, name)).nth(3)).toHaveText('1');

  // Removed from its config's page, after a confirmation.
  await rowOf(page, name)
    .getByRole('link', { name: `Edit ${name}` })
    .click();
  await boxes
    .getByRole('button', { name: `Remove the box at ${second.lat.toFixed(6)}, ${second.lng.toFixed(6)}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Remove this gift box?' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, messages.giftBoxDeleted)).toBeVisible();
  await expect(page.getByText('No boxes placed by hand yet')).toBeVisible();
});

test('the placement form refuses a missing location and a past expiry with the contract messages', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const name = `Checked ${uniqueLetters()}`;
  const configId = await createGiftBoxConfigViaApi(page.request, token, { type: name });
  await page.goto(`/add-box-manual?configId=${configId}`);
  await expect(page.getByRole('button', { name: 'Config' })).toHaveText(new RegExp(name));
  await page.getByLabel('Coins').fill('5');
  await page.getByLabel('Expiry').fill(localDateTimeInDays(-1));
  await page.getByRole('button', { name: 'Place Gift Box' }).click();
  await expect(errorOf(page, 'Latitude')).toHaveText(messages.locationRequired);
  await expect(errorOf(page, 'Longitude')).toHaveText(messages.locationRequired);
  await expect(errorOf(page, 'Expiry')).toHaveText(messages.expiresAtPast);
  await expect(page).toHaveURL(`/add-box-manual?configId=${configId}`);
});
