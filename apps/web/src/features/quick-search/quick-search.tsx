import { useEffect, useRef, useState } from 'react';
import { lazyPart, useLazyPart } from '../../lib/lazy-part';
import type { PaletteScreen } from './filter-screens';
import { SearchIcon } from './search-icon';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
const shortcut = isMac ? '⌘K' : 'Ctrl K';

/** The palette itself (the dialog, the search): fetched on first use, not with the shell. */
const dialogPart = lazyPart(() => import('./quick-search-dialog'));
const prefetch = () => void dialogPart.load().catch(() => undefined);

/**
 * The top bar's quick search (docs/behaviour.md §12): a button that looks like a search field, and
 * Ctrl+K (⌘K on a Mac) anywhere in the shell, open a command palette over screens, users and gift
 * cards. The shell says which screens it offers. The palette's code comes on its first opening,
 * or before: when the pointer or the focus comes to the button, or Ctrl (⌘) is pressed.
 */
export function QuickSearch({ screens }: { screens: readonly PaletteScreen[] }) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const palette = useLazyPart(dialogPart, open, () => setOpen(false));

  useEffect(() => {
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Control' || e.key === 'Meta') prefetch();
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 'k') return;
      e.preventDefault();
      // Not over another dialog (a confirmation, the card details): that one keeps the keyboard.
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      // The dialog gives the focus back to what had it when it opened: the trigger, then.
      triggerRef.current?.focus();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="quick-search-trigger"
        className="flex w-full max-w-sm items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-500 shadow-sm hover:border-slate-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400 dark:hover:border-slate-500"
      >
        <SearchIcon />
        <span className="flex-1 text-left">Search…</span>
        <kbd
          aria-hidden="true"
          className="hidden rounded border border-slate-300 px-1.5 font-sans text-xs text-slate-500 sm:inline dark:border-slate-600 dark:text-slate-400"
        >
          {shortcut}
        </kbd>
      </button>
      {palette && (
        <palette.QuickSearchDialog
          open={open}
          onClose={() => {
            setOpen(false);
            requestAnimationFrame(() => triggerRef.current?.focus());
          }}
          onDone={() => setOpen(false)}
          screens={screens}
        />
      )}
    </>
  );
}
