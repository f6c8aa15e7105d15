import { retryable } from '../lib/api-client';
import { Button } from './button';

/**
 * A load that failed (docs/behaviour.md §12 "an error state that retries"): the message, shown here
 * only (the query carries `shownInPlace`, so it is not also toasted, docs/behaviour.md §8), and
 * Retry when asking again may help (no answer, a server error), never for a refusal that would
 * come back the same.
 */
export function ErrorState({
  title = 'Could not load this list',
  error,
  onRetry,
  retrying = false,
}: {
  title?: string;
  /** The failed load: its message is shown; Retry only when it is `retryable`. */
  error: Error;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <div role="alert" className="flex flex-col items-center text-center" data-testid="error-state">
      <p className="text-base font-semibold text-slate-900 dark:text-slate-100">{title}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{error.message}</p>
      {retryable(error) && (
        <Button variant="secondary" className="mt-4" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      )}
    </div>
  );
}
