import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useSession } from './session';

/**
 * Which optional columns of a list an administrator shows (docs/behaviour.md §12 Columns), remembered in
 * this browser per signed-in user and per list. Only the choices that differ from a column's default
 * are stored, so a column added later starts at its default.
 */
export interface ColumnVisibilitySpec {
  id: string;
  /** Listed in the column chooser; the others are always shown. */
  optional?: boolean;
  /** Optional and hidden until chosen. */
  defaultHidden?: boolean;
}

/** Column id → shown, for the columns whose choice differs from their default. */
export type ColumnChoices = Record<string, boolean>;

const prefix = 'strideadmin.columns';

/** The localStorage key of one user's choices for one list: `strideadmin.columns.<userId>.<listId>`. */
export function columnChoicesKey(userId: number | string, listId: string): string {
  return `${prefix}.${userId}.${listId}`;
}

export const isOptional = (col: ColumnVisibilitySpec) => col.optional === true || col.defaultHidden === true;

/** Shown: a column that is not optional always; an optional one as chosen, else by its default. */
export function isShown(col: ColumnVisibilitySpec, choices: ColumnChoices): boolean {
  if (!isOptional(col)) return true;
  return choices[col.id] ?? !col.defaultHidden;
}

/** The stored choices; anything unreadable counts as none (the defaults). */
export function readColumnChoices(key: string): ColumnChoices {
  const raw = storedText(key);
  if (raw === null) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const choices: ColumnChoices = {};
    for (const [id, shown] of Object.entries(parsed)) if (typeof shown === 'boolean') choices[id] = shown;
    return choices;
  } catch {
    return {};
  }
}

/** Stores the choices that differ from the defaults of `columns`; none left: the key is removed. */
export function writeColumnChoices(key: string, columns: readonly ColumnVisibilitySpec[], choices: ColumnChoices) {
  const kept: ColumnChoices = {};
  for (const col of columns) {
    const chosen = choices[col.id];
    if (isOptional(col) && chosen !== undefined && chosen === !!col.defaultHidden) kept[col.id] = chosen;
  }
  try {
    if (Object.keys(kept).length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(kept));
  } catch {
    // Storage full or refused: the choice holds for this visit only.
  }
  return kept;
}

// The parsed choices per key, parsed again only when the stored text changes (here, in another tab, or
// by anyone clearing storage), so a render gets the same object while nothing changed.
const cache = new Map<string, { raw: string | null; choices: ColumnChoices }>();
const listeners = new Set<() => void>();
const noChoices: ColumnChoices = Object.freeze({});

function storedText(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function cached(key: string | undefined): ColumnChoices {
  if (key === undefined) return noChoices;
  const raw = storedText(key);
  const hit = cache.get(key);
  if (hit && hit.raw === raw) return hit.choices;
  const choices = raw === null ? noChoices : readColumnChoices(key);
  cache.set(key, { raw, choices });
  return choices;
}

function changed() {
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith(`${prefix}.`)) changed();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The columns to show and the chooser's state for one list, for the signed-in user. Without a `listId`
 * (or signed out) every column shows as by default and choices are not kept.
 */
export function useColumnVisibility<Col extends ColumnVisibilitySpec>(
  listId: string | undefined,
  columns: readonly Col[],
) {
  const userId = useSession()?.user.id;
  const key = listId !== undefined && userId !== undefined ? columnChoicesKey(userId, listId) : undefined;
  const choices = useSyncExternalStore(
    subscribe,
    () => cached(key),
    () => noChoices,
  );

  const setShown = useCallback(
    (id: string, shown: boolean) => {
      if (key === undefined) return;
      writeColumnChoices(key, columns, { ...choices, [id]: shown });
      changed();
    },
    [choices, columns, key],
  );

  const reset = useCallback(() => {
    if (key === undefined) return;
    writeColumnChoices(key, columns, {});
    changed();
  }, [columns, key]);

  const visible = useMemo(() => columns.filter((c) => isShown(c, choices)), [columns, choices]);
  const optional = useMemo(
    () => (key === undefined ? [] : columns.filter(isOptional).map((c) => ({ column: c, shown: isShown(c, choices) }))),
    [columns, choices, key],
  );
  const isDefault = columns.every((c) => isShown(c, choices) === isShown(c, noChoices));
  return { visible, optional, setShown, reset, isDefault };
}
