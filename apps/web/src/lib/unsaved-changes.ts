import { useCallback, useId, useLayoutEffect } from 'react';

/**
 * Unsaved changes (docs/behaviour.md §12): leaving a screen that holds them asks first, whether by a
 * link, the sidebar, Back or reload and close.
 *
 * Screen parts say they hold unsaved changes with useUnsavedChanges (every form through the form
 * wrapper, components/form-core.tsx; the bulk import for its rows); the signed-in shell holds the
 * one guard, useUnsavedChangesGuard (lib/unsaved-changes-guard.ts: the router's blocker, kept out of
 * this module so that the sign-in screen, which runs without the router on login.html, can use it),
 * with its dialog. One guard for every part, because a router
 * honours one blocker at a time and a screen may hold several forms (Profile has two).
 */
const holders = new Set<string>();
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}
/** For the guard (lib/unsaved-changes-guard.ts): told of every change of holders. */
export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
/** For the guard: whether any part holds unsaved changes now. */
export const anyUnsaved = () => holders.size > 0;

/**
 * Marks the calling part as holding unsaved changes while `unsaved` is true (and it is mounted).
 * The returned `release` lets go at once, before the next render: call it when the work is saved
 * and the part navigates away in the same breath.
 */
export function useUnsavedChanges(unsaved: boolean): { release: () => void } {
  const id = useId();
  // Held and let go as the render that changes `unsaved` is committed, not after the next paint
  // (where Preact runs its effects, docs/decisions/0019-portal-loading.md): a save's answer that
  // comes first would otherwise find the form still holding its edits, and its move away would ask.
  useLayoutEffect(() => {
    if (!unsaved) return;
    holders.add(id);
    emit();
    return () => {
      holders.delete(id);
      emit();
    };
  }, [id, unsaved]);
  const release = useCallback(() => {
    if (holders.delete(id)) emit();
  }, [id]);
  return { release };
}

/** A move to another screen: another path, or the same path for another record (?id=…). */
type Place = { pathname: string; search: string };
export function leavesScreen(current: Place, next: Place) {
  return current.pathname !== next.pathname || current.search !== next.search;
}
