import type { ReactNode } from 'react';
import { usePopupList } from './use-popup-list';

export interface MenuEntry {
  label: string;
  onSelect: () => void;
}

/**
 * A dropdown menu that works from the keyboard: arrows, Home/End, Enter, Escape, and type-ahead
 * (typed letters jump to an item; the typed text clears after 350 ms, docs/behaviour.md §9).
 * The button's accessible name is what it shows followed by `label` (read out, not shown): a name
 * that left out the visible text could not be reached by saying that text (speech input).
 */
export function Menu({ button, items, label }: { button: ReactNode; items: MenuEntry[]; label: string }) {
  const { buttonRef, listRef, ...list } = usePopupList({
    labels: items.map((i) => i.label),
    onChoose: (i) => items[i]?.onSelect(),
  });
  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={list.open}
        aria-controls={list.open ? list.listId : undefined}
        onClick={list.toggle}
        onKeyDown={list.onButtonKeyDown}
        className="flex items-center gap-2 rounded-full p-1 pr-2 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:bg-slate-800"
      >
        {button} <span className="sr-only">{label}</span>
      </button>
      {list.open && (
        <div
          ref={listRef}
          id={list.listId}
          role="menu"
          tabIndex={-1}
          aria-label={label}
          aria-activedescendant={list.active === null ? undefined : list.itemId(list.active)}
          onKeyDown={list.onListKeyDown}
          className="absolute right-0 z-50 mt-2 w-44 rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900"
        >
          {items.map((item, i) => (
            <div
              key={item.label}
              id={list.itemId(i)}
              role="menuitem"
              tabIndex={-1}
              data-focus={list.active === i ? '' : undefined}
              onPointerMove={() => list.active !== i && list.setActive(i)}
              onClick={() => list.choose(i)}
              className="block w-full cursor-pointer rounded-md px-3 py-2 text-left data-focus:bg-indigo-50 data-focus:text-indigo-700 dark:data-focus:bg-slate-800 dark:data-focus:text-white"
            >
              {item.label}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
