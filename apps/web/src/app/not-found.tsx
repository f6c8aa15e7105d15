import { Link } from 'react-router';
import { paths } from '../lib/paths';

/** docs/behaviour.md §2: any other path shows a 404 error page. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-6 text-center">
      <p className="text-sm font-semibold text-indigo-600 dark:text-indigo-400">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">Sorry, we couldn’t find the page you’re looking for.</p>
      <Link
        to={paths.home}
        className="mt-8 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500"
      >
        Go back home
      </Link>
    </main>
  );
}
