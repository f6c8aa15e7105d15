import { giftCardCsvColumns, limits, messages, type CsvDateOrder } from '@strideadmin/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { BulkImportRow } from '../../../../src/features/gift-cards/bulk/bulk-rows';
import { RowErrorsDialog } from '../../../../src/features/gift-cards/bulk/row-errors-dialog';

const row = (over: Partial<BulkImportRow> = {}): BulkImportRow => ({
  id: 'row-1',
  n: 1,
  serialNumber: 'GC-1',
  controlCode: 'CC-1',
  price: '500',
  currency: 'SEK',
  amount: '100',
  storeName: 'Shop',
  storeAddress: 'Street 1',
  validTill: '2099-01-01',
  expiryDuration: '60',
  cardPicture: '',
  hasErrors: true,
  errors: [],
  keptErrors: [],
  updating: false,
  ...over,
});

function open(r: BulkImportRow, rows: BulkImportRow[] = [r], dateOrder: CsvDateOrder = 'DMY') {
  render(<RowErrorsDialog row={r} rows={rows} dateOrder={dateOrder} onSave={() => {}} onClose={() => {}} />);
  return screen.getByRole('dialog', { name: `Errors in row ${r.n}` });
}

const header = (key: string) => giftCardCsvColumns.find((c) => c.key === key)!.header;

describe('the Errors dialog shows each message under the input it is about', () => {
  test('the five "too long" messages', () => {
    const max = limits.giftCardTextMax;
    const dialog = open(
      row({
        serialNumber: 'S'.repeat(max.serialNumber + 1),
        controlCode: 'C'.repeat(max.controlCode + 1),
        currency: 'K'.repeat(max.currency + 1),
        storeName: 'N'.repeat(max.storeName + 1),
        storeAddress: 'A'.repeat(max.storeAddress + 1),
      }),
    );
    const expected: [string, string][] = [
      ['serialNumber', messages.csvSerialTooLong],
      ['controlCode', messages.csvControlCodeTooLong],
      ['currency', messages.csvCurrencyTooLong],
      ['storeName', messages.csvStoreNameTooLong],
      ['storeAddress', messages.csvStoreAddressTooLong],
    ];
    for (const [key, message] of expected) {
      expect(within(dialog).getByLabelText(header(key))).toHaveAccessibleDescription(message);
    }
    expect(within(dialog).getByTestId('row-errors')).toHaveTextContent('This row has 5 errors:');
  });

  test('every other message of the row rules, and uniqueness against the other rows', () => {
    const other = row({ id: 'row-2', n: 2, serialNumber: 'gc-9', controlCode: 'cc-9' });
    const dialog = open(
      row({
        serialNumber: ' GC-9 ',
        controlCode: 'CC-9',
        price: 'x',
        currency: '',
        amount: '1.5',
        storeName: ' ',
        storeAddress: '',
        validTill: '2000-01-01',
        expiryDuration: '12345',
      }),
      [other],
    );
    const expected: [string, string][] = [
      ['serialNumber', messages.csvSerialUnique],
      ['controlCode', messages.csvControlCodeUnique],
      ['price', messages.csvCoinPriceInteger],
      ['currency', messages.csvCurrencyRequired],
      ['amount', messages.csvAmountInteger],
      ['storeName', messages.csvStoreNameRequired],
      ['storeAddress', messages.csvStoreAddressRequired],
      ['validTill', messages.csvValidTillPast],
      ['expiryDuration', messages.csvExpiryDurationTooLong],
    ];
    for (const [key, message] of expected) {
      expect(within(dialog).getByLabelText(header(key))).toHaveAccessibleDescription(message);
    }
  });

  test("the server's messages, until a field changes", () => {
    const dialog = open(row({ keptErrors: [messages.csvSerialUnique, messages.csvControlCodeUnique] }));
    expect(within(dialog).getByLabelText('Serial Number')).toHaveAccessibleDescription(messages.csvSerialUnique);
    expect(within(dialog).getByLabelText('Control Code')).toHaveAccessibleDescription(messages.csvControlCodeUnique);
  });

  test('an unmatched quote in its line: said first, about no field, until a field changes', async () => {
    const user = userEvent.setup();
    const dialog = open(row({ controlCode: '"CC-1', keptErrors: [messages.csvUnmatchedQuote] }));
    const listed = () =>
      within(within(dialog).getByTestId('row-errors'))
        .queryAllByRole('listitem')
        .map((li) => li.textContent);
    expect(listed()).toEqual([messages.csvUnmatchedQuote]);
    expect(within(dialog).getByLabelText('Control Code')).toHaveValue('"CC-1');
    expect(within(dialog).getByLabelText('Control Code')).not.toHaveAccessibleDescription(messages.csvUnmatchedQuote);
    await user.clear(within(dialog).getByLabelText('Control Code'));
    await user.type(within(dialog).getByLabelText('Control Code'), 'CC-1');
    expect(within(dialog).getByTestId('row-errors')).toHaveTextContent('No errors left');
  });

  test("a date is read in the server's order, and one that cannot be read names the form", async () => {
    const user = userEvent.setup();
    const dialog = open(row({ validTill: '1/5/2099' }), undefined, 'MDY');
    // Read again after each change: an input with an error is drawn anew.
    const validTill = () => within(dialog).getByLabelText('Valid Till');
    expect(within(dialog).getByTestId('row-errors')).toHaveTextContent('No errors left');
    await user.clear(validTill());
    await user.type(validTill(), '31/12/2099');
    expect(validTill()).toHaveAccessibleDescription(messages.csvValidTillFormMDY);
  });
});
