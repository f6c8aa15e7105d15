import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from './toast';

/**
 * A list's Delete per row (docs/behaviour.md §12 "delete with a confirmation dialog", decision 0007): the
 * row asked about, and the ConfirmDialog's wiring. Confirming deletes the row by id and toasts the
 * server's message (or `deleted`); a failure is toasted by the query client's policy (docs/behaviour.md §8).
 * The dialog stays open, pending, until the mutation settles (the list has refetched by then).
 */
export function useDeleteConfirmation<Row extends { id: number }>(
  mutation: UseMutationResult<{ message?: string }, Error, number>,
  deleted: string,
) {
  const [target, setTarget] = useState<Row | null>(null);
  const close = () => setTarget(null);
  return {
    /** The row the dialog asks about, or null when it is closed. */
    target,
    /** Opens the dialog for a row. */
    ask: (row: Row) => setTarget(row),
    /** Spread into the ConfirmDialog, with the title and description of `target`. */
    dialog: {
      open: target !== null,
      pending: mutation.isPending,
      onConfirm: () => {
        if (!target) return;
        mutation.mutate(target.id, { onSuccess: (res) => toast.success(res.message ?? deleted), onSettled: close });
      },
      onCancel: close,
    },
  };
}
