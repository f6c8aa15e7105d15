import {
  type Query,
  type QueryClient,
  type QueryKey,
  skipToken,
  useQuery,
  useQueryClient,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * `useQuery` whose first call starts while the screen draws (docs/decisions/0019-portal-loading.md).
 * TanStack Query starts a query when the component subscribes to it, which is after the screen has
 * been committed and painted: a screen's first calls waited for its whole first draw (on Home just
 * after a sign-in, the shell and the dashboard: 40-50 ms on the bench machine). Started here, in the
 * render, with the same options, the call runs while the screen draws and the component then reads
 * that same query: one call, not two, and nothing started for a query that is disabled or already
 * in the cache (fresh, in flight or failed). A call started here that has already failed when the
 * component subscribes is that load's answer (its error shown, with Retry), as when the component
 * had started it: it is not started again on mount.
 */
export function useEagerQuery<
  TQueryFnData,
  TError = Error,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  const client = useQueryClient();
  startQueryEarly(client, options);
  const query = client.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  const early = query !== undefined && notYetRead.has(query);
  useEffect(() => {
    if (query) notYetRead.delete(query); // subscribed: from now on the query's own rules
  }, [query]);
  return useQuery(early ? { ...options, retryOnMount: false } : options);
}

/**
 * Starts a query's call now, as useEagerQuery does in the render: for the screen about to be drawn
 * (app/first-calls.ts, at a sign-in), so that its components find the call in flight. Nothing is
 * started for a query that is disabled or already in the cache (fresh, in flight or failed).
 */
export function startQueryEarly<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  client: QueryClient,
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): void {
  const enabled = options.enabled === undefined || options.enabled === true;
  if (!enabled || options.queryFn === skipToken || client.getQueryState(options.queryKey)) return;
  void client.prefetchQuery(options);
  const query = client.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (query) notYetRead.add(query);
}

/**
 * Queries started by useEagerQuery that no component has subscribed to yet (the render that started
 * one may be thrown away and done again, as a navigation's render can be: a query, not a component,
 * remembers it).
 */
const notYetRead = new WeakSet<Query>();
