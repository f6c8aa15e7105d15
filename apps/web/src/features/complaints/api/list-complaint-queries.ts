import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listComplaintQueriesQuerySchema, type ComplaintQuery, type ListResponse } from '@strideadmin/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { pageSizeParam } from '../../../lib/list-params';
import { complaintQueryKeys } from './keys';
import { shownInPlace } from '../../../lib/query-client';

/**
 * /query-list's URL state: the contract's GET /message query (so the URL says exactly what the
 * server accepts), with the page size limited to the choices the screen offers.
 */
export const complaintQueryListParamsSchema = listComplaintQueriesQuerySchema.extend({ limit: pageSizeParam });
export type ComplaintQueryListParams = z.output<typeof complaintQueryListParamsSchema>;

/**
 * GET /message (docs/behaviour.md §10): one page of complaint queries, filtered by title (contains) and
 * isRead (true/false, docs/behaviour.md §2), and the total count.
 */
export const listComplaintQueries = (params: ComplaintQueryListParams, signal?: AbortSignal) =>
  api<ListResponse<ComplaintQuery>>('/message', { query: params, signal }).then((r) => r.body);

export const listComplaintQueriesQueryOptions = (params: ComplaintQueryListParams) =>
  queryOptions({
    queryKey: complaintQueryKeys.list(params),
    queryFn: ({ signal }) => listComplaintQueries(params, signal),
    meta: shownInPlace,
    // The page on screen stays while the next one loads (no flash of an empty table).
    placeholderData: keepPreviousData,
  });

export function useComplaintQueries(params: ComplaintQueryListParams) {
  return useQuery(listComplaintQueriesQueryOptions(params));
}
