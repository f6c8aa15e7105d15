import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { messages } from '@strideadmin/contract';
import { ApiError } from './api-client';
import { session } from './session';
import { toast } from './toast';

/**
 * The error policy, in one place (spec §8):
 * - the server says 'Unauthorized': toast 'Session expired. Please login again.' and log out;
 * - no response: 'Something went wrong. Please try again later.';
 * - any other server message: a toast (forms also show it under the form themselves).
 */
export function handleApiError(err: unknown) {
  if (err instanceof ApiError) {
    if (err.isUnauthorized) {
      if (session.get()) {
        toast.error(messages.sessionExpired);
        session.signOut();
      }
      return;
    }
    toast.error(err.message);
    return;
  }
  console.error(err);
  toast.error(messages.noResponse);
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (err) => {
        // spec §8: load failures are logged and shown as a toast.
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
