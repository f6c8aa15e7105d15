import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Dashboard, DateRange } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { useEagerQuery } from '../../../lib/eager-query';
import { dashboardKeys } from './keys';
import { shownInPlace } from '../../../lib/query-client';

/** GET /dashboard?range= (docs/behaviour.md §10, §11 Home dashboard): totals and series of the range, in one call. */
export const getDashboard = (range: DateRange, signal?: AbortSignal) =>
  api<Dashboard>('/dashboard', { query: { range }, signal }).then((r) => r.body);

/**
 * Home follows the app's activity as it happens: the figures are asked again every 30 s while the
 * page is visible (TanStack Query pauses the interval in a hidden tab), without a spinner.
 */
export const dashboardRefreshMs = 30_000;

export const dashboardQueryOptions = (range: DateRange) =>
  queryOptions({
    queryKey: dashboardKeys.range(range),
    queryFn: ({ signal }) => getDashboard(range, signal),
    meta: shownInPlace,
    // The figures on screen stay (dimmed) while another range loads.
    placeholderData: keepPreviousData,
    refetchInterval: dashboardRefreshMs,
  });

export function useDashboard(range: DateRange) {
  return useEagerQuery(dashboardQueryOptions(range));
}
