import { useId } from 'react';
import { Button } from './button';

/** How many pages `count` rows make at `pageSize` a page (at least 1). */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** The rows a page shows, 1-based and inclusive ("Showing from–to of count"); 0–0 when empty. */
export function pageBounds(page: number, pageSize: number, count: number): { from: number; to: number } {
  if (count <= 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, count);
  return { from, to: Math.min(page * pageSize, count) };
}

export type PageItem = number | 'ellipsis';

/**
 * The page buttons to show: always the first and last page, `siblings` pages either side of the
 * current one, and an ellipsis for each gap. The number of items stays the same while paging, so
 * the buttons do not jump around under the pointer.
 */
export function pageRange(current: number, total: number, siblings = 1): PageItem[] {
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  if (total <= 0) return [];
  const slots = siblings * 2 + 5; // first, last, current, two ellipses
  if (total <= slots) return range(1, total);
  const page = Math.min(Math.max(current, 1), total);
  const left = Math.max(page - siblings, 1);
  const right = Math.min(page + siblings, total);
  const leftGap = left > 3;
  const rightGap = right < total - 2;
  const edge = 3 + 2 * siblings; // pages shown on the side without a gap
  if (!leftGap) return [...range(1, edge), 'ellipsis', total];
  if (!rightGap) return [1, 'ellipsis', ...range(total - edge + 1, total)];
  return [1, 'ellipsis', ...range(left, right), 'ellipsis', total];
}

export interface PaginationProps {
  page: number;
  pageSize: number;
  count: number;
  /** More than `count` rows match (the server stopped counting: ListResponse.countCapped). */
  countCapped?: boolean;
  /**
   * With a capped count, a "Count exactly" button that calls this (the list asks again with
   * `count=exact`, docs/behaviour.md §12).
   */
  onCountExactly?: () => void;
  /** The exact count was asked for and is on its way: the button spins. */
  counting?: boolean;
  /** The count is exact because it was asked for: First and Last page buttons beside the others. */
  exact?: boolean;
  onPageChange: (page: number) => void;
  /** Page size choices; with onPageSizeChange, a "Rows per page" select. */
  pageSizes?: readonly number[];
  onPageSizeChange?: (pageSize: number) => void;
  /** What the rows are, for the page-size label and the navigation's name. */
  label?: string;
}

const pageButton =
  'inline-flex min-w-9 items-center justify-center rounded-lg px-2.5 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * Server-side pagination (docs/behaviour.md §12): "Showing a–b of count", page size, page buttons; past
 * the count's cap, "more than" with Count exactly, then the real total with First and Last page.
 */
export function Pagination({
  page,
  pageSize,
  count,
  countCapped = false,
  onCountExactly,
  counting = false,
  exact = false,
  onPageChange,
  pageSizes,
  onPageSizeChange,
  label = 'Pagination',
}: PaginationProps) {
  const selectId = useId();
  // Capped: at least one row past `count` exists, so the page holding it does too.
  const known = countCapped ? count + 1 : count;
  const pages = pageCount(known, pageSize);
  const { from, to } = pageBounds(page, pageSize, known);
  const fmt = (n: number) => n.toLocaleString();

  return (
    <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 py-4 text-sm text-slate-600 dark:text-slate-400">
      <div className="flex flex-wrap items-center gap-2">
        <p aria-live="polite" data-testid="page-summary">
          Showing{' '}
          <span className="font-medium text-slate-900 dark:text-slate-100">
            {fmt(from)}–{fmt(to)}
          </span>{' '}
          of {countCapped && 'more than '}
          <span className="font-medium text-slate-900 dark:text-slate-100">{fmt(count)}</span>
        </p>
        {countCapped && onCountExactly && (
          <Button
            variant="ghost"
            className="px-2! py-1! text-indigo-700 dark:text-indigo-300"
            loading={counting}
            onClick={onCountExactly}
          >
            {counting ? 'Counting…' : 'Count exactly'}
          </Button>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        {pageSizes && onPageSizeChange && (
          <div className="flex items-center gap-2">
            <label htmlFor={selectId}>Rows per page</label>
            <select
              id={selectId}
              value={pageSize}
              onChange={(e) => onPageSizeChange(Number(e.target.value))}
              className="rounded-lg border border-slate-300 bg-white py-1.5 pr-8 pl-3 text-sm text-slate-900 shadow-sm focus:ring-2 focus:ring-indigo-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
            >
              {pageSizes.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        )}
        <nav aria-label={label}>
          <ul className="flex items-center gap-1">
            {exact && (
              <li>
                <button
                  type="button"
                  aria-label="First page"
                  disabled={page <= 1}
                  onClick={() => onPageChange(1)}
                  className={`${pageButton} hover:bg-slate-100 dark:hover:bg-slate-800`}
                >
                  <Chevron direction="left" double />
                </button>
              </li>
            )}
            <li>
              <button
                type="button"
                aria-label="Previous page"
                disabled={page <= 1}
                onClick={() => onPageChange(page - 1)}
                className={`${pageButton} hover:bg-slate-100 dark:hover:bg-slate-800`}
              >
                <Chevron direction="left" />
              </button>
            </li>
            {pageRange(page, pages).map((item, i) =>
              item === 'ellipsis' ? (
                <li key={`gap-${i}`} aria-hidden="true" className="px-1">
                  …
                </li>
              ) : (
                <li key={item}>
                  <button
                    type="button"
                    aria-label={`Page ${item}`}
                    aria-current={item === page ? 'page' : undefined}
                    onClick={() => item !== page && onPageChange(item)}
                    className={`${pageButton} ${
                      item === page
                        ? 'bg-indigo-600 text-white'
                        : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
                    }`}
                  >
                    {fmt(item)}
                  </button>
                </li>
              ),
            )}
            <li>
              <button
                type="button"
                aria-label="Next page"
                disabled={page >= pages}
                onClick={() => onPageChange(page + 1)}
                className={`${pageButton} hover:bg-slate-100 dark:hover:bg-slate-800`}
              >
                <Chevron direction="right" />
              </button>
            </li>
            {exact && (
              <li>
                <button
                  type="button"
                  aria-label="Last page"
                  disabled={page >= pages}
                  onClick={() => onPageChange(pages)}
                  className={`${pageButton} hover:bg-slate-100 dark:hover:bg-slate-800`}
                >
                  <Chevron direction="right" double />
                </button>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </div>
  );
}

function Chevron({ direction, double = false }: { direction: 'left' | 'right'; double?: boolean }) {
  const single = direction === 'left' ? 'M12.5 15 7.5 10l5-5' : 'M7.5 15l5-5-5-5';
  const twice = direction === 'left' ? 'M10 15 5 10l5-5M15 15l-5-5 5-5' : 'M5 15l5-5-5-5M10 15l5-5-5-5';
  return (
    <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={double ? twice : single} strokeLinecap="round" />
    </svg>
  );
}
