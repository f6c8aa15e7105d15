import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { limits } from '@strideadmin/contract';

/**
 * Keyboard and pointer behaviour shared by Menu and Select (WAI-ARIA menu button / listbox):
 * arrows, Home/End, Enter/Space, Escape, Tab, outside click, and type-ahead: typed letters jump to
 * the next item starting with them; the typed text clears 350 ms after the last key (docs/behaviour.md §9),
 * whether or not the list is still open.
 */
export function usePopupList(opts: {
  labels: readonly string[];
  onChoose: (index: number) => void;
  initialIndex?: () => number;
}) {
  const { labels, onChoose } = opts;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const typed = useRef('');
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const openAt = useCallback((index: number | null) => {
    setOpen(true);
    setActive(index);
    requestAnimationFrame(() => listRef.current?.focus());
  }, []);

  const close = useCallback((focusButton = true) => {
    setOpen(false);
    setActive(null);
    if (focusButton) buttonRef.current?.focus();
  }, []);

  const typeAhead = useCallback(
    (char: string, from: number | null) => {
      clearTimeout(clearTimer.current);
      const query = typed.current + char.toLowerCase();
      typed.current = query;
      clearTimer.current = setTimeout(() => {
        typed.current = '';
      }, limits.typeAheadClearMs);
      // A new search starts after the current item; a longer query may stay on it.
      const start = from === null ? 0 : query.length > 1 ? from : from + 1;
      for (let k = 0; k < labels.length; k++) {
        const i = (start + k) % labels.length;
        if (labels[i]!.toLowerCase().startsWith(query)) return i;
      }
      return null;
    },
    [labels],
  );

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!listRef.current?.contains(t) && !buttonRef.current?.contains(t)) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, close]);

  // Keep the active item in view in long lists (max height ~15rem).
  useEffect(() => {
    if (open && active !== null)
      document.getElementById(`${id}-item-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, id]);

  const initial = () => opts.initialIndex?.() ?? 0;
  const isPrintable = (e: KeyboardEvent) => e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;

  const onButtonKeyDown = (e: KeyboardEvent) => {
    if (labels.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openAt(initial());
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(labels.length - 1);
    } else if (isPrintable(e)) {
      e.preventDefault();
      openAt(typeAhead(e.key, null) ?? initial());
    }
  };

  const onListKeyDown = (e: KeyboardEvent) => {
    const n = labels.length;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setActive((a) => (a === null ? 0 : Math.min(a + 1, n - 1)));
        return;
      case 'ArrowUp':
        e.preventDefault();
        setActive((a) => (a === null ? n - 1 : Math.max(a - 1, 0)));
        return;
      case 'Home':
        e.preventDefault();
        setActive(0);
        return;
      case 'End':
        e.preventDefault();
        setActive(n - 1);
        return;
      case 'Enter':
      case ' ':
        // Space while typing a multi-letter query belongs to the query.
        if (e.key === ' ' && typed.current !== '') {
          e.preventDefault();
          const i = typeAhead(' ', active);
          if (i !== null) setActive(i);
          return;
        }
        e.preventDefault();
        if (active !== null) {
          close();
          onChoose(active);
        }
        return;
      case 'Escape':
        e.preventDefault();
        close();
        return;
      case 'Tab':
        close(false);
        return;
      default:
        if (isPrintable(e)) {
          e.preventDefault();
          const i = typeAhead(e.key, active);
          if (i !== null) setActive(i);
        }
    }
  };

  const itemId = (i: number) => `${id}-item-${i}`;

  return {
    open,
    active,
    setActive,
    buttonRef,
    listRef,
    listId: `${id}-list`,
    itemId,
    toggle: () => (open ? close(false) : openAt(initial())),
    choose: (i: number) => {
      close();
      onChoose(i);
    },
    onButtonKeyDown,
    onListKeyDown,
  };
}
