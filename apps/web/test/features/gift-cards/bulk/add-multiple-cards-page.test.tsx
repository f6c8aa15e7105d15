import { giftCardCsvColumns, messages, type CsvDateOrder } from '@strideadmin/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import { Toaster } from '../../../../src/components/toaster';
import type { BulkRowPayload } from '../../../../src/features/gift-cards/api/create-multiple-gift-cards';
import { session } from '../../../../src/lib/session';
import { expectConsole } from '../../../support/console';
import { jsonResponse, makeUser, makeUserDetail, stubFetch, stubMatchMedia } from '../../../support/fixtures';
import { preloadScreens, renderApp } from '../../../support/render-app';
import { setupFakeTimedUser } from '../../../support/user';

beforeAll(async () => {
  await preloadScreens();
  // The screen, and the card list it leads to (so the navigation is not slowed by transforming it).
  await import('../../../../src/features/gift-cards/add-multiple-cards-page');
  await import('../../../../src/features/gift-cards/card-list-page');
});

const admin = makeUser({ id: 7 });
const header = giftCardCsvColumns.map((c) => c.header).join(',');
const valid = (n: number) => `GC-${n},CC-${n},500,SEK,100,Shop ${n},"Street ${n}, Town",2099-01-01,60`;
const csvFile = (...lines: string[]) => new File([[header, ...lines].join('\r\n')], 'cards.csv', { type: 'text/csv' });
const png = (name = 'card.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

interface ServeOptions {
  /** POST /multiplegiftcard: the answer to the rows sent (default: all created). */
  create?: (rows: BulkRowPayload[]) => Response;
  /** The PUT to the store waits for this (to see a row while its image travels). */
  storeGate?: Promise<void>;
  failUploads?: boolean;
  /** GET /config/gift-cards: the server's CSV_DATE_ORDER (default DMY). */
  dateOrder?: CsvDateOrder;
}

/**
 * Signed in, with the shell's GET /users/7, the gift-card settings, the upload flow, POST
 * /multiplegiftcard and the card list.
 */
function serve(opts: ServeOptions = {}) {
  session.signIn(admin, 'jwt');
  stubMatchMedia(false);
  let key = 0;
  const api = stubFetch(async (req) => {
    const path = req.url.pathname;
    if (req.method === 'GET' && path === '/api/users/7') return jsonResponse(200, { body: makeUserDetail(admin) });
    if (req.method === 'GET' && path === '/api/config/gift-cards')
      return jsonResponse(200, { body: { csvDateOrder: opts.dateOrder ?? 'DMY' } });
    if (req.method === 'POST' && path === '/api/getPresignedUrl') {
      if (opts.failUploads) return jsonResponse(503, { message: messages.uploadStorageFailed });
      return jsonResponse(200, { body: { url: `http://store.test/uploads/gift_card_images/k${++key}.png?sig=s` } });
    }
    if (req.method === 'PUT' && req.url.host === 'store.test') {
      await opts.storeGate;
      return new Response(null, { status: 200 });
    }
    if (req.method === 'POST' && path === '/api/multiplegiftcard') {
      const rows = (req.body as { giftCards: BulkRowPayload[] }).giftCards;
      return opts.create?.(rows) ?? jsonResponse(200, { message: messages.giftCardsCreated, body: [] });
    }
    if (req.method === 'GET' && path === '/api/giftcard') return jsonResponse(200, { body: { rows: [], count: 0 } });
    return jsonResponse(404, { message: messages.routeNotFound });
  });
  const creates = () =>
    api.seen
      .filter((r) => r.url.pathname === '/api/multiplegiftcard')
      .map((r) => (r.body as { giftCards: BulkRowPayload[] }).giftCards);
  return { api, creates };
}

const rowEl = (id: string) => {
  const el = document.querySelector<HTMLElement>(`tr[data-row-id="${id}"]`);
  if (!el) throw new Error(`no table row ${id}`);
  return el;
};
const statusOf = (id: string) => rowEl(id).getAttribute('data-status');
const statusText = (id: string) => rowEl(id).querySelector('[data-column="status"]')!.textContent;
const count = (filter: string) => within(screen.getByTestId(`summary-${filter}`)).getByTestId('count').textContent;

async function openScreen(...lines: string[]) {
  const { user, wait } = setupFakeTimedUser();
  const app = renderApp('/add-multiple-card');
  render(<Toaster />);
  await screen.findByRole('heading', { name: 'Add Multiple Gift Cards' });
  if (lines.length) {
    await user.upload(screen.getByLabelText('CSV File'), csvFile(...lines));
    await screen.findByRole('table', { name: 'Gift card rows from the CSV file' });
  }
  return { user, wait, app };
}

describe('/add-multiple-card', () => {
  test('a CSV file becomes rows with their statuses; Show Errors, edit, Save revalidates to Image Missing', async () => {
    serve();
    const { user } = await openScreen(
      valid(1),
      'GC-2,CC-2,cheap,SEK,100,Cafe,Road 2,2001-01-01,30',
      'GC-3,CC-3,100,SEK,10,Dup A,Road 3,2099-01-01,30',
      'GC-3,CC-4,100,SEK,10,Dup B,Road 4,2099-01-01,30',
      ',,,,,,,,',
    );
    expect(screen.getByTestId('csv-file')).toHaveTextContent('cards.csv');
    // The empty row is dropped (docs/behaviour.md §4).
    expect(document.querySelectorAll('tr[data-row-id]')).toHaveLength(4);
    expect(['row-1', 'row-2', 'row-3', 'row-4'].map(statusOf)).toEqual(['imageMissing', 'errors', 'errors', 'errors']);
    expect(statusText('row-1')).toBe('Image Missing');
    expect(rowEl('row-1').querySelector('[data-column="storeAddress"]')).toHaveTextContent('Street 1, Town');
    expect([count('all'), count('ready'), count('imageMissing'), count('errors')]).toEqual(['4', '0', '1', '3']);
    // Images only on rows without errors (docs/behaviour.md §4).
    expect(screen.getByLabelText('Upload image for row 1')).toBeInTheDocument();
    expect(screen.queryByLabelText('Upload image for row 2')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create Gift Cards' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Show Errors for row 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Errors in row 2' });
    const listed = () =>
      within(within(dialog).getByTestId('row-errors'))
        .queryAllByRole('listitem')
        .map((li) => li.textContent);
    expect(listed()).toEqual([messages.csvCoinPriceInteger, messages.csvValidTillPast]);
    const price = within(dialog).getByLabelText('Coin Price');
    expect(price).toHaveValue('cheap');
    expect(price).toHaveAccessibleDescription(messages.csvCoinPriceInteger);

    await user.clear(price);
    await user.type(price, '250');
    expect(listed()).toEqual([messages.csvValidTillPast]);
    const validTill = within(dialog).getByLabelText('Valid Till');
    await user.clear(validTill);
    await user.type(validTill, '31/12/2099');
    expect(within(dialog).getByTestId('row-errors')).toHaveTextContent('No errors left');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(statusOf('row-2')).toBe('imageMissing');
    expect(statusText('row-2')).toBe('Image Missing');
    // The date as read, and as typed under it.
    expect(rowEl('row-2').querySelector('[data-column="validTill"]')).toHaveTextContent('2099-12-31from 31/12/2099');

    // Fixing one duplicate revalidates the other row too.
    await user.click(screen.getByRole('button', { name: 'Show Errors for row 4' }));
    const dup = await screen.findByRole('dialog', { name: 'Errors in row 4' });
    expect(within(dup).getByLabelText('Serial Number')).toHaveAccessibleDescription(messages.csvSerialUnique);
    await user.clear(within(dup).getByLabelText('Serial Number'));
    await user.type(within(dup).getByLabelText('Serial Number'), 'GC-4');
    await user.click(within(dup).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(statusOf('row-3')).toBe('imageMissing'));
    expect(statusOf('row-4')).toBe('imageMissing');

    expect(count('errors')).toBe('0');
  });

  test('Cancel in the Errors dialog discards the edits', async () => {
    serve();
    const { user } = await openScreen('GC-1,,500,SEK,100,Shop,Street,2099-01-01,60');
    await user.click(screen.getByRole('button', { name: 'Show Errors for row 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Errors in row 1' });
    await user.type(within(dialog).getByLabelText('Control Code'), 'CC-1');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(statusOf('row-1')).toBe('errors');
    expect(rowEl('row-1').querySelector('[data-column="controlCode"]')).toHaveTextContent('—');
  });

  test('a row image: the row spins and a progress bar counts while it uploads, then it is Successfull', async () => {
    let open!: () => void;
    const { api } = serve({ storeGate: new Promise<void>((r) => (open = r)) });
    const { user } = await openScreen(valid(1), valid(2));
    await user.upload(screen.getByLabelText('Upload image for row 1'), png());

    expect(await screen.findByRole('status', { name: 'Uploading the image of row 1' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading images' })).toHaveAttribute('aria-valuemax', '1');
    expect(screen.getByRole('button', { name: 'Create Gift Cards' })).toBeDisabled();
    open();

    await waitFor(() => expect(statusOf('row-1')).toBe('ready'));
    expect(statusText('row-1')).toBe('Successfull');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('img', { name: 'Card picture of row 1' })).toHaveAttribute(
      'src',
      'http://store.test/uploads/gift_card_images/k1.png',
    );
    const presign = api.seen.find((r) => r.url.pathname === '/api/getPresignedUrl');
    expect(presign?.body).toEqual({ name: 'card.png', dict: 'gift_card_images', dataType: 'image/png' });
    expect(screen.getByRole('button', { name: 'Create Gift Cards' })).toBeEnabled();
  });

  test('a failed image upload toasts the spec message and leaves the row without an image', async () => {
    serve({ failUploads: true });
    expectConsole('warn', 'Presigning the upload failed');
    const { user } = await openScreen(valid(1));
    await user.upload(screen.getByLabelText('Upload image for row 1'), png());
    expect(await screen.findByText(messages.uploadFailed)).toBeInTheDocument();
    expect(statusOf('row-1')).toBe('imageMissing');
    expect(screen.getByLabelText('Upload image for row 1')).toBeInTheDocument();
  });

  test('images matched by file name, and one image for the selected rows', async () => {
    serve();
    const { user } = await openScreen(valid(1), 'gc-2,CC-2,500,SEK,100,Shop,Street,2099-01-01,60', valid(3), valid(4));
    await user.upload(screen.getByLabelText('Images named by serial number'), [
      png('GC-1.png'),
      png('GC-2.PNG'),
      png('nobody.png'),
    ]);
    const report = await screen.findByTestId('image-match-report');
    expect(report).toHaveTextContent('2 images match rows.');
    expect(report).toHaveTextContent('No row has the serial number of nobody.png.');
    await waitFor(() => expect(['row-1', 'row-2'].map(statusOf)).toEqual(['ready', 'ready']));
    expect(statusOf('row-3')).toBe('imageMissing');

    await user.click(screen.getByLabelText('Select row 3'));
    await user.click(screen.getByLabelText('Select row 4'));
    expect(screen.getByTestId('selection-summary')).toHaveTextContent('2 rows selected.');
    await user.upload(screen.getByLabelText('Image for the selected rows'), png('shared.png'));
    await waitFor(() => expect(['row-3', 'row-4'].map(statusOf)).toEqual(['ready', 'ready']));
    expect(count('ready')).toBe('4');

    await user.click(screen.getByRole('button', { name: 'Remove selected rows' }));
    expect(document.querySelectorAll('tr[data-row-id]')).toHaveLength(2);
    expect(count('all')).toBe('2');
  });

  test('only rows without an image: the warning says so, not that rows have errors', async () => {
    const { creates } = serve();
    const { user } = await openScreen(valid(1), valid(2), valid(3));
    await user.upload(screen.getByLabelText('Upload image for row 1'), png());
    await user.upload(screen.getByLabelText('Upload image for row 2'), png());
    await waitFor(() => expect(statusOf('row-2')).toBe('ready'));

    await user.click(screen.getByRole('button', { name: 'Create Gift Cards' }));
    const warning = await screen.findByRole('dialog', { name: 'Some rows will be skipped' });
    expect(warning).not.toHaveTextContent(messages.csvRecordsSkipped);
    expect(within(warning).getByTestId('skip-counts')).toHaveTextContent(
      /^1 row without an image will be skipped\. 2 rows will be uploaded\.$/,
    );
    await user.click(within(warning).getByRole('button', { name: 'Cancel' }));
    expect(creates()).toEqual([]);
  });

  test('rows that would be skipped: the warning first, Confirm sends only Successfull rows; after a 201 only the created rows leave', async () => {
    const { creates } = serve({
      create: (rows) =>
        jsonResponse(201, {
          message: messages.giftCardsPartlyCreated,
          body: rows
            .filter((r) => r.serialNumber === 'GC-1')
            .map((r) => ({ ...r, hasErrors: true, errors: [messages.csvSerialUnique] })),
        }),
    });
    const { user, app } = await openScreen(valid(1), valid(2), valid(3), 'GC-4,,500,SEK,100,Shop,Street,2099-01-01,60');
    await user.upload(screen.getByLabelText('Upload image for row 1'), png());
    await user.upload(screen.getByLabelText('Upload image for row 2'), png());
    await waitFor(() => expect(statusOf('row-2')).toBe('ready'));

    await user.click(screen.getByRole('button', { name: 'Create Gift Cards' }));
    const warning = await screen.findByRole('dialog', { name: 'Some rows will be skipped' });
    expect(warning).toHaveTextContent(messages.csvRecordsSkipped);
    expect(within(warning).getByTestId('skip-counts')).toHaveTextContent(
      '1 row with errors and 1 row without an image will be skipped. 2 rows will be uploaded.',
    );
    await user.click(within(warning).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(creates()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Create Gift Cards' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Some rows will be skipped' })).getByRole('button', {
        name: 'Confirm',
      }),
    );

    // docs/behaviour.md §4 After creation, 201: the row created leaves; the one refused comes back
    // with its errors; the two never sent (no image, errors) stay, each saying why.
    await waitFor(() => expect(document.querySelectorAll('tr[data-row-id]')).toHaveLength(3));
    expect(creates()).toHaveLength(1);
    expect(creates()[0]!.map((r) => [r.id, r.serialNumber, r.cardPicture])).toEqual([
      ['row-1', 'GC-1', 'http://store.test/uploads/gift_card_images/k1.png'],
      ['row-2', 'GC-2', 'http://store.test/uploads/gift_card_images/k2.png'],
    ]);
    const left = () =>
      [...document.querySelectorAll('tr[data-row-id]')].map((tr) => [
        tr.getAttribute('data-row-id'),
        tr.getAttribute('data-status'),
        tr.querySelector('[data-testid="not-uploaded"]')?.textContent,
      ]);
    expect(left()).toEqual([
      ['row-1', 'errors', 'Not created: refused by the server'],
      ['row-3', 'imageMissing', 'Not uploaded: no image'],
      ['row-4', 'errors', 'Not uploaded: it has errors'],
    ]);
    expect(screen.getByTestId('create-notice')).toHaveTextContent(
      '1 gift card was created. 1 row was not: fix it below and create again. ' +
        'Not uploaded: 1 row with errors and 1 row without an image; they are still below.',
    );
    expect([count('all'), count('errors'), count('imageMissing')]).toEqual(['3', '2', '1']);
    expect(screen.getByText(messages.giftCardsPartlyCreated)).toBeInTheDocument();
    expect(app.location().pathname).toBe('/add-multiple-card');

    // Editable and retryable: the server's error shows until the row is saved; the image stays.
    await user.click(screen.getByRole('button', { name: 'Show Errors for row 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Errors in row 1' });
    expect(within(dialog).getByLabelText('Serial Number')).toHaveAccessibleDescription(messages.csvSerialUnique);
    await user.clear(within(dialog).getByLabelText('Serial Number'));
    await user.type(within(dialog).getByLabelText('Serial Number'), 'GC-11');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(statusOf('row-1')).toBe('ready'));
  });

  test('every row sent created (200) but rows held back: the page stays with them, marked, and says so', async () => {
    const { creates } = serve();
    const { user, app } = await openScreen(valid(1), valid(2), 'GC-3,CC-3,cheap,SEK,100,Shop,Street,2099-01-01,60');
    await user.upload(screen.getByLabelText('Upload image for row 1'), png());
    await waitFor(() => expect(statusOf('row-1')).toBe('ready'));
    await user.click(screen.getByRole('button', { name: 'Create Gift Cards' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Some rows will be skipped' })).getByRole('button', {
        name: 'Confirm',
      }),
    );

    await waitFor(() => expect(document.querySelectorAll('tr[data-row-id]')).toHaveLength(2));
    expect(creates()).toHaveLength(1);
    expect(app.location().pathname).toBe('/add-multiple-card');
    expect(await screen.findByText('1 gift card was created.')).toBeInTheDocument();
    expect(screen.getByTestId('create-notice')).toHaveTextContent(
      '1 gift card was created. Not uploaded: 1 row with errors and 1 row without an image; they are still below.',
    );
    expect(
      [...document.querySelectorAll('tr[data-row-id]')].map((tr) => [
        tr.getAttribute('data-row-id'),
        tr.querySelector('[data-testid="not-uploaded"]')?.textContent,
      ]),
    ).toEqual([
      ['row-2', 'Not uploaded: no image'],
      ['row-3', 'Not uploaded: it has errors'],
    ]);
    // Given its image, the row held back is created on the next click, and then the table is empty.
    await user.upload(screen.getByLabelText('Upload image for row 2'), png());
    await waitFor(() => expect(statusOf('row-2')).toBe('ready'));
    expect(rowEl('row-2').querySelector('[data-testid="not-uploaded"]')).toHaveTextContent('Not uploaded yet');
  });

  test('all rows created (200): toast, and on to the card list without asking to leave', async () => {
    const { creates } = serve();
    const { user, app } = await openScreen(valid(1));
    await user.upload(screen.getByLabelText('Upload image for row 1'), png());
    await waitFor(() => expect(statusOf('row-1')).toBe('ready'));
    await user.click(screen.getByRole('button', { name: 'Create Gift Cards' }));
    await waitFor(() => expect(app.location().pathname).toBe('/card-list'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(creates()).toHaveLength(1);
    expect(await screen.findByText(messages.giftCardsCreated)).toBeInTheDocument();
  });

  test('a session that expired while creating: the spec toast and the sign-in screen, not a leave prompt', async () => {
    serve({ create: () => jsonResponse(401, { message: messages.unauthorized }) });
    const { user, app } = await openScreen(valid(1));
    await user.upload(screen.getByLabelText('Upload image for row 1'), png());
    await waitFor(() => expect(statusOf('row-1')).toBe('ready'));
    await user.click(screen.getByRole('button', { name: 'Create Gift Cards' }));
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(await screen.findByText(messages.sessionExpired)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('files that are not a readable CSV give a message under the box; the table stays', async () => {
    serve();
    const { user } = await openScreen();
    const input = screen.getByLabelText('CSV File');
    // Dropped: the file picker would not offer it (accept=".csv").
    fireEvent.drop(screen.getByTestId('file-upload'), { dataTransfer: { files: [new File(['x'], 'cards.xlsx')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.csvNotCsv);

    await user.upload(input, new File([`"${header}\nGC-1,CC-1,5\n`], 'broken.csv', { type: 'text/csv' }));
    await waitFor(() =>
      expect(screen.getByTestId('csv-error')).toHaveTextContent(
        messages.csvMalformed + 'the header row (line 1) has an unmatched quote (").',
      ),
    );
    await user.upload(input, new File(['Serial Number\nGC-1\n'], 'short.csv', { type: 'text/csv' }));
    await waitFor(() => expect(screen.getByTestId('csv-error')).toHaveTextContent(messages.csvMissingColumns));
    expect(screen.queryByRole('table')).toBeNull();

    await user.upload(input, csvFile(valid(1)));
    await screen.findByRole('table', { name: 'Gift card rows from the CSV file' });
    expect(screen.queryByTestId('csv-error')).toBeNull();
    // Another file over a table with work in it asks first; a bad one leaves the table as it was.
    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0])], 'photo.csv'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Replace the rows?' })).getByRole('button', { name: 'Replace' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('csv-error')).toHaveTextContent(
        'photo.csv was not loaded; the rows below are still those of cards.csv.',
      ),
    );
    expect(document.querySelectorAll('tr[data-row-id]')).toHaveLength(1);
  });

  test('leaving with rows in the table asks first; Download CSV Format is the template link', async () => {
    serve();
    const { user, app } = await openScreen(valid(1));
    expect(screen.getByRole('link', { name: 'Download CSV Format' })).toHaveAttribute(
      'href',
      '/api/giftcard/csv-template',
    );
    expect(screen.getByRole('link', { name: 'Download CSV Format' })).toHaveAttribute('download');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.location().pathname).toBe('/add-multiple-card');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Leave' }),
    );
    await waitFor(() => expect(app.location().pathname).toBe('/card-list'));
  });

  test("the server's date order is said above the table and the preview reads dates in it, showing what was written", async () => {
    serve({ dateOrder: 'MDY' });
    const { user } = await openScreen();
    expect(await screen.findByTestId('date-order')).toHaveTextContent(
      'Dates are read month first: 12/31/2027 or 2027-12-31.',
    );
    await user.upload(
      screen.getByLabelText('CSV File'),
      csvFile(
        'GC-1,CC-1,500,SEK,100,Shop,Street,1/5/2099,60',
        'GC-2,CC-2,500,SEK,100,Shop,Street,2099-05-01,60',
        'GC-3,CC-3,500,SEK,100,Shop,Street,31/12/2099,60',
      ),
    );
    await screen.findByRole('table', { name: 'Gift card rows from the CSV file' });
    const date = (id: string) => rowEl(id).querySelector('[data-column="validTill"]')!;
    expect(within(date('row-1') as HTMLElement).getByTestId('date-read')).toHaveTextContent('2099-01-05');
    expect(within(date('row-1') as HTMLElement).getByTestId('date-written')).toHaveTextContent('from 1/5/2099');
    expect(date('row-2')).toHaveTextContent(/^2099-05-01$/);
    expect(statusOf('row-3')).toBe('errors');
    expect(date('row-3')).toHaveTextContent(/^31\/12\/2099$/);
    await user.click(screen.getByRole('button', { name: 'Show Errors for row 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Errors in row 3' });
    expect(within(dialog).getByLabelText('Valid Till')).toHaveAccessibleDescription(messages.csvValidTillFormMDY);
  });

  test('day first when the server says so (the default): the sentence, and 1/5 is the first of May', async () => {
    serve();
    const { user } = await openScreen();
    expect(await screen.findByTestId('date-order')).toHaveTextContent(
      'Dates are read day first: 31/12/2027 or 2027-12-31.',
    );
    await user.upload(screen.getByLabelText('CSV File'), csvFile('GC-1,CC-1,500,SEK,100,Shop,Street,1/5/2099,60'));
    await screen.findByRole('table', { name: 'Gift card rows from the CSV file' });
    expect(rowEl('row-1').querySelector('[data-column="validTill"]')).toHaveTextContent('2099-05-01from 1/5/2099');
  });

  test('a stray quote: its row says so and shows its line, the other rows are read', async () => {
    serve();
    const { user } = await openScreen(valid(1), 'GC-2,"CC-2,500,SEK,100,Shop 2,Street 2,2099-01-01,60', valid(3));
    expect(screen.queryByTestId('csv-error')).toBeNull();
    expect(['row-1', 'row-2', 'row-3'].map(statusOf)).toEqual(['imageMissing', 'errors', 'imageMissing']);
    expect(rowEl('row-2').querySelector('[data-column="controlCode"]')).toHaveTextContent('"CC-2');
    expect(rowEl('row-3').querySelector('[data-column="storeAddress"]')).toHaveTextContent('Street 3, Town');
    await user.click(screen.getByRole('button', { name: 'Show Errors for row 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Errors in row 2' });
    expect(within(dialog).getByTestId('row-errors')).toHaveTextContent(messages.csvUnmatchedQuote);
    await user.clear(within(dialog).getByLabelText('Control Code'));
    await user.type(within(dialog).getByLabelText('Control Code'), 'CC-2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(statusOf('row-2')).toBe('imageMissing'));
  });
});
