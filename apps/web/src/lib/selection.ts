import { useCallback, useState } from 'react';

/** What "Select all matching" chose: every matching row, or the first limits.selectAllMax of them. */
export interface AllMatching {
  count: number;
  capped: boolean;
}

interface SelectionState {
  key: string;
  ids: ReadonlySet<number>;
  all?: AllMatching;
}

const none: ReadonlySet<number> = new Set();

/**
 * A list's selected rows (docs/behaviour.md §12 "Selection and undo"), kept while paging and sorting
 * under the same filters (`key`), and forgotten when the filters change.
 */
export function useSelection(key: string) {
  const [state, setState] = useState<SelectionState>({ key, ids: none });
  const current = state.key === key ? state : { key, ids: none };

  const update = useCallback(
    (next: (ids: Set<number>) => void) =>
      setState((s) => {
        const ids = new Set(s.key === key ? s.ids : none);
        next(ids);
        return { key, ids };
      }),
    [key],
  );

  return {
    ids: current.ids,
    /** Set when the selection came from "Select all matching" (and no row was unticked since). */
    all: current.all,
    has: (id: number) => current.ids.has(id),
    toggle: useCallback(
      (id: number, on: boolean) => update((ids) => void (on ? ids.add(id) : ids.delete(id))),
      [update],
    ),
    setMany: useCallback(
      (many: readonly number[], on: boolean) =>
        update((ids) => many.forEach((id) => (on ? ids.add(id) : ids.delete(id)))),
      [update],
    ),
    selectAll: useCallback(
      (many: readonly number[], all: AllMatching) => setState({ key, ids: new Set(many), all }),
      [key],
    ),
    clear: useCallback(() => setState({ key, ids: none }), [key]),
  };
}
export type Selection = ReturnType<typeof useSelection>;
