import { memo, useEffect, useRef, type ChangeEvent } from 'react';
import { observeElementRect, useVirtualizer, type Rect } from '@tanstack/react-virtual';
import { bulkRowStatus, bulkRowStatusLabel, giftCardCsvColumns } from '@strideadmin/contract';
import { Spinner } from '../../../components/spinner';
import { notUploadedLabel, type BulkImportRow } from './bulk-rows';

/** Every row is this tall (fixed: the virtualiser needs no measuring, scrolling never jumps). */
const rowHeight = 56;
/** A scroller that has no size yet (not laid out, or jsdom) still shows a first screenful. */
const fallbackRect: Rect = { width: 1200, height: 640 };

const fieldWidths: Record<(typeof giftCardCsvColumns)[number]['key'], number> = {
  serialNumber: 150,
  controlCode: 140,
  price: 96,
  currency: 92,
  amount: 92,
  storeName: 160,
  storeAddress: 220,
  validTill: 116,
  expiryDuration: 116,
};
const selectWidth = 48;
const numberWidth = 64;
const pictureWidth = 148;
const statusWidth = 168;
const tableWidth =
  selectWidth + numberWidth + pictureWidth + statusWidth + Object.values(fieldWidths).reduce((a, b) => a + b, 0);
const columnCount = giftCardCsvColumns.length + 4;

export interface BulkTableProps {
  /** The rows on show (the status filter applied). */
  rows: readonly BulkImportRow[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (ids: readonly string[], selected: boolean) => void;
  onShowErrors: (id: string) => void;
  onImage: (id: string, file: File) => void;
  /** While the rows are being created nothing in the table changes. */
  disabled?: boolean;
  empty?: string;
}

/**
 * The bulk rows (docs/behaviour.md §4), virtualised (§13): only the rows in view (plus a margin) are in
 * the DOM, so 10,000 rows scroll smoothly. Still a real table for assistive technology:
 * aria-rowcount/aria-rowindex tell where a row sits among all of them.
 */
export function BulkTable({
  rows,
  selected,
  onToggle,
  onToggleAll,
  onShowErrors,
  onImage,
  disabled,
  empty = 'No rows.',
}: BulkTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is read during render on purpose
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    getItemKey: (i) => rows[i]?.id ?? i,
    initialRect: fallbackRect,
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : fallbackRect)),
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;

  const visibleSelected = rows.reduce((n, r) => (selected.has(r.id) ? n + 1 : n), 0);
  const allSelected = rows.length > 0 && visibleSelected === rows.length;
  const someSelected = visibleSelected > 0 && !allSelected;
  const selectAllRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = someSelected;
  }, [someSelected]);

  return (
    <div
      ref={scrollRef}
      data-testid="bulk-table-scroller"
      className="relative max-h-[65vh] overflow-auto rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <table
        className="table-fixed text-left text-sm"
        style={{ width: tableWidth, minWidth: '100%' }}
        aria-rowcount={rows.length + 1}
        data-testid="bulk-table"
      >
        <caption className="sr-only">Gift card rows from the CSV file</caption>
        <colgroup>
          <col style={{ width: selectWidth }} />
          <col style={{ width: numberWidth }} />
          <col style={{ width: statusWidth }} />
          <col style={{ width: pictureWidth }} />
          {giftCardCsvColumns.map((c) => (
            <col key={c.key} style={{ width: fieldWidths[c.key] }} />
          ))}
        </colgroup>
        <thead className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
          <tr aria-rowindex={1}>
            <th scope="col" className={headClass}>
              <input
                ref={selectAllRef}
                type="checkbox"
                aria-label="Select all rows shown"
                className="size-4 rounded border-slate-300 accent-indigo-600"
                checked={allSelected}
                disabled={disabled || rows.length === 0}
                onChange={(e) =>
                  onToggleAll(
                    rows.map((r) => r.id),
                    e.target.checked,
                  )
                }
              />
            </th>
            <th scope="col" className={headClass}>
              #
            </th>
            <th scope="col" className={headClass}>
              Status
            </th>
            <th scope="col" className={headClass}>
              Card Picture
            </th>
            {giftCardCsvColumns.map((c) => (
              <th key={c.key} scope="col" className={headClass}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {rows.length === 0 && (
            <tr>
              <td colSpan={columnCount} className="px-4 py-10 text-center text-slate-500 dark:text-slate-400">
                {empty}
              </td>
            </tr>
          )}
          {paddingTop > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columnCount} style={{ height: paddingTop, padding: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <BulkTableRow
                key={row.id}
                row={row}
                index={item.index}
                selected={selected.has(row.id)}
                disabled={disabled}
                onToggle={onToggle}
                onShowErrors={onShowErrors}
                onImage={onImage}
              />
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columnCount} style={{ height: paddingBottom, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

const headClass =
  'sticky top-0 z-10 border-b border-slate-200 bg-slate-50 px-3 py-3 align-bottom dark:border-slate-800 dark:bg-slate-800';
const cellClass = 'truncate px-3';

/**
 * A cell shows at most this many characters (the whole value is in its title and the Errors
 * dialog): the browser lays out all of a cell's text, however little of it shows, and a CSV
 * field may hold 10,000 characters.
 */
const cellTextMax = 200;
const cellText = (value: string) => (value.length > cellTextMax ? `${value.slice(0, cellTextMax)}…` : value);

const statusTone = {
  ready: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300',
  imageMissing: 'bg-yellow-100 text-yellow-800 ring-yellow-600/20 dark:bg-yellow-950 dark:text-yellow-300',
  errors: 'bg-red-100 text-red-700 ring-red-600/20 hover:bg-red-200 dark:bg-red-950 dark:text-red-300',
} as const;

interface RowProps {
  row: BulkImportRow;
  index: number;
  selected: boolean;
  disabled?: boolean;
  onToggle: (id: string) => void;
  onShowErrors: (id: string) => void;
  onImage: (id: string, file: File) => void;
}

const BulkTableRow = memo(function BulkTableRow({
  row,
  index,
  selected,
  disabled,
  onToggle,
  onShowErrors,
  onImage,
}: RowProps) {
  const status = bulkRowStatus(row);
  const notUploaded = notUploadedLabel(row);
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) onImage(row.id, file);
  };
  return (
    <tr
      aria-rowindex={index + 2}
      data-row-id={row.id}
      data-status={status}
      style={{ height: rowHeight }}
      className={`${selected ? 'bg-indigo-50/70 dark:bg-indigo-950/30' : status === 'errors' ? 'bg-red-50/40 dark:bg-red-950/10' : ''}`}
    >
      <td className="px-3">
        <input
          type="checkbox"
          aria-label={`Select row ${row.n}`}
          className="size-4 rounded border-slate-300 accent-indigo-600"
          checked={selected}
          disabled={disabled}
          onChange={() => onToggle(row.id)}
        />
      </td>
      <td className={`${cellClass} text-slate-500 tabular-nums dark:text-slate-400`}>{row.n}</td>
      <td className="px-3" data-column="status">
        {status === 'errors' ? (
          <button
            type="button"
            data-status="errors"
            aria-label={`${bulkRowStatusLabel.errors} for row ${row.n}`}
            title={row.errors.join('\n')}
            disabled={disabled}
            onClick={() => onShowErrors(row.id)}
            className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold underline-offset-2 ring-1 ring-inset hover:underline focus-visible:outline-2 focus-visible:outline-red-600 ${statusTone.errors}`}
          >
            {bulkRowStatusLabel.errors}
            <span aria-hidden="true" className="rounded-full bg-red-600 px-1.5 text-[10px] leading-4 text-white">
              {row.errors.length}
            </span>
          </button>
        ) : (
          <span
            data-status={status}
            className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${statusTone[status]}`}
          >
            {bulkRowStatusLabel[status]}
          </span>
        )}
        {notUploaded && (
          <span data-testid="not-uploaded" className="mt-1 block truncate text-xs text-slate-600 dark:text-slate-400">
            {notUploaded}
          </span>
        )}
      </td>
      <td className="px-3" data-column="cardPicture">
        <div className="flex items-center gap-2">
          {row.cardPicture && (
            <img
              src={row.cardPicture}
              alt={`Card picture of row ${row.n}`}
              loading="lazy"
              className="h-9 w-12 shrink-0 rounded border border-slate-200 object-cover dark:border-slate-700"
            />
          )}
          {row.updating ? (
            <Spinner className="size-5 text-indigo-600" label={`Uploading the image of row ${row.n}`} />
          ) : (
            // docs/behaviour.md §4: image upload only on rows without errors.
            !row.hasErrors && (
              <label
                className={`inline-flex cursor-pointer items-center rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 focus-within:ring-2 focus-within:ring-indigo-500/50 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800 ${disabled ? 'pointer-events-none opacity-50' : ''}`}
              >
                {row.cardPicture ? 'Change' : 'Upload'}
                <input
                  type="file"
                  accept="image/png,image/jpeg,image/gif"
                  className="sr-only"
                  aria-label={`Upload image for row ${row.n}`}
                  disabled={disabled}
                  onChange={onFile}
                />
              </label>
            )
          )}
        </div>
      </td>
      {giftCardCsvColumns.map((c) => {
        const value = row[c.key];
        // A Valid Till read as a date written otherwise: the date as read, and what was written under it.
        const written = c.key === 'validTill' ? row.validTillAsWritten : undefined;
        if (written !== undefined)
          return (
            <td key={c.key} className={cellClass} title={`${value} (written ${written})`} data-column={c.key}>
              <span className="block truncate tabular-nums" data-testid="date-read">
                {value}
              </span>
              <span className="block truncate text-xs text-slate-500 dark:text-slate-400" data-testid="date-written">
                from {cellText(written)}
              </span>
            </td>
          );
        return (
          <td key={c.key} className={cellClass} title={value || undefined} data-column={c.key}>
            {cellText(value) || (
              <>
                <span className="text-slate-400" aria-hidden="true">
                  —
                </span>
                <span className="sr-only">empty</span>
              </>
            )}
          </td>
        );
      })}
    </tr>
  );
});
