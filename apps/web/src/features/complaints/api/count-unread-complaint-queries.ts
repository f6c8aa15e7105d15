import { queryOptions } from '@tanstack/react-query';
import type { ComplaintQuery, ListResponse } from '@strideadmin/contract';
import { api, ApiError } from '../../../lib/api-client';
import { useEagerQuery } from '../../../lib/eager-query';
import { complaintQueryKeys } from './keys';

/** How often the sidebar's unread count refreshes while the portal is open. */
export const unreadCountRefreshMs = 60_000;

/**
 * The number of unread complaint queries: GET /message?isRead=false&limit=1 (docs/behaviour.md §10), whose
 * `count` is the total whatever the page size.
 *
 * The count is a hint in the sidebar of every screen, refreshed every minute: when it cannot be
 * loaded it is simply not shown (null) rather than toasting on each screen and each minute. An
 * expired session still goes to the query client's policy (toast, sign out).
 */
export async function countUnreadComplaintQueries(signal?: AbortSignal): Promise<number | null> {
  try {
    const res = await api<ListResponse<ComplaintQuery>>('/message', {
      query: { isRead: 'false', limit: 1 },
      signal,
    });
    return typeof res.body?.count === 'number' ? res.body.count : null;
  } catch (err) {
    if (err instanceof ApiError && err.isUnauthorized) throw err;
    if (err instanceof Error && err.name === 'AbortError') throw err;
    return null;
  }
}

export const unreadComplaintQueryCountQueryOptions = () =>
  queryOptions({
    queryKey: complaintQueryKeys.unreadCount(),
    queryFn: ({ signal }) => countUnreadComplaintQueries(signal),
    refetchInterval: unreadCountRefreshMs,
    // Coming back to the portal's tab shows the count as it is now.
    refetchOnWindowFocus: 'always',
  });

/** The sidebar's badge on Complaint Queries: null when unknown. */
export function useUnreadComplaintQueryCount(allowed = true) {
  return useEagerQuery({ ...unreadComplaintQueryCountQueryOptions(), enabled: allowed });
}
