import {
  bulkRowStatus,
  giftCardCsvColumns,
  messages,
  type BulkRow,
  type CsvDateOrder,
  type GiftCardCsvFields,
} from '@strideadmin/contract';
import { describe, expect, test } from 'vitest';
import {
  bulkReducer,
  canCreate,
  countRows,
  emptyBulkState,
  filterRows,
  needsSkipWarning,
  notUploadedLabel,
  rowsToCreate,
  type BulkState,
} from '../../../../src/features/gift-cards/bulk/bulk-rows';
import { parseBulkCsvText } from '../../../../src/features/gift-cards/bulk/parse-bulk-csv';

const today = '2030-06-15';
const header = giftCardCsvColumns.map((c) => c.header).join(',');

/** Rows as the CSV reader makes them: `serial,control,price,currency,amount,store,address,valid,expiry`. */
function loadIn(dateOrder: CsvDateOrder, ...lines: string[]): BulkState {
  const result = parseBulkCsvText([header, ...lines].join('\n'), today, dateOrder);
  if (!result.ok) throw new Error(result.message);
  return bulkReducer(emptyBulkState, { type: 'loaded', rows: result.rows, dateOrder });
}
const load = (...lines: string[]) => loadIn('DMY', ...lines);

const valid = (n: number) => `GC-${n},CC-${n},500,SEK,100,Shop ${n},Street ${n},2031-01-01,60`;
const row = (s: BulkState, id: string) => s.rows.find((r) => r.id === id)!;
const statuses = (s: BulkState) => s.rows.map((r) => bulkRowStatus(r));
const fieldsOf = (s: BulkState, id: string): GiftCardCsvFields =>
  Object.fromEntries(giftCardCsvColumns.map((c) => [c.key, row(s, id)[c.key]])) as GiftCardCsvFields;

describe('the bulk row store', () => {
  test('rows get ids, numbers, errors and the spec statuses; counts follow', () => {
    const s = load(valid(1), 'GC-2,CC-2,cheap,SEK,100,Shop,Street,2031-01-01,60', valid(3));
    expect(s.rows.map((r) => [r.id, r.n])).toEqual([
      ['row-1', 1],
      ['row-2', 2],
      ['row-3', 3],
    ]);
    expect(statuses(s)).toEqual(['imageMissing', 'errors', 'imageMissing']);
    expect(row(s, 'row-2').errors).toEqual([messages.csvCoinPriceInteger]);
    expect(row(s, 'row-1').updating).toBe(false);
    expect(countRows(s.rows)).toEqual({ total: 3, ready: 0, imageMissing: 2, errors: 1, updating: 0 });
  });

  test('saving an edited row revalidates it: a past date fixed becomes Image Missing, the date normalised', () => {
    let s = load('GC-1,CC-1,500,SEK,100,Shop,Street,2001-01-01,60');
    expect(row(s, 'row-1').errors).toEqual([messages.csvValidTillPast]);
    s = bulkReducer(s, {
      type: 'edited',
      id: 'row-1',
      fields: { ...fieldsOf(s, 'row-1'), validTill: '31/12/2031' },
      today,
    });
    expect(row(s, 'row-1')).toMatchObject({
      validTill: '2031-12-31',
      validTillAsWritten: '31/12/2031',
      hasErrors: false,
      errors: [],
    });
    expect(bulkRowStatus(row(s, 'row-1'))).toBe('imageMissing');
  });

  test('uniqueness spans rows: fixing one duplicate clears the other, making one flags both', () => {
    let s = load(valid(1), 'GC-1,CC-9,500,SEK,100,Shop,Street,2031-01-01,60', valid(3));
    expect(row(s, 'row-1').errors).toEqual([messages.csvSerialUnique]);
    expect(row(s, 'row-2').errors).toEqual([messages.csvSerialUnique]);
    const untouched = row(s, 'row-3');

    s = bulkReducer(s, {
      type: 'edited',
      id: 'row-2',
      fields: { ...fieldsOf(s, 'row-2'), serialNumber: 'GC-2' },
      today,
    });
    expect(statuses(s)).toEqual(['imageMissing', 'imageMissing', 'imageMissing']);
    // Rows whose errors did not change keep their identity (their table rows do not re-render).
    expect(row(s, 'row-3')).toBe(untouched);

    s = bulkReducer(s, {
      type: 'edited',
      id: 'row-3',
      fields: { ...fieldsOf(s, 'row-3'), controlCode: ' cc-1 ' },
      today,
    });
    expect(row(s, 'row-1').errors).toEqual([messages.csvControlCodeUnique]);
    expect(row(s, 'row-3')).toMatchObject({ controlCode: 'cc-1', errors: [messages.csvControlCodeUnique] });
  });

  test('an image upload: the row is updating, then Successfull; a failure leaves it as it was', () => {
    let s = load(valid(1), valid(2));
    s = bulkReducer(s, { type: 'uploadStarted', ids: ['row-1', 'row-2'] });
    expect(s.rows.map((r) => r.updating)).toEqual([true, true]);
    expect(countRows(s.rows).updating).toBe(2);
    s = bulkReducer(s, { type: 'uploadFinished', ids: ['row-1'], url: 'http://x.test/uploads/gift_card_images/a.png' });
    s = bulkReducer(s, { type: 'uploadFinished', ids: ['row-2'], url: null });
    expect(row(s, 'row-1')).toMatchObject({
      updating: false,
      cardPicture: 'http://x.test/uploads/gift_card_images/a.png',
    });
    expect(row(s, 'row-2')).toMatchObject({ updating: false, cardPicture: '' });
    expect(statuses(s)).toEqual(['ready', 'imageMissing']);
  });

  test('an image still travelling for the previous file does not land on the new file', () => {
    let s = load(valid(1));
    const before = s.epoch;
    s = bulkReducer(s, { type: 'uploadStarted', ids: ['row-1'], epoch: before });
    s = bulkReducer(s, { type: 'loaded', rows: load(valid(7)).rows, dateOrder: 'DMY' });
    expect(s.epoch).toBe(before + 1);
    s = bulkReducer(s, { type: 'uploadFinished', ids: ['row-1'], url: 'http://x.test/old.png', epoch: before });
    expect(row(s, 'row-1')).toMatchObject({ serialNumber: 'GC-7', cardPicture: '', updating: false });
  });

  test('one image applied to the selected rows goes only to those without errors', () => {
    let s = load(valid(1), 'GC-2,,500,SEK,100,Shop,Street,2031-01-01,60', valid(3), valid(4));
    s = bulkReducer(s, { type: 'setSelected', ids: ['row-1', 'row-2', 'row-3'], selected: true });
    s = bulkReducer(s, { type: 'toggleSelected', id: 'row-3' });
    expect([...s.selected]).toEqual(['row-1', 'row-2']);
    s = bulkReducer(s, { type: 'toggleSelected', id: 'row-4' });
    const ids = [...s.selected];
    s = bulkReducer(s, { type: 'uploadStarted', ids });
    s = bulkReducer(s, { type: 'uploadFinished', ids, url: 'http://x.test/one.png' });
    expect(s.rows.map((r) => r.cardPicture)).toEqual(['http://x.test/one.png', '', '', 'http://x.test/one.png']);
    expect(statuses(s)).toEqual(['ready', 'errors', 'imageMissing', 'ready']);
    s = bulkReducer(s, { type: 'setSelected', ids, selected: false });
    expect(s.selected.size).toBe(0);
  });

  test('Create Gift Cards: enabled with one Successfull row, not while creating nor while images upload', () => {
    let s = load(valid(1), 'GC-2,,500,SEK,100,Shop,Street,2031-01-01,60');
    expect(canCreate(countRows(s.rows), false)).toBe(false);
    s = bulkReducer(s, { type: 'uploadStarted', ids: ['row-1'] });
    expect(canCreate(countRows(s.rows), false)).toBe(false);
    s = bulkReducer(s, { type: 'uploadFinished', ids: ['row-1'], url: 'http://x.test/a.png' });
    expect(canCreate(countRows(s.rows), false)).toBe(true);
    expect(canCreate(countRows(s.rows), true)).toBe(false);
    // A row with errors is skipped: the warning first; only the Successfull row is sent.
    expect(needsSkipWarning(countRows(s.rows))).toBe(true);
    expect(rowsToCreate(s.rows)).toEqual([
      {
        id: 'row-1',
        serialNumber: 'GC-1',
        controlCode: 'CC-1',
        price: '500',
        currency: 'SEK',
        amount: '100',
        storeName: 'Shop 1',
        storeAddress: 'Street 1',
        validTill: '2031-01-01',
        expiryDuration: '60',
        cardPicture: 'http://x.test/a.png',
      },
    ]);
    s = bulkReducer(s, { type: 'removed', ids: ['row-2'] });
    expect(needsSkipWarning(countRows(s.rows))).toBe(false);
  });

  test('a 201 answer: only the rows created leave; the refused keep server errors and images; the skipped stay, marked', () => {
    let s = load(valid(1), valid(2), valid(3), 'GC-4,,500,SEK,100,Shop,Street,2031-01-01,60', valid(5));
    for (const id of ['row-1', 'row-2', 'row-3'])
      s = bulkReducer(s, { type: 'uploadFinished', ids: [id], url: `http://x.test/${id}.png` });
    s = bulkReducer(s, { type: 'setSelected', ids: ['row-1', 'row-2'], selected: true });
    const sent = rowsToCreate(s.rows);
    const failed: BulkRow = {
      ...sent[1]!,
      cardPicture: '', // even when the server does not echo it, the row keeps its image
      hasErrors: true,
      errors: [messages.csvSerialUnique],
    };
    s = bulkReducer(s, { type: 'createSettled', sentIds: sent.map((r) => r.id), failed: [failed], today });
    // row-1 and row-3 were created; row-4 (errors) and row-5 (no image) were never sent: still here.
    expect(s.rows.map((r) => [r.id, r.n, bulkRowStatus(r), r.notUploaded])).toEqual([
      ['row-2', 2, 'errors', 'refused'],
      ['row-4', 4, 'errors', 'skipped'],
      ['row-5', 5, 'imageMissing', 'skipped'],
    ]);
    expect(row(s, 'row-2')).toMatchObject({
      hasErrors: true,
      errors: [messages.csvSerialUnique],
      keptErrors: [messages.csvSerialUnique],
      cardPicture: 'http://x.test/row-2.png',
    });
    expect(row(s, 'row-4').errors).toEqual([messages.csvControlCodeRequired]);
    expect(s.rows.map(notUploadedLabel)).toEqual([
      'Not created: refused by the server',
      'Not uploaded: it has errors',
      'Not uploaded: no image',
    ]);
    expect([...s.selected]).toEqual(['row-2']);

    // Other edits do not drop what only the server knows...
    s = bulkReducer(s, { type: 'removed', ids: [], today });
    expect(row(s, 'row-2').hasErrors).toBe(true);
    // ...saving the row does: it is retryable, and with its image it is Successfull again.
    s = bulkReducer(s, {
      type: 'edited',
      id: 'row-2',
      fields: { ...fieldsOf(s, 'row-2'), serialNumber: 'GC-22' },
      today,
    });
    expect(row(s, 'row-2')).toMatchObject({ hasErrors: false, errors: [], keptErrors: [] });
    expect(bulkRowStatus(row(s, 'row-2'))).toBe('ready');
    // A skipped row given an image says so: not uploaded yet.
    s = bulkReducer(s, { type: 'uploadFinished', ids: ['row-5'], url: 'http://x.test/row-5.png' });
    expect(notUploadedLabel(row(s, 'row-5'))).toBe('Not uploaded yet');
  });

  test('a request that failed outright takes out only the rows created before it; the others stay, marked', () => {
    let s = load(valid(1), valid(2), valid(3), valid(4));
    for (const id of ['row-1', 'row-2', 'row-3'])
      s = bulkReducer(s, { type: 'uploadFinished', ids: [id], url: `http://x.test/${id}.png` });
    const failed: BulkRow = { ...rowsToCreate(s.rows)[0]!, hasErrors: true, errors: [messages.csvSerialUnique] };
    // row-1 and row-2 were answered (row-1 failed), row-3 was never sent, row-4 had no image.
    s = bulkReducer(s, { type: 'createSettled', sentIds: ['row-1', 'row-2'], failed: [failed], today });
    expect(s.rows.map((r) => r.id)).toEqual(['row-1', 'row-3', 'row-4']);
    expect(statuses(s)).toEqual(['errors', 'ready', 'imageMissing']);
    expect(s.rows.map(notUploadedLabel)).toEqual([
      'Not created: refused by the server',
      'Not uploaded: the request failed',
      'Not uploaded: no image',
    ]);
  });

  test('a row whose line had an unmatched quote keeps that error until it is saved', () => {
    let s = load(valid(1), 'GC-2,"CC-2,500,SEK,100,Shop,Street,2031-01-01,60', valid(3));
    expect(row(s, 'row-2')).toMatchObject({
      controlCode: '"CC-2',
      hasErrors: true,
      errors: [messages.csvUnmatchedQuote],
      keptErrors: [messages.csvUnmatchedQuote],
    });
    expect(statuses(s)).toEqual(['imageMissing', 'errors', 'imageMissing']);
    s = bulkReducer(s, { type: 'removed', ids: ['row-3'], today });
    expect(row(s, 'row-2').errors).toEqual([messages.csvUnmatchedQuote]);
    s = bulkReducer(s, {
      type: 'edited',
      id: 'row-2',
      fields: { ...fieldsOf(s, 'row-2'), controlCode: 'CC-2' },
      today,
    });
    expect(row(s, 'row-2')).toMatchObject({ hasErrors: false, errors: [], keptErrors: [] });
  });

  test("dates are read in the file's order, and edits in the same order", () => {
    const line = (date: string) => `GC-1,CC-1,500,SEK,100,Shop,Street,${date},60`;
    expect(row(loadIn('DMY', line('1/5/2031')), 'row-1')).toMatchObject({
      validTill: '2031-05-01',
      validTillAsWritten: '1/5/2031',
    });
    let s = loadIn('MDY', line('1/5/2031'));
    expect(row(s, 'row-1')).toMatchObject({ validTill: '2031-01-05', validTillAsWritten: '1/5/2031', errors: [] });
    expect(s.dateOrder).toBe('MDY');
    s = bulkReducer(s, {
      type: 'edited',
      id: 'row-1',
      fields: { ...fieldsOf(s, 'row-1'), validTill: '2/3/2031' },
      today,
    });
    expect(row(s, 'row-1')).toMatchObject({ validTill: '2031-02-03', validTillAsWritten: '2/3/2031' });
    s = bulkReducer(s, {
      type: 'edited',
      id: 'row-1',
      fields: { ...fieldsOf(s, 'row-1'), validTill: '2031-02-03' },
      today,
    });
    expect(row(s, 'row-1').validTillAsWritten).toBeUndefined();
    s = bulkReducer(s, {
      type: 'edited',
      id: 'row-1',
      fields: { ...fieldsOf(s, 'row-1'), validTill: '31/12/2031' },
      today,
    });
    expect(row(s, 'row-1')).toMatchObject({ validTill: '31/12/2031', errors: [messages.csvValidTillFormMDY] });
  });

  test('removing rows revalidates uniqueness and the status filter shows one status', () => {
    let s = load(valid(1), valid(1), valid(2));
    expect(filterRows(s.rows, 'errors').map((r) => r.id)).toEqual(['row-1', 'row-2']);
    s = bulkReducer(s, { type: 'setSelected', ids: ['row-2', 'row-3'], selected: true });
    s = bulkReducer(s, { type: 'removed', ids: ['row-2'] });
    expect(s.rows.map((r) => r.id)).toEqual(['row-1', 'row-3']);
    expect([...s.selected]).toEqual(['row-3']);
    expect(filterRows(s.rows, 'errors')).toEqual([]);
    expect(filterRows(s.rows, 'imageMissing')).toHaveLength(2);
    expect(filterRows(s.rows, 'all')).toBe(s.rows);
  });

  test('revalidating 10,000 rows after an edit stays quick', () => {
    let s = load(...Array.from({ length: 10_000 }, (_, i) => valid(i + 1)));
    const started = performance.now();
    s = bulkReducer(s, {
      type: 'edited',
      id: 'row-5000',
      fields: { ...fieldsOf(s, 'row-5000'), serialNumber: 'GC-1' },
      today,
    });
    const ms = performance.now() - started;
    expect(row(s, 'row-1').errors).toEqual([messages.csvSerialUnique]);
    expect(countRows(s.rows).errors).toBe(2);
    expect(ms).toBeLessThan(1000);
  });
});
