import type { ListUsersQuery } from '@strideadmin/contract';

/** Query keys of the users feature, written once: invalidate through these, never a retyped string. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (q: ListUsersQuery) => [...userKeys.lists(), q] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: number) => [...userKeys.details(), id] as const,
  /** A user's coin history (User Details, Coins), by page. */
  ledgers: (id: number) => [...userKeys.all, 'ledger', id] as const,
  ledger: (id: number, page: number) => [...userKeys.ledgers(id), page] as const,
};
