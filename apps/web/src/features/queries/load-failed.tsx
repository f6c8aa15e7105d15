import { Link } from 'react-router';
import { Button } from '../../components/button';
import { paths } from '../../lib/paths';

/** A complaint query that could not be loaded: the reason, a retry when it may help, and a way back to the list. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="mx-auto mt-16 max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center dark:border-slate-800 dark:bg-slate-900"
    >
      <p className="font-medium">{message}</p>
      <div className="mt-6 flex justify-center gap-3">
        {onRetry && <Button onClick={onRetry}>Retry</Button>}
        <Link
          to={paths.queryList}
          className="rounded-lg px-4 py-2 text-sm font-medium text-indigo-600 hover:bg-slate-100 dark:text-indigo-400 dark:hover:bg-slate-800"
        >
          Go to complaint queries
        </Link>
      </div>
    </div>
  );
}
