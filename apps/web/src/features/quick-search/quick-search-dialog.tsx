import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { limits, messages } from '@strideadmin/contract';
import { Spinner } from '../../components/spinner';
import { capitalizeFirst } from '../../lib/format';
import { hrefs, paths } from '../../lib/paths';
import { useCan } from '../../lib/permissions';
import { isSearchable, useQuickSearch } from './api/quick-search';
import { filterScreens, type PaletteScreen } from './filter-screens';
import { SearchIcon } from './search-icon';

/**
 * The quick search's command palette (docs/behaviour.md §12), loaded on its first opening (or when
 * the pointer or the focus comes to its button) rather than with the shell: ./quick-search.tsx.
 */
export function QuickSearchDialog({
  open,
  onClose,
  onDone,
  screens,
}: {
  open: boolean;
  /** Escape or a click outside: closed, the focus back on the button. */
  onClose: () => void;
  /** A result chosen: closed, on the way to it. */
  onDone: () => void;
  screens: readonly PaletteScreen[];
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-[12vh]">
        <DialogPanel className="w-full max-w-xl overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl dark:border-slate-800 dark:bg-slate-900">
          <DialogTitle className="sr-only">Quick search</DialogTitle>
          {/* Mounted while open only: each opening starts from an empty field. */}
          {open && <Palette screens={screens} onDone={onDone} />}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

interface Option {
  key: string;
  group: 'Screens' | 'Users' | 'Gift cards';
  label: string;
  description: string;
  href: string;
}

function Palette({ screens, onDone }: { screens: readonly PaletteScreen[]; onDone: () => void }) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  // Search once typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setSearched(text), limits.quickSearchDebounceMs);
    return () => clearTimeout(timer);
  }, [text]);

  // docs/behaviour.md §13: a role that may not read users (Content) searches the screens only.
  const canSearch = useCan('users:read');
  const searchable = canSearch && isSearchable(text);
  const results = useQuickSearch(searched, canSearch);
  // The previous matches stay while the next ones load; below the minimum only screens match.
  const found = searchable && isSearchable(searched) ? results.data : undefined;
  const loading = searchable && (text.trim() !== searched.trim() || results.isFetching);

  const options: Option[] = [
    ...filterScreens(screens, text).map((s): Option => ({
      key: `s${s.to}`,
      group: 'Screens',
      label: s.label,
      description: s.section,
      href: s.to,
    })),
    ...(found?.users ?? []).map((u): Option => ({
      key: `u${u.id}`,
      group: 'Users',
      label: u.name,
      description: u.email,
      href: hrefs.withId(paths.userDetails, u.id),
    })),
    ...(found?.giftCards ?? []).map((c): Option => ({
      key: `c${c.id}`,
      group: 'Gift cards',
      label: c.serialNumber,
      description: capitalizeFirst(c.storeName),
      href: hrefs.withId(paths.updateCard, c.id),
    })),
  ];

  // The options changed under the active one: start again from the top.
  const optionsKey = options.map((o) => o.key).join(',');
  const [seenOptions, setSeenOptions] = useState(optionsKey);
  const [active, setActive] = useState(0);
  if (seenOptions !== optionsKey) {
    setSeenOptions(optionsKey);
    setActive(0);
  }
  const activeOption = options[active];

  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const go = (option: Option) => {
    onDone();
    void navigate(option.href);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = options.length;
    if (e.key === 'ArrowDown' && n > 0) {
      e.preventDefault();
      setActive((a) => (a + 1) % n);
    } else if (e.key === 'ArrowUp' && n > 0) {
      e.preventDefault();
      setActive((a) => (a - 1 + n) % n);
    } else if (e.key === 'Enter' && activeOption) {
      e.preventDefault();
      go(activeOption);
    }
  };

  const settled = !loading && !results.isError;
  const status = results.isError
    ? 'The search failed. Type again to retry.'
    : options.length === 0
      ? settled
        ? 'No results'
        : 'Searching…'
      : `${options.length} result${options.length === 1 ? '' : 's'}`;

  const groups = (['Screens', 'Users', 'Gift cards'] as const)
    .map((group) => ({ group, items: options.map((o, i) => ({ o, i })).filter(({ o }) => o.group === group) }))
    .filter((g) => g.items.length > 0);

  return (
    <>
      <div className="flex items-center gap-3 border-b border-slate-200 px-4 dark:border-slate-800">
        <SearchIcon />
        <input
          type="text"
          role="combobox"
          autoFocus
          autoComplete="off"
          spellCheck={false}
          aria-label="Search screens, users and gift cards"
          aria-autocomplete="list"
          aria-expanded={options.length > 0}
          aria-controls={options.length > 0 ? listId : undefined}
          aria-activedescendant={activeOption ? optionId(active) : undefined}
          placeholder="Search screens, users by name or e-mail, gift cards by serial number"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          className="h-12 min-w-0 flex-1 border-0 bg-transparent text-sm outline-none placeholder:text-slate-400 dark:placeholder:text-slate-500"
        />
        {loading && <Spinner className="size-4 text-slate-400" />}
      </div>
      <div
        className="max-h-96 overflow-y-auto p-2 text-sm"
        // Clicks in the list keep the focus in the field.
        onMouseDown={(e) => e.preventDefault()}
      >
        {options.length > 0 && (
          <div id={listId} role="listbox" aria-label="Quick search results" aria-busy={loading || undefined}>
            {groups.map(({ group, items }) => (
              <div key={group} role="group" aria-labelledby={`${id}-${group}`} className="mb-1">
                <div
                  id={`${id}-${group}`}
                  role="presentation"
                  className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
                >
                  {group}
                </div>
                {items.map(({ o, i }) => (
                  <div
                    key={o.key}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    onPointerMove={() => i !== active && setActive(i)}
                    onClick={() => go(o)}
                    className="flex cursor-pointer items-baseline justify-between gap-3 rounded-md px-3 py-2 aria-selected:bg-indigo-50 dark:aria-selected:bg-slate-800"
                  >
                    <span className="truncate font-medium text-slate-900 dark:text-slate-100">{o.label}</span>
                    <span className="truncate text-xs text-slate-600 dark:text-slate-400">{o.description}</span>
                  </div>
                ))}
              </div>
            ))}
          </div>
        )}
        {/* What the list holds now: shown when it is empty, and read out as it changes. */}
        <p
          role="status"
          className={options.length === 0 ? 'px-3 py-6 text-center text-slate-600 dark:text-slate-400' : 'sr-only'}
        >
          {status}
        </p>
      </div>
      <div className="flex gap-4 border-t border-slate-200 px-4 py-2 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
        <span>↑↓ to move</span>
        <span>Enter to open</span>
        <span>Esc to close</span>
        {canSearch && !searchable && text.trim() !== '' && (
          <span className="ml-auto">{messages.quickSearchTooShort}</span>
        )}
      </div>
    </>
  );
}
