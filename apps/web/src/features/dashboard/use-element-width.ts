import { type RefObject, useLayoutEffect, useState } from 'react';

/** The last width seen of elements of one kind (e.g. the dashboard's chart boxes): where a new one starts. */
export interface WidthMemo {
  value: number;
}

/**
 * The width of an element in CSS pixels, following it as the layout changes (sidebar, window),
 * so a chart draws its SVG at its real size and its labels stay readable.
 *
 * It starts from `memo` (the last width of an element of its kind: Home's chart placeholders record
 * theirs while the data loads, so the charts are drawn once, at their size), and reads the element
 * through a ResizeObserver, whose first report comes after the browser's own layout and before it
 * paints: no layout forced in the middle of a render, and a changed width is drawn in the same
 * frame. Without ResizeObserver (old browsers, jsdom) it stays at the memo's width.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, memo: WidthMemo): number {
  const [width, setWidth] = useState(memo.value);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.floor(entry?.contentRect.width ?? 0);
      if (w <= 0) return;
      memo.value = w;
      setWidth(w);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, memo]);
  return width;
}
