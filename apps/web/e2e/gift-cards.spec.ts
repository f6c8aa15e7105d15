import { messages } from '@strideadmin/contract';
import { tinyPng, uniqueLetters } from './support/api';
import { expect, test, type Page } from './support/fixtures';
import { createGiftCardViaApi, daysFromToday, uniqueCode, uploadCardPictureViaApi } from './support/gift-cards';
import { commitDelete } from './support/undo';
import { dataCells } from './support/cells';

/**
 * Gift cards against the real server (docs/behaviour.md §2, §5, §7, §12). Each test makes its own
 * cards through POST /api/giftcard under its own unique serial numbers and filters by them, so
 * tests running side by side never show up in each other's rows.
 */

const errorOf = (page: Page, label: string) => page.getByLabel(label).locator('xpath=following-sibling::p[1]');
const table = (page: Page) => page.getByRole('table', { name: 'Gift Cards' });
const serials = (page: Page) => table(page).getByRole('rowheader');
const rowOf = (page: Page, serial: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: serial }) });
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

async function filterBySerial(page: Page, serial: string) {
  const box = page.getByRole('searchbox', { name: 'Serial Number' });
  await box.fill(serial);
  await box.press('Enter');
}

test('an administrator adds a card through the form with a picture and finds it in the list', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  const serial = uniqueCode('ADD');
  await page.goto('/card-list');
  await expect(page.getByRole('heading', { name: 'Gift Cards', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Multiple Gift Cards' })).toHaveAttribute(
    'href',
    '/add-multiple-card',
  );
  // The header's link (an empty list offers one more in its empty state).
  await page.getByRole('link', { name: 'Add Gift Card' }).first().click();
  await expect(page).toHaveURL('/add-card');

  await page.getByLabel('Serial No').fill(serial);
  await page.getByLabel('Control Code').fill(uniqueCode('CTL'));
  await page.getByLabel('Coin Price').fill('450');
  await page.getByLabel('Currency').fill('SEK');
  await page.getByLabel('Amount').fill('200');
  await page.getByLabel('Store Name').fill('coop forum');
  await page.getByLabel('Store Address').fill('kungsgatan 2, Uppsala');
  await page.getByLabel('Valid Till').fill(daysFromToday(60));
  await page.getByLabel('Expiry Duration (Minutes)').fill('90');
  await expect(page.getByTestId('expiry-hint')).toHaveText('1 Hours 30 Minutes');
  await page.getByLabel('Card Picture').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByRole('img', { name: 'Preview' })).toHaveAttribute(
    'src',
    /\/uploads\/gift_card_images\/[^?]+$/,
  );
  await page.getByRole('button', { name: 'Add Gift Card' }).click();

  await expect(page).toHaveURL('/card-list');
  await expect(toast(page, messages.giftCardCreated)).toBeVisible();
  await filterBySerial(page, serial);
  await expect(page).toHaveURL(`/card-list?serialNumber=${serial}`);
  await expect(serials(page)).toHaveText([serial]);
  const cells = dataCells(rowOf(page, serial));
  await expect(cells.nth(0)).toHaveText('Coop forum');
  await expect(cells.nth(1)).toHaveText('450');
  await expect(cells.nth(2)).toHaveText('200 SEK');
  // Expired is a column shown on demand (docs/behaviour.md §12 Columns).
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Expired' }).check();
  await expect(cells.nth(4)).toHaveText('No');
});

test('filters: serial number and store name (contains), Expired Yes/No, all kept in the URL', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const batch = uniqueLetters().toUpperCase();
  const picture = await uploadCardPictureViaApi(page.request, token);
  const store = `store ${batch.toLowerCase()}`;
  // One after another, so creation order (the default sort, newest first) is known.
  for (const [suffix, where] of [
    ['A', 'north'],
    ['B', 'south'],
    ['C', 'north'],
  ] as const) {
    await createGiftCardViaApi(page.request, token, {
      serialNumber: `FLT-${batch}-${suffix}`,
      storeName: `${store} ${where}`,
      cardPicture: picture,
    });
  }

  await page.goto('/card-list');
  await filterBySerial(page, `flt-${batch.toLowerCase()}`); // contains, any case
  await expect(serials(page)).toHaveText([`FLT-${batch}-C`, `FLT-${batch}-B`, `FLT-${batch}-A`]);

  const storeBox = page.getByRole('searchbox', { name: 'Store Name' });
  await storeBox.fill('NORTH');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(`/card-list?serialNumber=flt-${batch.toLowerCase()}&storeName=NORTH`);
  await expect(serials(page)).toHaveText([`FLT-${batch}-C`, `FLT-${batch}-A`]);

  // Fresh cards are not expired: Expired = No keeps them, Yes shows none of them.
  await page.getByRole('button', { name: 'Expired' }).click();
  await page.getByRole('option', { name: 'No' }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]isExpired=false$/);
  await expect(serials(page)).toHaveText([`FLT-${batch}-C`, `FLT-${batch}-A`]);

  await page.getByRole('button', { name: 'Expired' }).click();
  await page.getByRole('option', { name: 'Yes' }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]isExpired=true$/);
  await expect(page.getByText('No gift cards found')).toBeVisible();

  await page.reload();
  await expect(page.getByText('No gift cards found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Expired' })).toHaveText(/Yes/);
  await expect(storeBox).toHaveValue('NORTH');

  await page.goBack();
  await expect(page).toHaveURL(/[?&]isExpired=false$/);
  await expect(serials(page)).toHaveCount(2);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL('/card-list');
});

test('the Card Details dialog shows the card, hours and minutes, and its Edit opens the update form', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const picture = await uploadCardPictureViaApi(page.request, token);
  const serial = uniqueCode('DTL');
  const validTill = daysFromToday(45);
  const { id } = await createGiftCardViaApi(page.request, token, {
    serialNumber: serial,
    price: 1200,
    currency: 'EUR',
    amount: 75,
    storeName: 'nordic bakery',
    storeAddress: 'drottninggatan 9, Stockholm',
    validTill,
    expiryDuration: 150,
    cardPicture: picture,
  });

  await page.goto(`/card-list?serialNumber=${serial}`);
  // A click on the row (not on one of its buttons) opens the dialog.
  await dataCells(rowOf(page, serial)).first().click();
  const dialog = page.getByRole('dialog', { name: 'Card Details' });
  // The dialog's root has no box of its own (its panel is fixed): check what it shows.
  await expect(dialog.getByRole('heading', { name: 'Card Details' })).toBeVisible();
  await expect(dialog.getByRole('img', { name: `Card ${serial}` })).toHaveAttribute('src', picture);
  const value = (term: string) => dialog.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  await expect(value('Serial Number')).toHaveText(serial);
  await expect(value('Coin Price')).toHaveText('1200');
  await expect(value('Currency of Card')).toHaveText('EUR');
  await expect(value('Amount of Card')).toHaveText('75');
  await expect(value('Store Name')).toHaveText('Nordic bakery');
  await expect(value('Store Address')).toHaveText('Drottninggatan 9, Stockholm');
  const readable = await page.evaluate(
    (iso) =>
      new Date(`${iso}T00:00:00`).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }),
    validTill,
  );
  await expect(value('Valid Till')).toHaveText(readable);
  await expect(value('Expiry Duration (Minutes)')).toHaveText('2 Hours 30 Minutes');
  await expect(value('Expired')).toHaveText('No');

  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: `View ${serial}` }).click();
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(`/update-card?id=${id}`);
  await expect(page.getByRole('heading', { name: 'Update Gift Card' })).toBeVisible();
  await expect(page.getByLabel('Serial No')).toHaveValue(serial);
  await expect(page.getByLabel('Coin Price')).toHaveValue('1200');
  await expect(page.getByLabel('Valid Till')).toHaveValue(validTill);
  await expect(page.getByTestId('expiry-hint')).toHaveText('2 Hours 30 Minutes');
});

test('the update form shows the spec messages, refuses a taken serial once, and saves to the list', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn('admin');
  const picture = await uploadCardPictureViaApi(page.request, token);
  const serial = uniqueCode('UPD');
  const { id } = await createGiftCardViaApi(page.request, token, { serialNumber: serial, cardPicture: picture });
  const other = await createGiftCardViaApi(page.request, token, {
    serialNumber: uniqueCode('OTH'),
    cardPicture: picture,
  });

  // Cancel goes back where the form was opened from.
  await page.goto(`/card-list?serialNumber=${serial}`);
  await page.getByRole('button', { name: `Edit ${serial}` }).click();
  await expect(page).toHaveURL(`/update-card?id=${id}`);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(`/card-list?serialNumber=${serial}`);
  await page.getByRole('button', { name: `Edit ${serial}` }).click();

  await expect(page.getByLabel('Serial No')).toHaveValue(serial);
  await page.getByLabel('Serial No').fill('');
  await page.getByLabel('Control Code').fill('');
  await page.getByLabel('Coin Price').fill('');
  await page.getByLabel('Currency').fill('S3K');
  await page.getByLabel('Amount').fill('');
  await page.getByLabel('Store Name').fill('');
  await page.getByLabel('Store Address').fill('');
  await page.getByLabel('Valid Till').fill(daysFromToday(-1));
  await page.getByLabel('Expiry Duration (Minutes)').fill('12345');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(errorOf(page, 'Serial No')).toHaveText(messages.serialNoRequired);
  await expect(errorOf(page, 'Control Code')).toHaveText(messages.controlCodeRequired);
  await expect(errorOf(page, 'Coin Price')).toHaveText(messages.coinPriceRequired);
  await expect(errorOf(page, 'Currency')).toHaveText(messages.currencyLettersOnly);
  await expect(errorOf(page, 'Amount')).toHaveText(messages.amountRequired);
  await expect(errorOf(page, 'Store Name')).toHaveText(messages.storeNameRequired);
  await expect(errorOf(page, 'Store Address')).toHaveText(messages.storeAddressRequired);
  await expect(errorOf(page, 'Valid Till')).toHaveText(messages.dateFromPast);
  await expect(errorOf(page, 'Expiry Duration (Minutes)')).toHaveText(messages.expiryDurationMaxDigits);
  await expect(page).toHaveURL(`/update-card?id=${id}`);

  // Valid values, but another card's serial number: the server's 409, toasted once, under the field.
  await page.getByLabel('Serial No').fill(other.card.serialNumber);
  await page.getByLabel('Control Code').fill(uniqueCode('CTL'));
  await page.getByLabel('Coin Price').fill('999');
  await page.getByLabel('Currency').fill('Swedish krona');
  await page.getByLabel('Amount').fill('300');
  await page.getByLabel('Store Name').fill('hemköp city');
  await page.getByLabel('Store Address').fill('sveavägen 3, Stockholm');
  await page.getByLabel('Valid Till').fill(daysFromToday(10));
  await page.getByLabel('Expiry Duration (Minutes)').fill('45');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(errorOf(page, 'Serial No')).toHaveText(messages.serialTaken);
  await expect(toast(page, messages.serialTaken)).toHaveCount(1);
  await expect(page.getByTestId('toast')).toHaveCount(1);

  await page.getByLabel('Serial No').fill(serial);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL('/card-list');
  await expect(toast(page, messages.giftCardUpdated)).toBeVisible();
  await filterBySerial(page, serial);
  await expect(serials(page)).toHaveText([serial]);
  const cells = dataCells(rowOf(page, serial));
  await expect(cells.nth(0)).toHaveText('Hemköp city');
  await expect(cells.nth(1)).toHaveText('999');
  await expect(cells.nth(2)).toHaveText('300 Swedish krona');
});

test('delete asks for confirmation, then the card is gone', async ({ page, signIn }) => {
  const { token } = await signIn('admin');
  const picture = await uploadCardPictureViaApi(page.request, token);
  const serial = uniqueCode('DEL');
  const { id } = await createGiftCardViaApi(page.request, token, { serialNumber: serial, cardPicture: picture });

  await page.goto(`/card-list?serialNumber=${serial}`);
  await page.getByRole('button', { name: `Delete ${serial}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete gift card ${serial}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(serials(page)).toHaveText([serial]);

  await page.getByRole('button', { name: `Delete ${serial}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
  await commitDelete(page);
  await expect(toast(page, messages.giftCardDeleted)).toBeVisible();
  await expect(page.getByText('No gift cards found')).toBeVisible();
  const gone = await page.request.get(`/api/giftcard/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(gone.status()).toBe(404);
});
