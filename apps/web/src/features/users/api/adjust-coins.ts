import { formSubmit } from '../../../lib/query-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminLedgerEntry, adjustCoinsSchema } from '@strideadmin/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

export type AdjustCoins = z.output<typeof adjustCoinsSchema>;

/** POST /users/{id}/coins: add (positive) or take (negative) coins with a reason. */
export const adjustCoins = (id: number, input: AdjustCoins) =>
  api<{ totalCoins: number; entry: AdminLedgerEntry }>(`/users/${id}/coins`, { method: 'POST', body: input });

/** Afterwards the details (Total Coins), the lists and the coin history show the new balance. */
export function useAdjustCoins(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AdjustCoins) => adjustCoins(id, input),
    meta: formSubmit,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: userKeys.detail(id) }),
        qc.invalidateQueries({ queryKey: userKeys.lists() }),
        qc.invalidateQueries({ queryKey: userKeys.ledgers(id) }),
      ]),
  });
}
