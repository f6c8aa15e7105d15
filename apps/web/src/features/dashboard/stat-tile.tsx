import { useId } from 'react';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/format';

/**
 * One figure of the dashboard: its label, the number, and what it counts. With `to`, the label is
 * a link to the list behind the figure, and the whole tile answers the click.
 */
export function StatTile({ label, value, hint, to }: { label: string; value: number; hint: string; to?: string }) {
  const labelId = useId();
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className={`relative rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900 ${
        to
          ? 'transition-colors focus-within:ring-2 focus-within:ring-indigo-500 hover:border-indigo-300 dark:hover:border-indigo-700'
          : ''
      }`}
    >
      <p className="flex items-center justify-between gap-2 text-sm font-medium text-slate-600 dark:text-slate-400">
        {to ? (
          <Link
            id={labelId}
            to={to}
            className="outline-none after:absolute after:inset-0 after:rounded-xl hover:text-indigo-600 dark:hover:text-indigo-400"
          >
            {label}
          </Link>
        ) : (
          <span id={labelId}>{label}</span>
        )}
        {to && (
          <span aria-hidden="true" className="text-slate-400 dark:text-slate-500">
            →
          </span>
        )}
      </p>
      <p
        data-testid="stat-value"
        className="mt-2 text-2xl font-semibold sm:text-3xl tracking-tight text-slate-900 tabular-nums dark:text-white"
      >
        {formatNumber(value)}
      </p>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p>
    </div>
  );
}

/** A tile's place while the figures load. */
export function StatTileSkeleton() {
  return (
    <div
      aria-hidden="true"
      data-testid="tile-skeleton"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="h-4 w-24 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
      <div className="mt-3 h-8 w-20 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
      <div className="mt-2 h-3 w-16 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
    </div>
  );
}
