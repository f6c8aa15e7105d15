import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Spinner } from './spinner';

/** One choice of a MultiSearchSelect: what it is, what it is called, and a second line. */
export interface SearchSelectItem {
  id: number;
  label: string;
  description?: string;
}

export interface MultiSearchSelectProps {
  label: string;
  /** The chosen items, in the order they were chosen. */
  value: readonly SearchSelectItem[];
  onChange: (items: SearchSelectItem[]) => void;
  /** Finds the items matching the typed text (empty text: the first ones). A rejection shows as an error. */
  search: (text: string, signal: AbortSignal) => Promise<readonly SearchSelectItem[]>;
  /** Names this search in the query cache (the typed text is appended). */
  queryKey: readonly unknown[];
  /** At most this many can be chosen. */
  max?: number;
  placeholder?: string;
  /** Shown in the list when nothing matches. */
  noResultsText?: string;
  /** Names the chosen items for assistive technology ("Chosen users"). */
  chosenLabel?: string;
  hint?: string;
  error?: string;
  requiredMark?: boolean;
  /** Shown instead of the hint once `max` items are chosen. */
  fullText?: string;
  /** Called when focus leaves the whole widget (react-hook-form's "touched"). */
  onBlur?: () => void;
  /** Milliseconds after the last key before searching. */
  debounceMs?: number;
}

/**
 * A searchable multi-select (WAI-ARIA combobox with a listbox popup): typing searches (debounced),
 * arrows move through the matches, Enter or a click chooses or un-chooses one and closes the list
 * (so it never covers the rest of the form), Escape closes the list (a second Escape clears the
 * text), Backspace in the empty field removes the last choice. The chosen items are removable
 * chips. While a search runs a spinner shows; no match says so.
 */
export function MultiSearchSelect({
  label,
  value,
  onChange,
  search,
  queryKey,
  max = Infinity,
  placeholder = 'Type to search',
  noResultsText = 'No results found',
  chosenLabel = 'Chosen',
  hint,
  fullText = `At most ${max} can be chosen.`,
  error,
  requiredMark,
  onBlur,
  debounceMs = 250,
}: MultiSearchSelectProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<number | null>(null);

  // Search once typing pauses, not on every key.
  useEffect(() => {
    if (text === searched) return;
    const timer = setTimeout(() => setSearched(text), debounceMs);
    return () => clearTimeout(timer);
  }, [text, searched, debounceMs]);

  const results = useQuery({
    queryKey: [...queryKey, searched.trim()],
    queryFn: ({ signal }) => search(searched.trim(), signal),
    // Only once typing has paused: the text in between is never searched.
    enabled: open && text === searched,
    placeholderData: keepPreviousData,
  });
  const items = results.data ?? [];
  const settled = !results.isFetching && text === searched && results.data !== undefined;
  const searching = open && !settled && !results.isError;

  const chosenIds = new Set(value.map((v) => v.id));
  const full = value.length >= max;

  // The matches changed under the active option: start again from the top.
  const itemsKey = items.map((i) => i.id).join(',');
  const [seenItems, setSeenItems] = useState(itemsKey);
  if (seenItems !== itemsKey) {
    setSeenItems(itemsKey);
    setActive(items.length > 0 ? 0 : null);
  }

  // Keep the active option in view in a long list (max height ~15rem, docs/behaviour.md §2).
  useEffect(() => {
    if (open && active !== null)
      document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, id]);

  const openList = () => {
    if (open) return;
    setOpen(true);
    setActive(items.length > 0 ? 0 : null);
  };
  const closeList = () => {
    setOpen(false);
    setActive(null);
  };

  // The list closes after each choice, so it never hides the rest of the form; typing or an
  // arrow key opens it again.
  const toggle = (item: SearchSelectItem) => {
    if (chosenIds.has(item.id)) {
      onChange(value.filter((v) => v.id !== item.id));
    } else {
      if (full) return;
      onChange([...value, item]);
      // Ready for the next name.
      setText('');
    }
    closeList();
  };
  const remove = (item: SearchSelectItem) => {
    onChange(value.filter((v) => v.id !== item.id));
    inputRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) openList();
        else if (items.length > 0) setActive((a) => (a === null ? 0 : Math.min(a + 1, items.length - 1)));
        return;
      case 'ArrowUp':
        e.preventDefault();
        if (!open) openList();
        else if (items.length > 0) setActive((a) => (a === null ? items.length - 1 : Math.max(a - 1, 0)));
        return;
      case 'Enter': {
        // Enter in this field chooses; it never submits the surrounding form.
        e.preventDefault();
        const item = open && active !== null ? items[active] : undefined;
        if (item) toggle(item);
        else openList();
        return;
      }
      case 'Escape':
        if (open) {
          e.preventDefault();
          e.stopPropagation();
          closeList();
        } else if (text !== '') {
          e.preventDefault();
          setText('');
        }
        return;
      case 'Backspace': {
        const last = value.at(-1);
        if (text === '' && last) onChange(value.slice(0, -1));
        return;
      }
      case 'Tab':
        closeList();
        return;
    }
  };

  const describedBy = [hint || full ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(e) => {
        if (rootRef.current?.contains(e.relatedTarget)) return;
        closeList();
        onBlur?.();
      }}
    >
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
        {requiredMark && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <div
        className={`mt-1 flex flex-wrap items-center gap-1.5 rounded-lg border bg-white px-2 py-1.5 shadow-sm focus-within:ring-2 dark:bg-slate-900 ${
          error
            ? 'border-red-500 focus-within:ring-red-500/30'
            : 'border-slate-300 focus-within:border-indigo-500 focus-within:ring-indigo-500/30 dark:border-slate-700'
        }`}
        onClick={(e) => {
          if (e.target === e.currentTarget) inputRef.current?.focus();
        }}
      >
        {value.length > 0 && (
          <ul aria-label={chosenLabel} className="contents">
            {value.map((item) => (
              <li
                key={item.id}
                className="inline-flex max-w-full items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-600/20 ring-inset dark:bg-indigo-950 dark:text-indigo-200 dark:ring-indigo-400/30"
              >
                <span className="truncate" title={item.description}>
                  {item.label}
                </span>
                <button
                  type="button"
                  onClick={() => remove(item)}
                  aria-label={`Remove ${item.label}`}
                  className="rounded-full p-0.5 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:bg-indigo-900"
                >
                  <svg
                    viewBox="0 0 12 12"
                    className="size-3"
                    aria-hidden="true"
                    stroke="currentColor"
                    strokeWidth="1.5"
                  >
                    <path d="M3 3l6 6M9 3 3 9" strokeLinecap="round" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open && active !== null ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          placeholder={value.length === 0 ? placeholder : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (!open) setOpen(true);
          }}
          onClick={openList}
          onKeyDown={onKeyDown}
          className="min-w-[8rem] flex-1 border-0 bg-transparent px-1 py-1 text-sm outline-none placeholder:text-slate-400"
        />
        {searching && <Spinner className="size-4 text-slate-400" label="Searching" />}
      </div>
      {open && (
        <div
          className="absolute z-50 mt-1 max-h-60 w-full overflow-auto rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
          // Clicks in the popup keep the focus in the field.
          onMouseDown={(e) => e.preventDefault()}
        >
          <div
            id={listId}
            role="listbox"
            aria-label={label}
            aria-multiselectable="true"
            aria-busy={searching || undefined}
          >
            {items.map((item, i) => {
              const chosen = chosenIds.has(item.id);
              const disabled = !chosen && full;
              return (
                <div
                  key={item.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={chosen}
                  aria-disabled={disabled || undefined}
                  data-focus={active === i ? '' : undefined}
                  onPointerMove={() => active !== i && setActive(i)}
                  onClick={() => toggle(item)}
                  className={`flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 data-focus:bg-indigo-50 dark:data-focus:bg-slate-800 ${
                    disabled ? 'cursor-not-allowed opacity-50' : ''
                  }`}
                >
                  <span
                    aria-hidden="true"
                    className={`flex size-4 shrink-0 items-center justify-center rounded border ${
                      chosen ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 dark:border-slate-600'
                    }`}
                  >
                    {chosen && (
                      <svg viewBox="0 0 12 12" className="size-3" fill="none" stroke="currentColor" strokeWidth="2">
                        <path d="M2.5 6.5 5 9l4.5-6" strokeLinecap="round" strokeLinejoin="round" />
                      </svg>
                    )}
                  </span>
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{item.label}</span>
                    {item.description && (
                      <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                        {item.description}
                      </span>
                    )}
                  </span>
                </div>
              );
            })}
          </div>
          {items.length === 0 && (
            <p className="px-3 py-2 text-slate-500 dark:text-slate-400">
              {results.isError ? 'The search failed. Type again to retry.' : settled ? noResultsText : 'Searching…'}
            </p>
          )}
        </div>
      )}
      {/* What the list holds now, for screen reader users who cannot see it change. */}
      <p role="status" className="sr-only">
        {open && settled && !results.isError
          ? items.length === 0
            ? noResultsText
            : `${items.length} result${items.length === 1 ? '' : 's'}`
          : ''}
      </p>
      {(hint || full) && (
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {full ? fullText : hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
