import { Link } from 'react-router';
import { coreMessages } from '@strideadmin/contract';
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

/**
 * docs/behaviour.md §13: a page the signed-in role may not use, shown inside the shell (the sidebar
 * and top bar stay), with a way back Home.
 */
export function NotAllowedPage() {
  return (
    <section className="flex flex-col items-center justify-center px-6 py-24 text-center">
      <p className="text-sm font-semibold text-indigo-600 dark:text-indigo-400">403</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Not allowed</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{coreMessages.pageNotAllowed}</p>
      <Link
        to={paths.home}
        className="mt-8 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500"
      >
        Go back home
      </Link>
    </section>
  );
}
