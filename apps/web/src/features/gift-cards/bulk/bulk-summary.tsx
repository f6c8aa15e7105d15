import { bulkRowStatusLabel } from '@strideadmin/contract';
import type { BulkCounts, StatusFilter } from './bulk-rows';

const chips: { filter: StatusFilter; label: string; count: (c: BulkCounts) => number; tone: string }[] = [
  {
    filter: 'all',
    label: 'All rows',
    count: (c) => c.total,
    tone: 'text-slate-700 dark:text-slate-200',
  },
  {
    filter: 'ready',
    label: bulkRowStatusLabel.ready,
    count: (c) => c.ready,
    tone: 'text-emerald-700 dark:text-emerald-300',
  },
  {
    filter: 'imageMissing',
    label: bulkRowStatusLabel.imageMissing,
    count: (c) => c.imageMissing,
    tone: 'text-yellow-700 dark:text-yellow-300',
  },
  {
    filter: 'errors',
    label: 'With errors',
    count: (c) => c.errors,
    tone: 'text-red-700 dark:text-red-300',
  },
];

/**
 * The counts above the table (ready / image missing / with errors); each is also a filter, so the
 * admin can go through the 12 rows with errors among 10,000.
 */
export function BulkSummary({
  counts,
  filter,
  onFilter,
}: {
  counts: BulkCounts;
  filter: StatusFilter;
  onFilter: (f: StatusFilter) => void;
}) {
  return (
    <div role="group" aria-label="Rows by status" className="flex flex-wrap gap-2" data-testid="bulk-summary">
      {chips.map((chip) => {
        const active = filter === chip.filter;
        return (
          <button
            key={chip.filter}
            type="button"
            aria-pressed={active}
            data-testid={`summary-${chip.filter}`}
            onClick={() => onFilter(chip.filter)}
            className={`inline-flex items-center gap-2 rounded-lg border px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
              active
                ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950/50'
                : 'border-slate-200 bg-white hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800'
            }`}
          >
            <span className={chip.tone}>{chip.label}</span>
            <span className="tabular-nums" data-testid="count">
              {chip.count(counts).toLocaleString()}
            </span>
          </button>
        );
      })}
    </div>
  );
}
