import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ComplaintQuery } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { complaintQueryKeys } from './keys';
import { shownInPlace } from '../../../lib/query-client';

/** GET /message/{id} (docs/behaviour.md §7): reads id, isRead, title, message, source and User. */
export const getComplaintQuery = (id: number, signal?: AbortSignal) =>
  api<ComplaintQuery>(`/message/${id}`, { signal }).then((r) => r.body);

export const complaintQueryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: complaintQueryKeys.detail(id),
    queryFn: ({ signal }) => getComplaintQuery(id, signal),
    meta: shownInPlace,
  });

export function useComplaintQuery(id: number | null) {
  return useQuery({ ...complaintQueryQueryOptions(id ?? 0), enabled: id !== null });
}
