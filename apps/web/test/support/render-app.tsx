import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setAppClient } from '../../src/app/query-layer';
import { routes } from '../../src/app/router';
import { createQueryClient } from '../../src/lib/query-client';

/**
 * The app's real routes (guards, lazy screens, 404) in a memory router, with the app's query
 * client, starting at `path`. The router is returned so a test can read where it ended up.
 */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  // The app's own client is this test's (the calls a sign-in starts early go where the screens read).
  setAppClient(queryClient);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, location: () => router.state.location };
}

/**
 * Loads the lazy screens once per file, so the first test's lazy route is not slowed by the
 * transform of the screen (the routes still go through their own lazy import).
 */
export async function preloadScreens() {
  await Promise.all([
    import('../../src/features/auth/login-page'),
    import('../../src/app/query-layer'),
    import('../../src/app/shell/layout'),
    import('../../src/features/dashboard/dashboard-page'),
  ]);
}
