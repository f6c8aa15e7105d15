import type { ListComplaintQueriesQuery } from '@strideadmin/contract';

/** Query keys of the complaint queries feature, written once: invalidate through these, never a retyped string. */
export const complaintQueryKeys = {
  all: ['complaint-queries'] as const,
  lists: () => [...complaintQueryKeys.all, 'list'] as const,
  list: (q: ListComplaintQueriesQuery) => [...complaintQueryKeys.lists(), q] as const,
  details: () => [...complaintQueryKeys.all, 'detail'] as const,
  detail: (id: number) => [...complaintQueryKeys.details(), id] as const,
  /** The sidebar's unread count: its own key, so it is not a list and a list refetch does not drag it along. */
  unreadCount: () => [...complaintQueryKeys.all, 'unread-count'] as const,
};
