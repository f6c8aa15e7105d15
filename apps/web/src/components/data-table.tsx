import type { Key, MouseEvent, ReactNode } from 'react';
import type { SortOrder } from '../lib/list-params';

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
}

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
}: DataTableProps<Row, SortKey>) {
  const showSkeleton = isLoading && !error && !rows;
  const fullWidth = (content: ReactNode) => (
    <tr>
      <td colSpan={columns.length} className="px-4 py-10">
        {content}
      </td>
    </tr>
  );

  const onRowClickIfOwn = (row: Row) => (e: MouseEvent<HTMLTableRowElement>) => {
    // A row's own links and buttons do their own thing.
    if ((e.target as Element).closest('a, button, input, select, textarea, label')) return;
    onRowClick?.(row);
  };

  return (
    // `relative`: visually hidden text (sr-only is absolutely positioned) stays inside the scroller
    // instead of widening the page on small screens.
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
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
                  className={`px-4 py-3 whitespace-nowrap ${col.align === 'right' ? 'text-right' : ''} ${col.className ?? ''}`}
                >
                  {col.sortKey !== undefined && onSortChange ? (
                    <button
                      type="button"
                      onClick={() => onSortChange(col.sortKey!)}
                      className={`-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:text-white ${
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
                      <td key={col.id} className="px-4 py-4">
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
                      className={onRowClick ? 'cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800/50' : ''}
                    >
                      {columns.map((col) => {
                        const className = `px-4 py-3 ${col.align === 'right' ? 'text-right tabular-nums' : ''} ${col.className ?? ''}`;
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
    <svg viewBox="0 0 12 12" className="size-3" aria-hidden="true" fill="currentColor">
      <path d="M6 1.5 9 5H3z" className={order === 'desc' ? 'opacity-25' : order ? '' : 'opacity-40'} />
      <path d="M6 10.5 3 7h6z" className={order === 'asc' ? 'opacity-25' : order ? '' : 'opacity-40'} />
    </svg>
  );
}
