import { canOpen } from '@strideadmin/contract';
import { unreadComplaintQueryCountQueryOptions } from '../features/complaints/api/count-unread-complaint-queries';
import { dashboardQueryOptions } from '../features/dashboard/api/get-dashboard';
import { rangeOf } from '../features/dashboard/use-range-param';
import { startQueryEarly } from '../lib/eager-query';
import { paths } from '../lib/paths';
import { session } from '../lib/session';
import { getAppClient } from './query-layer';
import { currentUserQueryOptions } from './shell/use-current-user';

/**
 * The first calls of the screen a sign-in leads to, started with the sign-in's answer
 * (docs/decisions/0019-portal-loading.md): the shell's (the administrator, the unread count) and,
 * when it is Home, the dashboard's. Otherwise each would start in the render that draws it, after
 * the move to the screen and the shell's own render (40–50 ms after the answer on the bench
 * machine); started here, they run while the screen is drawn, and Home's first render usually finds
 * its figures already there. The components read the same queries (lib/eager-query.ts): one call
 * each, and a failure is shown as theirs.
 */
export function startFirstCalls(target: string): void {
  const client = getAppClient();
  const user = session.get()?.user;
  if (!user) return;
  startQueryEarly(client, currentUserQueryOptions(user));
  startQueryEarly(client, {
    ...unreadComplaintQueryCountQueryOptions(),
    enabled: canOpen(user.roleName, paths.queryList),
  });
  const url = new URL(target, window.location.origin);
  if (url.pathname === paths.home && canOpen(user.roleName, paths.home))
    startQueryEarly(client, dashboardQueryOptions(rangeOf(url.searchParams)));
}
