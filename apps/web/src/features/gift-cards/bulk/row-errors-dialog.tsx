import { useMemo, useState, type FormEvent } from 'react';
import {
  bulkFieldOfMessage,
  bulkRowErrors,
  bulkUniqueErrors,
  cleanBulkCells,
  giftCardCodeKey,
  giftCardCsvColumns,
  todayIso,
  type BulkFieldError,
  type CsvDateOrder,
  type GiftCardCsvFields,
  type GiftCardCsvKey,
} from '@strideadmin/contract';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { TextInput } from '../../../components/text-input';
import type { BulkImportRow } from './bulk-rows';

const placeholders: Partial<Record<GiftCardCsvKey, string>> = { validTill: 'YYYY-MM-DD' };

const fieldsOf = (row: BulkImportRow): GiftCardCsvFields =>
  Object.fromEntries(giftCardCsvColumns.map((c) => [c.key, row[c.key]])) as GiftCardCsvFields;

/**
 * docs/behaviour.md §4/§8 Errors dialog: the row's errors, and its nine fields to edit. The errors follow the
 * typing (the row's own rules, and uniqueness against every other row), so the admin sees a row
 * turn clean before saving (a date read in the server's order, `dateOrder`). Save hands the
 * fields to the store, which revalidates all rows; Cancel discards. Errors its fields do not show
 * (the server's, an unmatched quote in its line) stay listed until a field changes.
 */
export function RowErrorsDialog({
  row,
  rows,
  dateOrder,
  onSave,
  onClose,
}: {
  row: BulkImportRow | null;
  rows: readonly BulkImportRow[];
  dateOrder: CsvDateOrder;
  onSave: (id: string, fields: GiftCardCsvFields) => void;
  onClose: () => void;
}) {
  return (
    <Modal open={row !== null} onClose={onClose} size="xl" title={row ? `Errors in row ${row.n}` : ''}>
      {/* Keyed by row: a fresh draft each time a row is opened. */}
      {row && (
        <RowErrorsForm key={row.id} row={row} rows={rows} dateOrder={dateOrder} onSave={onSave} onClose={onClose} />
      )}
    </Modal>
  );
}

function RowErrorsForm({
  row,
  rows,
  dateOrder,
  onSave,
  onClose,
}: {
  row: BulkImportRow;
  rows: readonly BulkImportRow[];
  dateOrder: CsvDateOrder;
  onSave: (id: string, fields: GiftCardCsvFields) => void;
  onClose: () => void;
}) {
  const original = useMemo(() => fieldsOf(row), [row]);
  const [draft, setDraft] = useState<GiftCardCsvFields>(original);
  const today = useMemo(() => todayIso(), []);

  // Serials and control codes of every other row, once per opening: each keystroke is then O(1).
  const others = useMemo(() => {
    const keys = { serialNumber: new Set<string>(), controlCode: new Set<string>() };
    for (const r of rows) {
      if (r.id === row.id) continue;
      keys.serialNumber.add(giftCardCodeKey(r.serialNumber));
      keys.controlCode.add(giftCardCodeKey(r.controlCode));
    }
    return keys;
  }, [rows, row.id]);

  const changed = giftCardCsvColumns.some((c) => draft[c.key] !== original[c.key]);
  // Each error with its field, so it shows under its input too; the server's by their message.
  const errors = useMemo(() => {
    const fields = cleanBulkCells(draft, dateOrder);
    const list: { field: BulkFieldError['field'] | undefined; message: string }[] = [
      ...(changed ? [] : row.keptErrors.map((message) => ({ field: bulkFieldOfMessage(message), message }))),
      ...bulkRowErrors(fields, today, dateOrder),
      ...bulkUniqueErrors(fields, (field, key) => others[field].has(key)),
    ];
    return list.filter((e, i) => list.findIndex((o) => o.message === e.message) === i);
  }, [draft, today, dateOrder, others, changed, row.keptErrors]);

  const errorOf = (key: GiftCardCsvKey) =>
    errors
      .filter((e) => e.field === key)
      .map((e) => e.message)
      .join(' ') || undefined;

  function submit(e: FormEvent) {
    e.preventDefault();
    onSave(row.id, draft);
  }

  return (
    <form onSubmit={submit} aria-label={`Edit row ${row.n}`} noValidate>
      {errors.length > 0 ? (
        <div
          className="mb-5 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
          data-testid="row-errors"
        >
          <p className="font-medium">
            {errors.length === 1 ? 'This row has 1 error:' : `This row has ${errors.length} errors:`}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {errors.map((e) => (
              <li key={e.message}>{e.message}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p
          className="mb-5 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200"
          data-testid="row-errors"
          role="status"
        >
          No errors left: save to update the row.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        {giftCardCsvColumns.map((c) => (
          <TextInput
            key={c.key}
            label={c.header}
            name={c.key}
            value={draft[c.key]}
            placeholder={placeholders[c.key]}
            autoComplete="off"
            error={errorOf(c.key)}
            onChange={(e) => setDraft((d) => ({ ...d, [c.key]: e.target.value }))}
          />
        ))}
      </div>
      <div className="-mx-6 mt-6 -mb-5 flex justify-end gap-3 border-t border-slate-200 px-6 py-4 dark:border-slate-800">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit">Save</Button>
      </div>
    </form>
  );
}
