import { type ComponentProps, StrictMode } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from '../components/toaster';

type Router = ComponentProps<typeof RouterProvider>['router'];

/**
 * What #root holds: the router's screens and the toasts. One definition for the browser (main.tsx)
 * and for the sign-in screen rendered at build time (build/prerender-login.tsx): the same tree
 * gives the same elements and the same generated ids, so the browser takes over the build's HTML
 * as it is. TanStack Query is provided by the routes that use it (app/query-layer): /login does
 * without.
 */
export function App({ router }: { router: Router }) {
  return (
    <StrictMode>
      <RouterProvider router={router} />
      <Toaster />
    </StrictMode>
  );
}

/** Resolves once the router has its first screen's code (its lazy routes loaded). */
export function firstScreenLoaded(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
