import { Link } from 'react-router';
import { ApiError, errorMessage, retryable } from '../lib/api-client';
import { Button } from './button';

/**
 * A record that could not be shown (docs/behaviour.md §12). A record that does not exist (no id or
 * a bad one in the address, or the server's 404) says so with a way back to its list, and no
 * Retry, which could not help; a failure that may pass (no answer, a server error) offers Retry
 * too. The message shows here only: the query carries `shownInPlace`, so it is not also toasted.
 */
export function LoadFailed({
  error,
  notFound,
  onRetry,
  backTo,
  backLabel,
}: {
  /** The failed load; none when the address names no record at all. */
  error?: unknown;
  /** What to say when the record does not exist ("User not found."). */
  notFound: string;
  onRetry?: () => void;
  /** The list to go back to, and its link's text ("Go to users"). */
  backTo: string;
  backLabel: string;
}) {
  const missing = error === undefined || (error instanceof ApiError && error.status === 404);
  const retry = !missing && retryable(error) ? onRetry : undefined;
  return (
    <div
      role="alert"
      className="mx-auto mt-16 max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center dark:border-slate-800 dark:bg-slate-900"
    >
      <h1 className="text-lg font-semibold">{missing ? 'Not found' : 'Could not load this page'}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{missing ? notFound : errorMessage(error)}</p>
      <div className="mt-6 flex justify-center gap-3">
        {retry && <Button onClick={retry}>Retry</Button>}
        <Link
          to={backTo}
          className="rounded-lg px-4 py-2 text-sm font-medium text-indigo-600 hover:bg-slate-100 dark:text-indigo-400 dark:hover:bg-slate-800"
        >
          {backLabel}
        </Link>
      </div>
    </div>
  );
}
