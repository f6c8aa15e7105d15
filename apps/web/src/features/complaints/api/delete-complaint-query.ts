import { messages } from '@strideadmin/contract';
import type { DeleteTarget } from '../../../lib/undoable-delete';
import { complaintQueryKeys } from './keys';

/**
 * DELETE /message/{id} and POST /message/bulk-delete (docs/behaviour.md §10, §12).
 * Undoable (lib/undoable-delete): the lists refetch once the server has answered.
 * The unread count follows (a deleted query may have been unread).
 */
export const complaintQueryDeletion: DeleteTarget = {
  path: '/message',
  noun: { one: 'complaint query', other: 'complaint queries' },
  deleted: messages.queryDeleted,
  settle: async (qc, deleted) => {
    for (const id of deleted) qc.removeQueries({ queryKey: complaintQueryKeys.detail(id) });
    await Promise.all([
      qc.invalidateQueries({ queryKey: complaintQueryKeys.lists() }),
      qc.invalidateQueries({ queryKey: complaintQueryKeys.unreadCount() }),
    ]);
  },
};
