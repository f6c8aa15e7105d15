import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Dashboard, DateRange } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { useEagerQuery } from '../../../lib/eager-query';
import { dashboardKeys } from './keys';

/** GET /dashboard?range= (docs/behaviour.md §10, §11 Home dashboard): totals and series of the range, in one call. */
export const getDashboard = (range: DateRange, signal?: AbortSignal) =>
  api<Dashboard>('/dashboard', { query: { range }, signal }).then((r) => r.body);

export const dashboardQueryOptions = (range: DateRange) =>
  queryOptions({
    queryKey: dashboardKeys.range(range),
    queryFn: ({ signal }) => getDashboard(range, signal),
    // The figures on screen stay (dimmed) while another range loads.
    placeholderData: keepPreviousData,
  });

export function useDashboard(range: DateRange) {
  return useEagerQuery(dashboardQueryOptions(range));
}
