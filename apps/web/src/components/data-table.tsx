import type { Key, MouseEvent, ReactNode } from 'react';
import type { SortOrder } from '../lib/list-params';
import { useMediaQuery } from '../lib/media-query';

/** Phones: the width under which a list's rows become cards (Tailwind's md breakpoint). */
const phoneQuery = '(max-width: 767px)';

export interface DataTableColumn<Row, SortKey extends string = string> {
  /** Unique within the table. */
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Makes the header a sort button for this server-side sort column. */
  sortKey?: SortKey;
  align?: 'left' | 'right';
  /** Extra classes for this column's cells (width, wrapping, hiding on small screens...). */
  className?: string;
  /** The cell that names the row: rendered as a row header for assistive technology. */
  rowHeader?: boolean;
  /** The column's name as text, where `header` is not plain text (the column chooser, the phone cards). */
  label?: string;
  /** Listed in the list's column chooser (ListBody); the others are always shown. */
  optional?: boolean;
  /** Optional, and hidden until the administrator shows it. */
  defaultHidden?: boolean;
}

/** A column's name as text. */
export const columnLabel = (col: { id: string; header: ReactNode; label?: string }) =>
  col.label ?? (typeof col.header === 'string' ? col.header : col.id);

/**
 * Columns with a place of their own: `select` (a row's checkbox) first, `actions` (its buttons) last and
 * pinned to the right edge while the table scrolls sideways, each at its own spot in a phone card.
 */
const SELECT = 'select';
const ACTIONS = 'actions';

export interface DataTableProps<Row, SortKey extends string = string> {
  /** The table's accessible name (a visually hidden caption). */
  caption: string;
  columns: readonly DataTableColumn<Row, SortKey>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => Key;
  /** The current sort; its column's header carries aria-sort. */
  sort?: { column: string; order: SortOrder };
  onSortChange?: (column: SortKey) => void;
  /** Nothing to show yet: skeleton rows. */
  isLoading?: boolean;
  /** Rows on screen are being replaced (next page, new sort...): they dim and the table is busy. */
  isFetching?: boolean;
  /** Shown across the table instead of rows (an ErrorState with Retry). */
  error?: ReactNode;
  /** Shown across the table when there are no rows (an EmptyState). */
  empty?: ReactNode;
  /** A click anywhere on a row that is not on a link or button of its own. */
  onRowClick?: (row: Row) => void;
  skeletonRows?: number;
  loadingLabel?: string;
  /** On a phone (under 768 px wide) each row is a card of label: value pairs instead of a table row. */
  cardsOnPhone?: boolean;
}

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The list screens' table (docs/behaviour.md §12): sortable headers that are keyboard-operable buttons
 * with aria-sort, skeleton rows while loading, dimmed rows while the next page loads, and the
 * empty and error states in the table body so the headers stay put.
 */
export function DataTable<Row, SortKey extends string = string>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  isLoading = false,
  isFetching = false,
  error,
  empty,
  onRowClick,
  skeletonRows = 5,
  loadingLabel = 'Loading',
  cardsOnPhone = false,
}: DataTableProps<Row, SortKey>) {
  const phone = useMediaQuery(phoneQuery);
  if (cardsOnPhone && phone)
    return (
      <DataCards
        {...{ caption, columns, rows, rowKey, sort, onSortChange, isLoading, isFetching, error, empty, onRowClick }}
        {...{ skeletonRows, loadingLabel }}
      />
    );
  const showSkeleton = isLoading && !error && !rows;
  const fullWidth = (content: ReactNode) => (
    <tr>
      <td colSpan={columns.length} className="px-4 py-10">
        {content}
      </td>
    </tr>
  );

  const onRowClickIfOwn = rowClickIfOwn(onRowClick);

  return (
    // `relative`: visually hidden text (sr-only is absolutely positioned) stays inside the scroller
    // instead of widening the page on small screens.
    <div
      data-testid="list-scroller"
      className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      {showSkeleton && (
        <p role="status" className="sr-only">
          {loadingLabel}
        </p>
      )}
      <table className="min-w-full text-left text-sm" aria-busy={showSkeleton || isFetching || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-400">
          <tr>
            {columns.map((col) => {
              const active = col.sortKey !== undefined && sort?.column === col.sortKey;
              return (
                <th
                  key={col.id}
                  scope="col"
                  aria-sort={active && sort ? ariaSort[sort.order] : undefined}
                  // Headers of several words may wrap: a column is as wide as its values need.
                  className={`px-3 py-3 ${col.align === 'right' ? 'text-right' : ''} ${pinned(col, 'bg-slate-50 dark:bg-slate-800')} ${col.className ?? ''}`}
                >
                  {col.sortKey !== undefined && onSortChange ? (
                    <button
                      type="button"
                      onClick={() => onSortChange(col.sortKey!)}
                      className={`-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase ${col.align === 'right' ? 'text-right' : 'text-left'} hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:text-white ${
                        active ? 'text-slate-900 dark:text-white' : ''
                      }`}
                    >
                      {col.header}
                      <SortIcon order={active ? sort?.order : undefined} />
                    </button>
                  ) : (
                    col.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody
          className={`divide-y divide-slate-200 transition-opacity dark:divide-slate-800 ${
            isFetching && !showSkeleton ? 'opacity-60' : ''
          }`}
        >
          {error
            ? fullWidth(error)
            : showSkeleton
              ? Array.from({ length: skeletonRows }, (_, i) => (
                  <tr key={i} data-testid="skeleton-row" aria-hidden="true">
                    {columns.map((col) => (
                      <td key={col.id} className="px-3 py-4">
                        <div className="h-4 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
                      </td>
                    ))}
                  </tr>
                ))
              : rows && rows.length === 0
                ? fullWidth(empty)
                : rows?.map((row) => (
                    <tr
                      key={rowKey(row)}
                      onClick={onRowClick ? onRowClickIfOwn(row) : undefined}
                      className={`group ${onRowClick ? 'cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800/50' : ''}`}
                    >
                      {columns.map((col) => {
                        const className = `px-3 py-3 ${col.align === 'right' ? 'text-right tabular-nums' : ''} ${pinned(col, `bg-white dark:bg-slate-900 ${onRowClick ? 'group-hover:bg-slate-50 dark:group-hover:bg-slate-800' : ''}`)} ${col.className ?? ''}`;
                        return col.rowHeader ? (
                          <th key={col.id} scope="row" className={`font-normal ${className}`}>
                            {col.cell(row)}
                          </th>
                        ) : (
                          <td key={col.id} className={className}>
                            {col.cell(row)}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
        </tbody>
      </table>
    </div>
  );
}

function SortIcon({ order }: { order: SortOrder | undefined }) {
  return (
    <svg viewBox="0 0 12 12" className="size-3 shrink-0" aria-hidden="true" fill="currentColor">
      <path d="M6 1.5 9 5H3z" className={order === 'desc' ? 'opacity-25' : order ? '' : 'opacity-40'} />
      <path d="M6 10.5 3 7h6z" className={order === 'asc' ? 'opacity-25' : order ? '' : 'opacity-40'} />
    </svg>
  );
}

/** The actions column stays at the right edge (over a shadow) while the table scrolls sideways. */
function pinned(col: { id: string }, background: string): string {
  return col.id === ACTIONS
    ? `sticky right-0 z-[1] ${background} shadow-[-6px_0_6px_-6px_rgb(15_23_42/0.25)] dark:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.6)]`
    : '';
}

/** A click on a row or card that is not on a link or control of its own (those do their own thing). */
function rowClickIfOwn<Row>(onRowClick: ((row: Row) => void) | undefined) {
  return (row: Row) => (e: MouseEvent<HTMLElement>) => {
    if ((e.target as Element).closest('a, button, input, select, textarea, label')) return;
    onRowClick?.(row);
  };
}

/**
 * The phone layout of a DataTable: a list (named by the caption) with a card per row: the select cell
 * and the row's name on top, the other columns as label: value pairs, the actions underneath. The
 * sortable columns become a row of sort buttons above the cards.
 */
function DataCards<Row, SortKey extends string>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  isLoading = false,
  isFetching = false,
  error,
  empty,
  onRowClick,
  skeletonRows = 5,
  loadingLabel = 'Loading',
}: Omit<DataTableProps<Row, SortKey>, 'cardsOnPhone'>) {
  const showSkeleton = isLoading && !error && !rows;
  const select = columns.find((c) => c.id === SELECT);
  const actions = columns.find((c) => c.id === ACTIONS);
  const title = columns.find((c) => c.rowHeader);
  const fields = columns.filter((c) => c !== select && c !== actions && c !== title);
  const sortable = columns.filter((c) => c.sortKey !== undefined);
  const onCardClick = rowClickIfOwn(onRowClick);
  const frame = 'rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900 text-sm';

  return (
    <div data-testid="list-scroller" className="relative min-w-0">
      {select && rows && rows.length > 0 && (
        // The header's select-all checkbox (it names itself), above the cards as it is above the rows.
        <div className="mb-3 flex items-center gap-2 pl-4 text-sm text-slate-600 dark:text-slate-400">
          {select.header}
          <span aria-hidden="true">All on this page</span>
        </div>
      )}
      {onSortChange && sortable.length > 0 && (
        <div role="group" aria-label={`Sort ${caption}`} className="mb-3 flex flex-wrap items-center gap-1 text-sm">
          <span className="mr-1 text-slate-600 dark:text-slate-400" aria-hidden="true">
            Sort by
          </span>
          {sortable.map((col) => {
            const active = sort?.column === col.sortKey;
            return (
              <button
                key={col.id}
                type="button"
                aria-pressed={active}
                aria-label={`Sort by ${columnLabel(col)}${active && sort ? `, ${ariaSort[sort.order]}` : ''}`}
                onClick={() => onSortChange(col.sortKey!)}
                className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-1 focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                  active
                    ? 'border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300'
                    : 'border-slate-300 text-slate-700 dark:border-slate-700 dark:text-slate-300'
                }`}
              >
                {columnLabel(col)}
                <SortIcon order={active ? sort?.order : undefined} />
              </button>
            );
          })}
        </div>
      )}
      {showSkeleton && (
        <p role="status" className="sr-only">
          {loadingLabel}
        </p>
      )}
      {error ? (
        <div className={`${frame} px-4 py-10`}>{error}</div>
      ) : showSkeleton ? (
        <div className="space-y-3" aria-hidden="true">
          {Array.from({ length: Math.min(skeletonRows, 5) }, (_, i) => (
            <div key={i} data-testid="skeleton-row" className={`${frame} space-y-2 p-4`}>
              <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
              <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
            </div>
          ))}
        </div>
      ) : rows && rows.length === 0 ? (
        <div className={`${frame} px-4 py-10`}>{empty}</div>
      ) : (
        <ul
          aria-label={caption}
          aria-busy={isFetching || undefined}
          className={`space-y-3 transition-opacity ${isFetching ? 'opacity-60' : ''}`}
        >
          {rows?.map((row) => (
            <li
              key={rowKey(row)}
              onClick={onRowClick ? onCardClick(row) : undefined}
              className={`${frame} p-4 ${onRowClick ? 'cursor-pointer' : ''}`}
            >
              <div className="flex items-start gap-3">
                {select && <div className="shrink-0">{select.cell(row)}</div>}
                {title && (
                  <div className="min-w-0 flex-1 font-medium break-words text-slate-900 dark:text-slate-100">
                    {title.cell(row)}
                  </div>
                )}
              </div>
              {fields.length > 0 && (
                <dl className="mt-3 space-y-1.5">
                  {fields.map((col) => (
                    <div key={col.id} className="flex items-baseline gap-3">
                      <dt className="w-28 shrink-0 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
                        {columnLabel(col)}
                      </dt>
                      <dd className="min-w-0 flex-1 break-words text-slate-700 dark:text-slate-300">{col.cell(row)}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {actions && (
                <div className="mt-3 border-t border-slate-100 pt-3 dark:border-slate-800">{actions.cell(row)}</div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
