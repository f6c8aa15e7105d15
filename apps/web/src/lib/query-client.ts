import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { handleApiError } from './api-errors';

export { handleApiError };

/**
 * The meta of a mutation whose failure a form shows under itself (docs/behaviour.md §8: a message
 * is shown in one place; for a form submit, under the form): the global policy does not toast it
 * too, and still handles a session expiry.
 */
export const formSubmit = { silentError: true } as const;

/**
 * The meta of a query whose screen shows its failure in place of what it would show (a list's
 * error state with Retry, a record's "not found" with a way back): the message is shown there and
 * not toasted too. A failed refresh of something already on screen is still toasted.
 */
export const shownInPlace = { errorShownInPlace: true } as const;

/** The app's query client: the error policy of lib/api-errors on every failed load and mutation. */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (err, query) => {
        // docs/behaviour.md §8: load failures are logged and shown as a toast, unless the screen
        // shows this one in place (nothing loaded yet to keep on screen): then only there.
        const unauthorized = err instanceof ApiError && err.isUnauthorized;
        if (!unauthorized) console.warn('Load failed:', err);
        if (query.meta?.errorShownInPlace && query.state.data === undefined && !unauthorized) return;
        handleApiError(err);
      },
    }),
    mutationCache: new MutationCache({
      onError: (err, _vars, _ctx, mutation) => {
        // A form that shows its own failure message still hands a session expiry to the policy.
        if (mutation.meta?.silentError && !(err instanceof ApiError && err.isUnauthorized)) {
          if (!(err instanceof ApiError)) console.error(err); // no answer: logged, as the policy does
          return;
        }
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
    queryMeta: { errorShownInPlace?: boolean };
  }
}
