import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComplaintQuery, UpdateComplaintQuery } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { complaintQueryKeys } from './keys';

/** PUT /message (docs/behaviour.md §7): { isRead, updateId }. */
export const updateComplaintQuery = (input: UpdateComplaintQuery) =>
  api<unknown>('/message', { method: 'PUT', body: input });

/**
 * docs/behaviour.md §4 "Message read": marks one query read. The cached detail says so at once (coming back to
 * it does not mark it again); the lists and the sidebar's unread count refetch.
 */
export function useMarkComplaintQueryRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => updateComplaintQuery({ isRead: true, updateId: id }),
    onSuccess: (_res, id) => {
      qc.setQueryData<ComplaintQuery>(complaintQueryKeys.detail(id), (q) => (q ? { ...q, isRead: true } : q));
      return Promise.all([
        qc.invalidateQueries({ queryKey: complaintQueryKeys.lists() }),
        qc.invalidateQueries({ queryKey: complaintQueryKeys.unreadCount() }),
      ]);
    },
  });
}
