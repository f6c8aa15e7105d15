import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { storageKeys } from '@strideadmin/contract';
import { useSession } from './session';

/**
 * Each list screen's last search (its filters, sort, page, page size and exact count, as in its
 * URL), kept for the tab in sessionStorage per signed-in administrator, so the sidebar takes an
 * administrator back to a list as they left it (docs/behaviour.md §12). Another administrator
 * signing in to the same tab starts from clean lists.
 */
type Memory = Record<string, string>;

const storageKey = (userId: number) => `${storageKeys.listState}.${userId}`;

function read(userId: number): Memory {
  try {
    const raw = sessionStorage.getItem(storageKey(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    // Only string values: anything else stored under the key is ignored.
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {}; // storage unavailable, or not JSON
  }
}

/** Remembers `search` (with or without its "?") as the last search of the list at `path`. */
export function rememberListSearch(userId: number, path: string, search: string): void {
  const memory = read(userId);
  const value = search.replace(/^\?/, '');
  if (value === '') delete memory[path];
  else memory[path] = value;
  try {
    sessionStorage.setItem(storageKey(userId), JSON.stringify(memory));
  } catch {
    // storage full or unavailable: the list simply starts clean next time
  }
}

/** The last search of the list at `path`, "?..." or '' when none is remembered. */
export function rememberedListSearch(userId: number, path: string): string {
  const value = read(userId)[path];
  return value ? `?${value}` : '';
}

/**
 * Where a sidebar entry leads: on that very screen, to where it is now (clicking it keeps the
 * current state); elsewhere, to the entry's screen with its remembered search, if any.
 */
export function sidebarHref(
  entryPath: string,
  current: { pathname: string; search: string },
  userId: number | undefined,
): string {
  if (current.pathname === entryPath) return `${entryPath}${current.search}`;
  return userId === undefined ? entryPath : `${entryPath}${rememberedListSearch(userId, entryPath)}`;
}

/** Called by a list screen: remembers its search each time it changes. */
export function useRememberListSearch(): void {
  const { pathname, search } = useLocation();
  const userId = useSession()?.user.id;
  useEffect(() => {
    if (userId !== undefined) rememberListSearch(userId, pathname, search);
  }, [userId, pathname, search]);
}
