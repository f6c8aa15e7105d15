import { Button } from './button';

/**
 * A load that failed (docs/behaviour.md §12 "an error state that retries"). The query client's policy
 * has already toasted the message (docs/behaviour.md §8); this keeps it on screen with a way out.
 */
export function ErrorState({
  title = 'Could not load this list',
  message,
  onRetry,
  retrying = false,
}: {
  title?: string;
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <div role="alert" className="flex flex-col items-center text-center" data-testid="error-state">
      <p className="text-base font-semibold text-slate-900 dark:text-slate-100">{title}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{message}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry} loading={retrying}>
        Retry
      </Button>
    </div>
  );
}
