import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listUsersQuerySchema, type ListResponse, type UserListItem } from '@strideadmin/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { pageSizeParam } from '../../../lib/list-params';
import { userKeys } from './keys';
import { shownInPlace } from '../../../lib/query-client';

/**
 * /user-list's URL state: the contract's GET /users query (so the URL says exactly what the server
 * accepts), with the page size limited to the choices the screen offers.
 */
export const userListParamsSchema = listUsersQuerySchema.extend({ limit: pageSizeParam });
export type UserListParams = z.output<typeof userListParamsSchema>;

/** GET /users (docs/behaviour.md §10): one page of users, filtered by name and email, and the total count. */
export const listUsers = (params: UserListParams, signal?: AbortSignal) =>
  api<ListResponse<UserListItem>>('/users', { query: params, signal }).then((r) => r.body);

export const listUsersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => listUsers(params, signal),
    meta: shownInPlace,
    // The page on screen stays while the next one loads (no flash of an empty table).
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListParams) {
  return useQuery(listUsersQueryOptions(params));
}
