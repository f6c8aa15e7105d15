import { useState } from 'react';
import { useUndoableDelete, type DeleteTarget } from './undoable-delete';

/**
 * A list's Delete per row (docs/behaviour.md §12 "delete with a confirmation dialog", decision 0007): the
 * row asked about, and the ConfirmDialog's wiring. Confirming closes the dialog and hides the row at
 * once; the toast offers Undo, and the server is asked after limits.undoMs (lib/undoable-delete), its
 * message (or `target.deleted`) toasted; a failure is toasted by the error policy (docs/behaviour.md §8).
 */
export function useDeleteConfirmation<Row extends { id: number }>(target: DeleteTarget) {
  const [row, setRow] = useState<Row | null>(null);
  const undoable = useUndoableDelete(target);
  const close = () => setRow(null);
  return {
    /** The row the dialog asks about, or null when it is closed. */
    target: row,
    /** Opens the dialog for a row. */
    ask: (r: Row) => setRow(r),
    /** Spread into the ConfirmDialog, with the title and description of `target`. */
    dialog: {
      open: row !== null,
      pending: false,
      onConfirm: () => {
        if (!row) return;
        undoable.deleteOne(row.id);
        close();
      },
      onCancel: close,
    },
  };
}
