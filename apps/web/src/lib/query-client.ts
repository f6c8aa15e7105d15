import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { handleApiError } from './api-errors';

export { handleApiError };

/** The app's query client: the error policy of lib/api-errors on every failed load and mutation. */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (err) => {
        // docs/behaviour.md §8: load failures are logged and shown as a toast.
        if (!(err instanceof ApiError && err.isUnauthorized)) console.warn('Load failed:', err);
        handleApiError(err);
      },
    }),
    mutationCache: new MutationCache({
      onError: (err, _vars, _ctx, mutation) => {
        // A form that shows its own failure message still hands a session expiry to the policy.
        if (mutation.meta?.silentError && !(err instanceof ApiError && err.isUnauthorized)) return;
        handleApiError(err);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not fix itself; a dropped connection might.
        retry: (count, err) => count < 2 && err instanceof ApiError && (err.status === 0 || err.status >= 500),
      },
    },
  });
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { silentError?: boolean };
  }
}
