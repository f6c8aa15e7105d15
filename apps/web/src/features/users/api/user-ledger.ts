import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminLedgerEntry, ListResponse } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

/** Entries per page of the Coins panel. */
export const ledgerPageSize = 10;

/** GET /users/{id}/ledger: a page of the user's coin history, newest first. */
export const getUserLedger = (id: number, page: number, signal?: AbortSignal) =>
  api<ListResponse<AdminLedgerEntry>>(`/users/${id}/ledger`, { signal, query: { page, limit: ledgerPageSize } }).then(
    (r) => r.body,
  );

export function useUserLedger(id: number, page: number) {
  return useQuery({
    queryKey: userKeys.ledger(id, page),
    queryFn: ({ signal }) => getUserLedger(id, page, signal),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });
}
