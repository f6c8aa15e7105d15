import { useEffect, useSyncExternalStore } from 'react';
import { useBlocker } from 'react-router';
import { anyUnsaved, leavesScreen, subscribe } from './unsaved-changes';

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
