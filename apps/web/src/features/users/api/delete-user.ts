import { messages } from '@strideadmin/contract';
import type { DeleteTarget } from '../../../lib/undoable-delete';
import { userKeys } from './keys';

/**
 * DELETE /users/{id} and POST /users/bulk-delete (docs/behaviour.md §10, §12).
 * Undoable (lib/undoable-delete): the lists refetch once the server has answered.
 */
export const userDeletion: DeleteTarget = {
  path: '/users',
  noun: { one: 'user', other: 'users' },
  deleted: messages.userDeleted,
  settle: async (qc, deleted) => {
    for (const id of deleted) qc.removeQueries({ queryKey: userKeys.detail(id) });
    await qc.invalidateQueries({ queryKey: userKeys.lists() });
  },
};
