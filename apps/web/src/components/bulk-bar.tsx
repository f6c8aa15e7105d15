import { useEffect, useRef } from 'react';
import { formatNumber } from '../lib/format';
import { Button } from './button';

export interface BulkBarProps {
  /** How many rows are selected (on any page). */
  selected: number;
  /** What the selection is, when "Select all matching" made it ("All 25 matching users are selected."). */
  note?: string;
  /** "Select all N matching", offered when the whole page is selected and more rows match. */
  selectAll?: { label: string; onClick: () => void; loading: boolean };
  onClear: () => void;
  onDelete: () => void;
}

/** Above a list's table while rows are selected (docs/behaviour.md §12 "Selection and undo"). */
export function BulkBar({ selected, note, selectAll, onClear, onDelete }: BulkBarProps) {
  return (
    <div
      role="region"
      aria-label="Selection"
      data-testid="bulk-bar"
      className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-2 text-sm text-indigo-950 dark:border-indigo-900 dark:bg-indigo-950/50 dark:text-indigo-100"
    >
      <span role="status" className="font-medium tabular-nums">
        {formatNumber(selected)} selected
      </span>
      {note && <span className="text-indigo-900/80 dark:text-indigo-200/80">{note}</span>}
      {selectAll && (
        <button
          type="button"
          onClick={selectAll.onClick}
          disabled={selectAll.loading}
          aria-busy={selectAll.loading || undefined}
          className="rounded font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60 dark:text-indigo-300"
        >
          {selectAll.label}
        </button>
      )}
      <span className="ml-auto flex items-center gap-2">
        <Button variant="ghost" onClick={onClear} className="px-3 py-1.5">
          Clear selection
        </Button>
        <Button variant="danger" onClick={onDelete} className="px-3 py-1.5">
          Delete
        </Button>
      </span>
    </div>
  );
}

/** A checkbox that can show "some" (indeterminate), which HTML sets only from script. */
export function SelectCheckbox({
  label,
  checked,
  indeterminate = false,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    // The label fills the cell, so a click beside the box ticks it rather than opening the row.
    <label className="-m-3 flex cursor-pointer p-3">
      <input
        ref={ref}
        type="checkbox"
        aria-label={label}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 cursor-pointer rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-slate-600"
      />
    </label>
  );
}
