import { coreMessages } from '@strideadmin/contract';
import { ApiError } from './api-client';
import { session } from './session';
import { toast } from './toast';

/**
 * The error policy, in one place (docs/behaviour.md §8):
 * - the server says 'Unauthorized': toast 'Session expired. Please login again.' and log out;
 * - no response: 'Something went wrong. Please try again later.';
 * - any other server message: a toast (forms also show it under the form themselves).
 * The query client applies it to every failed load and mutation (lib/query-client); the sign-in
 * form, which runs before the query client is loaded, applies it itself.
 */
export function handleApiError(err: unknown) {
  if (err instanceof ApiError) {
    if (err.isUnauthorized) {
      if (session.get()) {
        toast.error(coreMessages.sessionExpired);
        session.signOut();
      }
      return;
    }
    toast.error(err.message);
    return;
  }
  console.error(err);
  toast.error(coreMessages.noResponse);
}
