import type { ListNotificationsQuery } from '@strideadmin/contract';

/** Query keys of the push notifications feature, written once: invalidate through these, never a retyped string. */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (q: ListNotificationsQuery) => [...notificationKeys.lists(), q] as const,
  /** The user search of /add-notification's "Chosen users" (GET /users?name=). */
  userSearches: () => [...notificationKeys.all, 'user-search'] as const,
};
