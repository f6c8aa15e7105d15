import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface ColumnChoice {
  id: string;
  label: string;
  shown: boolean;
}

/**
 * A list's "Columns" button (docs/behaviour.md §12): a disclosure with a checkbox per optional column and
 * a way back to the defaults. Native checkboxes, so Tab, Space and screen readers work as usual; Escape
 * or a click outside closes it, Escape back onto the button.
 */
export function ColumnChooser({
  listName,
  choices,
  onChange,
  onReset,
  isDefault,
}: {
  /** What the list shows ("users"), for the panel's accessible name. */
  listName: string;
  choices: readonly ColumnChoice[];
  onChange: (id: string, shown: boolean) => void;
  onReset: () => void;
  isDefault: boolean;
}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const hidden = choices.filter((c) => !c.shown).length;

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!panelRef.current?.contains(t) && !buttonRef.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div className="relative" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <svg viewBox="0 0 16 16" className="size-4" aria-hidden="true" fill="currentColor">
          <path d="M2 3h3v10H2zM6.5 3h3v10h-3zM11 3h3v10h-3z" />
        </svg>
        Columns
        {/* The checkboxes tell which; the button's name stays "Columns". */}
        {hidden > 0 && (
          <span
            aria-hidden="true"
            className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300"
          >
            {hidden} hidden
          </span>
        )}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="group"
          aria-label={`Columns of ${listName}`}
          className="absolute right-0 z-30 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-2 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="px-2 pt-1 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            Show columns
          </p>
          <ul>
            {choices.map((c) => (
              <li key={c.id}>
                <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 hover:bg-slate-50 dark:hover:bg-slate-800">
                  <input
                    type="checkbox"
                    checked={c.shown}
                    onChange={(e) => onChange(c.id, e.target.checked)}
                    className="size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  />
                  {c.label}
                </label>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={onReset}
            disabled={isDefault}
            className="mt-1 w-full rounded-md px-2 py-1.5 text-left font-medium text-indigo-600 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:text-indigo-400 dark:hover:bg-slate-800"
          >
            Reset to defaults
          </button>
        </div>
      )}
    </div>
  );
}
