import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDetail } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';
import { shownInPlace } from '../../../lib/query-client';

/** GET /users/{id} (docs/behaviour.md §7): the user with Role and GiftCards. */
export const getUser = (id: number, signal?: AbortSignal) =>
  api<UserDetail>(`/users/${id}`, { signal }).then((r) => r.body);

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal), meta: shownInPlace });

export function useUser(id: number | null) {
  return useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== null });
}
