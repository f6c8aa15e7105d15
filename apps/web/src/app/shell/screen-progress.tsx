import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { limits } from '@strideadmin/contract';

/**
 * While the next screen's code is on its way (the router is loading it), after
 * `limits.screenProgressDelayMs` a bar at the top of the shell says so: a quick move shows
 * nothing, a slow one is never a click that seems ignored. The current screen stays usable.
 */
export function ScreenProgress() {
  const loading = useNavigation().state === 'loading';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setShown(true), limits.screenProgressDelayMs);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [loading]);
  if (!loading || !shown) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading the screen"
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-indigo-100 dark:bg-indigo-950"
    >
      <div className="h-full w-1/3 animate-screen-progress bg-indigo-600 motion-reduce:w-full motion-reduce:animate-none dark:bg-indigo-400" />
    </div>
  );
}
