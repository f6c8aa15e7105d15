import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { giftCardCsvColumns, limits, messages } from '@strideadmin/contract';
import { tinyPng } from './support/api';
import { expect, test, type Page } from './support/fixtures';

/**
 * /add-multiple-card with files that are not gift-card CSVs: each gets its own
 * clear message, the page answers at once and takes the next file, and nothing reaches the
 * server. The files are made here, in a temporary folder.
 */

const header = giftCardCsvColumns.map((c) => c.header).join(',');
const cardLine = (n: number) => `MAL-${n},MC-${n},100,SEK,50,shop ${n},"street ${n}, town",2099-01-01,60`;
const malformed = (why: string) => messages.csvMalformed + why;
const notText = malformed('it is not a text file.');
const utf16 = malformed('it is saved as UTF-16 (Unicode) text. Save it as CSV UTF-8 and upload that file.');

let dir = '';
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'strideadmin-csv-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Buffer | (string | Buffer)[]): string {
  const target = path.join(dir, name);
  writeFileSync(target, Array.isArray(content) ? Buffer.concat(content.map((c) => Buffer.from(c))) : content);
  return target;
}

/** Bytes that look random and are the same on every run (xorshift32). */
function noise(length: number): Buffer {
  const out = Buffer.alloc(length);
  let x = 2463534242;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** A CSV of `mb` megabytes of valid card lines: refused for its size alone, never for what is in it. */
function bigCsv(name: string, mb: number): string {
  const chunk = Buffer.from(Array.from({ length: 10_000 }, (_, i) => cardLine(i)).join('\r\n') + '\r\n');
  const parts = [Buffer.from(header + '\r\n')];
  for (let size = 0; size < mb * 1024 * 1024; size += chunk.length) parts.push(chunk);
  return file(name, Buffer.concat(parts));
}

const input = (page: Page) => page.getByLabel('CSV File');
const alert = (page: Page) => page.getByTestId('csv-error');

/**
 * Records what the server is asked and which files the page reads or hands to the CSV worker
 * (their sizes): a file refused for its size must never be read.
 */
async function watch(page: Page) {
  const requests: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/') && (r.method() !== 'GET' || /multiplegiftcard/i.test(pathname)))
      requests.push(`${r.method()} ${pathname}`);
  });
  await page.addInitScript(() => {
    const reads: number[] = [];
    (window as unknown as { __csvReads: number[] }).__csvReads = reads;
    for (const name of ['arrayBuffer', 'text', 'stream', 'slice', 'bytes'] as const) {
      const original = Blob.prototype[name as keyof Blob] as ((...args: unknown[]) => unknown) | undefined;
      if (!original) continue;
      Object.defineProperty(Blob.prototype, name, {
        configurable: true,
        value(this: Blob, ...args: unknown[]) {
          reads.push(this.size);
          return original.apply(this, args);
        },
      });
    }
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: [never]) {
      const file = (message as { file?: unknown } | null)?.file;
      if (file instanceof Blob) reads.push(file.size);
      return post.call(this, message, ...rest);
    };
  });
  return requests;
}

/** Chooses a file and expects it refused with `message`; the input takes the next file at once. */
async function expectRefused(page: Page, filePath: string, message: string) {
  await input(page).setInputFiles(filePath);
  await expect(alert(page)).toContainText(`${path.basename(filePath)} was not loaded`);
  await expect(alert(page).locator('p').first()).toHaveText(message);
  await expect(page.getByRole('status').filter({ hasText: 'Reading' })).toHaveCount(0);
  await expect(input(page)).toBeEnabled();
}

test('binary, 50 MB, 100,000 columns, a 4 MB line: a clear error each, never a hang', async ({ page, signIn }) => {
  await signIn('admin');
  const requests = await watch(page);
  await page.goto('/add-multiple-card');
  await expect(page.getByRole('heading', { name: 'Add Multiple Gift Cards' })).toBeVisible();

  // Binary files named .csv.
  await expectRefused(page, file('photo.csv', tinyPng), notText);
  await expectRefused(page, file('noise.csv', noise(256 * 1024)), notText);
  await expectRefused(
    page,
    file('nul.csv', [`${header}\r\n${cardLine(1)}\r\n`, Buffer.from([0]), cardLine(2)]),
    notText,
  );
  const utf16Text = `${header}\r\n${cardLine(1)}\r\n`;
  await expectRefused(page, file('utf16-bom.csv', ['\ufeff', Buffer.from(utf16Text, 'utf16le')]), utf16);
  await expectRefused(page, file('utf16.csv', Buffer.from(utf16Text, 'utf16le')), utf16);

  // 50 MB: refused by its size, before a byte of it is read.
  await expectRefused(page, bigCsv('fifty-mb.csv', 50), messages.csvTooLarge);
  const reads = await page.evaluate(() => (window as unknown as { __csvReads: number[] }).__csvReads);
  expect(reads.length, 'the smaller files were read (the watch works)').toBeGreaterThan(0);
  expect(reads.filter((size) => size > limits.csvMaxBytes)).toEqual([]);

  // One huge line: 100,000 columns; 4 MB without a comma, as the header or as a card's line.
  const fourMb = 'x'.repeat(4 * 1024 * 1024);
  await expectRefused(page, file('wide.csv', 'x,'.repeat(100_000)), malformed('more than 100 columns on line 1.'));
  await expectRefused(
    page,
    file('long-line.csv', fourMb),
    malformed('a field on line 1 has more than 10000 characters.'),
  );
  await expectRefused(
    page,
    file('long-row.csv', `${header}\r\n${cardLine(1).replace('shop 1', fourMb)}\r\n`),
    malformed('a field on line 2 has more than 10000 characters.'),
  );

  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create Gift Cards' })).toBeDisabled();

  // Fields too long for a card but under that bound: read, each row with its message.
  const longFields = Array.from({ length: 60 }, (_, i) => cardLine(i + 1).replace(`shop ${i + 1}`, 'y'.repeat(9_000)));
  await input(page).setInputFiles(file('long-fields.csv', [header, ...longFields].join('\r\n')));
  await expect(page.getByTestId('summary-errors').getByTestId('count')).toHaveText('60');
  // A cell shows the start of such a value (laying out 9,000 characters a cell would stall the page).
  await expect(page.locator('tr[data-row-id="row-1"] [data-column="storeName"]')).toHaveText(`${'y'.repeat(200)}…`);
  await page.getByRole('button', { name: 'Show Errors for row 1', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Errors in row 1' });
  await expect(dialog.getByTestId('row-errors')).toContainText(messages.csvStoreNameTooLong);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The next good file is read at once.
  const lines = Array.from({ length: 2_000 }, (_, i) => cardLine(i + 1));
  await input(page).setInputFiles(file('good.csv', [header, ...lines].join('\r\n')));
  await page.getByRole('dialog', { name: 'Replace the rows?' }).getByRole('button', { name: 'Replace' }).click();
  await expect(page.getByTestId('summary-all').getByTestId('count')).toHaveText('2,000');
  await expect(alert(page)).toBeHidden();
  expect(requests).toEqual([]);
});

test('empty, header only, wrong header, 10,001 rows: refused; BOMs and mixed line ends read; a bad file keeps the rows', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  const requests = await watch(page);
  await page.goto('/add-multiple-card');
  await expect(page.getByRole('heading', { name: 'Add Multiple Gift Cards' })).toBeVisible();

  await expectRefused(page, file('empty.csv', ''), messages.csvEmpty);
  await expectRefused(page, file('header-only.csv', `\ufeff${header}\r\n\r\n,,,,,,,,\r\n`), messages.csvEmpty);
  await expectRefused(
    page,
    file(
      'wrong-header.csv',
      `Serial,Control Code,Price,Currency,Amount,Store,Store Address,Valid Till,Expiry\r\n${cardLine(1)}\r\n`,
    ),
    messages.csvMissingColumns + 'Serial Number, Coin Price, Store Name, Expiry Duration in Minutes',
  );
  const rows = (n: number) => Array.from({ length: n }, (_, i) => cardLine(i + 1));
  await expectRefused(page, file('10001.csv', [header, ...rows(10_001)].join('\n')), messages.csvTooManyRows);

  // A UTF-8 BOM on Windows-1252 bytes (é as one byte): the BOM is not taken for part of the header.
  const latin1 = Buffer.from(`${header}\r\n${cardLine(1).replace('shop 1', 'Café 1')}\r\n`, 'latin1');
  await input(page).setInputFiles(file('bom-1252.csv', [Buffer.from([0xef, 0xbb, 0xbf]), latin1]));
  await expect(page.locator('tr[data-row-id="row-1"] [data-column="storeName"]')).toHaveText('Café 1');

  // A BOM, CRLF, LF and CR line ends in one file, blank lines around: four rows.
  await input(page).setInputFiles(
    file('mixed.csv', `\ufeff\r\n${header}\r\n${cardLine(1)}\n${cardLine(2)}\r${cardLine(3)}\r\n\n${cardLine(4)}`),
  );
  await page.getByRole('dialog', { name: 'Replace the rows?' }).getByRole('button', { name: 'Replace' }).click();
  await expect(page.locator('tr[data-row-id]')).toHaveCount(4);
  await expect(page.locator('tr[data-row-id="row-3"] [data-column="storeAddress"]')).toHaveText('street 3, town');
  await expect(page.locator('[data-status="imageMissing"][data-row-id]')).toHaveCount(4);
  await expect(alert(page)).toBeHidden();

  // A bad file over rows already there: asked first, then refused; the rows stay.
  await input(page).setInputFiles(file('after.csv', [`"${header}`, cardLine(9)].join('\r\n')));
  await page.getByRole('dialog', { name: 'Replace the rows?' }).getByRole('button', { name: 'Replace' }).click();
  await expect(alert(page).locator('p').first()).toHaveText(
    malformed('the header row (line 1) has an unmatched quote (").'),
  );
  await expect(alert(page)).toContainText('after.csv was not loaded; the rows below are still those of mixed.csv.');
  await expect(page.locator('tr[data-row-id]')).toHaveCount(4);

  // And a 10,000-row file with blank lines between its rows (docs/behaviour.md §4: dropped) is read.
  const spaced = rows(10_000).flatMap((l, i) => (i % 1_000 === 0 ? [l, '', ',,,,,,,,'] : [l]));
  await input(page).setInputFiles(file('10000.csv', [header, ...spaced].join('\r\n')));
  await page.getByRole('dialog', { name: 'Replace the rows?' }).getByRole('button', { name: 'Replace' }).click();
  await expect(page.getByTestId('summary-all').getByTestId('count')).toHaveText('10,000');
  await expect(alert(page)).toBeHidden();
  expect(requests).toEqual([]);
});

test('unbalanced quotes in 2,000 rows: each costs only its own row, the rest are read, never a hang', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  const requests = await watch(page);
  await page.goto('/add-multiple-card');
  await expect(page.getByRole('heading', { name: 'Add Multiple Gift Cards' })).toBeVisible();
  const rowEl = (n: number) => page.locator(`tr[data-row-id="row-${n}"]`);
  const counts = async () =>
    Promise.all(['all', 'errors'].map((f) => page.getByTestId(`summary-${f}`).getByTestId('count').textContent()));
  const replace = () =>
    page.getByRole('dialog', { name: 'Replace the rows?' }).getByRole('button', { name: 'Replace' }).click();

  // An opening quote never closed, with no quote after it, and another 1,000 lines on: the rows
  // between are not swallowed into one field.
  const plain = Array.from({ length: 2_000 }, (_, i) => cardLine(i + 1).replace(/"(street \d+), town"/, '$1'));
  const stray = (lines: string[], n: number) => lines.map((l, i) => (i === n - 2 ? l.replace(',MC-', ',"MC-') : l));
  const twice = stray(stray(plain, 501), 1501);
  await input(page).setInputFiles(file('two-stray.csv', [header, ...twice].join('\r\n')));
  await expect(page.getByTestId('summary-all').getByTestId('count')).toHaveText('2,000');
  expect(await counts()).toEqual(['2,000', '2']);
  await expect(alert(page)).toBeHidden();
  await expect(rowEl(1).locator('[data-column="controlCode"]')).toHaveText('MC-1');
  await page.getByTestId('summary-errors').click();
  await expect(page.locator('tr[data-row-id]')).toHaveCount(2);
  await expect(rowEl(1_500).locator('[data-column="controlCode"]')).toHaveText('"MC-1500');
  await page.getByRole('button', { name: 'Show Errors for row 500', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Errors in row 500' });
  await expect(dialog.getByTestId('row-errors')).toContainText(messages.csvUnmatchedQuote);
  await expect(dialog.getByLabel('Control Code')).toHaveValue('"MC-500');
  await expect(dialog.getByLabel('Expiry Duration in Minutes')).toHaveValue('60');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // In a line with other quoted fields, and in the middle of a field.
  const lines = Array.from({ length: 2_000 }, (_, i) => cardLine(i + 1));
  await page.getByTestId('summary-all').click();
  await input(page).setInputFiles(file('unclosed-quoted.csv', [header, ...stray(lines, 501)].join('\r\n')));
  await replace();
  await expect(page.getByTestId('summary-errors').getByTestId('count')).toHaveText('1');
  expect(await counts()).toEqual(['2,000', '1']);
  await input(page).setInputFiles(
    file('mid-field.csv', [header, ...lines.map((l) => l.replace('shop 10,', 'shop "10",'))].join('\r\n')),
  );
  await replace();
  await expect(page.getByTestId('summary-errors').getByTestId('count')).toHaveText('1');
  expect(await counts()).toEqual(['2,000', '1']);
  await page.getByTestId('summary-errors').click();
  await expect(page.locator('tr[data-row-id]')).toHaveCount(1);
  await expect(rowEl(10).locator('[data-column="storeName"]')).toHaveText('shop "10"');
  expect(requests).toEqual([]);
});
