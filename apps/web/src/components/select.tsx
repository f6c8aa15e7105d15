import { useId } from 'react';
import type { DropdownOption } from '@strideadmin/contract';
import { Spinner } from './spinner';
import { usePopupList } from './use-popup-list';

export interface SelectProps<V extends string | boolean> {
  label: string;
  options: readonly DropdownOption<V>[];
  value: V | null | undefined;
  onChange: (value: V) => void;
  placeholder?: string;
  loading?: boolean;
  error?: string;
  requiredMark?: boolean;
  name?: string;
  disabled?: boolean;
}

/**
 * docs/behaviour.md §2: dropdown select with label, placeholder, loading spinner, error text, list max height
 * about 15rem. Keyboard: arrows, Home/End, Enter, Escape, and type-ahead (clears after 350 ms).
 */
export function Select<V extends string | boolean>({
  label,
  options,
  value,
  onChange,
  placeholder = 'Select',
  loading,
  error,
  requiredMark,
  name,
  disabled,
}: SelectProps<V>) {
  const selectedIndex = options.findIndex((o) => o.value === value);
  const selected = options[selectedIndex];
  const labelId = useId();
  const valueId = useId();
  const errorId = useId();
  const { buttonRef, listRef, ...list } = usePopupList({
    labels: options.map((o) => o.label),
    onChoose: (i) => {
      const o = options[i];
      if (o) onChange(o.value);
    },
    initialIndex: () => Math.max(selectedIndex, 0),
  });
  return (
    <div className="relative">
      <span id={labelId} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
        {requiredMark && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </span>
      <button
        ref={buttonRef}
        type="button"
        name={name}
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={list.open}
        aria-controls={list.open ? list.listId : undefined}
        // The button's name is its label and the value it shows ("Date range Today"), as in the ARIA
        // Authoring Practices' listbox button: what a person reads on it is part of its name, so a
        // voice-control user can say what they see (WCAG 2.5.3 Label in Name).
        aria-labelledby={`${labelId} ${valueId}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onClick={list.toggle}
        onKeyDown={list.onButtonKeyDown}
        className={`mt-1 flex w-full items-center justify-between rounded-lg border bg-white px-3 py-2 text-left text-sm shadow-sm focus:ring-2 focus:outline-none disabled:opacity-60 dark:bg-slate-900 ${
          error
            ? 'border-red-500 focus:ring-red-500/30'
            : 'border-slate-300 focus:ring-indigo-500/30 dark:border-slate-700'
        }`}
      >
        <span id={valueId} className={selected ? '' : 'text-slate-500 dark:text-slate-400'}>
          {selected?.label ?? placeholder}
        </span>
        {loading ? <Spinner className="size-4" label="Loading" /> : <span aria-hidden="true">▾</span>}
      </button>
      {list.open && (
        <div
          ref={listRef}
          id={list.listId}
          role="listbox"
          tabIndex={-1}
          aria-labelledby={labelId}
          aria-activedescendant={list.active === null ? undefined : list.itemId(list.active)}
          onKeyDown={list.onListKeyDown}
          className="absolute z-50 mt-1 max-h-60 w-full overflow-auto rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900"
        >
          {options.map((o, i) => (
            <div
              key={o.id}
              id={list.itemId(i)}
              role="option"
              aria-selected={i === selectedIndex}
              data-focus={list.active === i ? '' : undefined}
              onPointerMove={() => list.active !== i && list.setActive(i)}
              onClick={() => list.choose(i)}
              className="cursor-pointer rounded-md px-3 py-2 aria-selected:font-semibold data-focus:bg-indigo-50 dark:data-focus:bg-slate-800"
            >
              {o.label}
            </div>
          ))}
        </div>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
