import { Link } from 'react-router';
import { Button } from './button';

/**
 * A record that could not be loaded (a bad id, a failed GET): the reason, a retry when it may
 * help, and a way back to its list.
 */
export function LoadFailed({
  message,
  onRetry,
  backTo,
  backLabel,
}: {
  message: string;
  onRetry?: () => void;
  /** The list to go back to, and its link's text ("Go to users"). */
  backTo: string;
  backLabel: string;
}) {
  return (
    <div
      role="alert"
      className="mx-auto mt-16 max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center dark:border-slate-800 dark:bg-slate-900"
    >
      <p className="font-medium">{message}</p>
      <div className="mt-6 flex justify-center gap-3">
        {onRetry && <Button onClick={onRetry}>Retry</Button>}
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
