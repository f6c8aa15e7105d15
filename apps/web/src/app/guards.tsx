import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { canOpen } from '@strideadmin/contract';
import { importer } from '../lib/load-chunk';
import { useSession } from '../lib/session';
import { paths } from '../lib/paths';
import { NotAllowedPage } from './not-found';

/** Signed-in screens: to /login when signed out (docs/behaviour.md §2). */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const s = useSession();
  const location = useLocation();
  if (!s) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/** Signed-out screens: to / when already signed in (docs/behaviour.md §2). */
export function RequireSignedOut({ children }: { children: ReactNode }) {
  const s = useSession();
  const location = useLocation();
  if (s) {
    const target = signedInTarget(location.state);
    startFirstCallsFor(target);
    return <Navigate to={target} replace />;
  }
  return children;
}

/** The code of app/first-calls.ts, fetched with the signed-in screens' while the form is typed in. */
export const importFirstCalls = importer(() => import('./first-calls'));

/**
 * The first calls of the screen a sign-in leads to, started now rather than when it is drawn
 * (app/first-calls.ts). If that code cannot be loaded, the screens make their calls themselves.
 */
export function startFirstCallsFor(target: string): void {
  const loaded = importFirstCalls.loaded;
  if (loaded) loaded.startFirstCalls(target);
  else
    importFirstCalls().then(
      (m) => m.startFirstCalls(target),
      () => undefined,
    );
}

/**
 * Where a sign-in leads: back to where it was asked for (`from` in the location's state, a path of
 * ours only, never an outside URL), else Home.
 */
export function signedInTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : paths.home;
}

/** /verify-account and /reset-password go to /login without a token (docs/behaviour.md §2). */
export function RequireTokenParam({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  if (!params.get('token')) return <Navigate to={paths.login} replace />;
  return children;
}

/**
 * Shell screens the signed-in role may use (docs/behaviour.md §13): the contract's pagePermissions
 * and `can`; any other shows the "not allowed" page in the shell.
 */
export function RequirePageAccess({ children }: { children: ReactNode }) {
  const s = useSession();
  const { pathname } = useLocation();
  if (!canOpen(s?.user.roleName, pathname)) return <NotAllowedPage />;
  return children;
}
