import { useCallback, useEffect, useId, useLayoutEffect, useSyncExternalStore } from 'react';
import { useBlocker, type Location } from 'react-router';

/**
 * Unsaved changes (docs/behaviour.md §12): leaving a screen that holds them asks first, whether by a
 * link, the sidebar, Back or reload and close.
 *
 * Screen parts say they hold unsaved changes with useUnsavedChanges (every form through the form
 * wrapper, components/form-core.tsx; the bulk import for its rows); the signed-in shell holds the
 * one guard, useUnsavedChangesGuard, with its dialog. One guard for every part, because a router
 * honours one blocker at a time and a screen may hold several forms (Profile has two).
 */
const holders = new Set<string>();
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
const anyUnsaved = () => holders.size > 0;

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
export function leavesScreen(
  current: Pick<Location, 'pathname' | 'search'>,
  next: Pick<Location, 'pathname' | 'search'>,
) {
  return current.pathname !== next.pathname || current.search !== next.search;
}

/**
 * The guard: while any part holds unsaved changes, a navigation to another screen is held until
 * the administrator chooses (`leave` or `stay`), and reload or close gets the browser's own
 * question. Mount it once, where the guarded screens render (the signed-in shell).
 */
export function useUnsavedChangesGuard(): { unsaved: boolean; asking: boolean; leave: () => void; stay: () => void } {
  const unsaved = useSyncExternalStore(subscribe, anyUnsaved, anyUnsaved);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => anyUnsaved() && leavesScreen(currentLocation, nextLocation),
  );
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);
  return {
    unsaved,
    asking: blocker.state === 'blocked',
    leave: () => blocker.proceed?.(),
    stay: () => blocker.reset?.(),
  };
}
