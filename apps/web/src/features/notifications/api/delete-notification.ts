import { messages } from '@strideadmin/contract';
import type { DeleteTarget } from '../../../lib/undoable-delete';
import { notificationKeys } from './keys';

/**
 * DELETE /notification/{id} and POST /notification/bulk-delete (docs/behaviour.md §10, §12).
 * Undoable (lib/undoable-delete): the lists refetch once the server has answered.
 */
export const notificationDeletion: DeleteTarget = {
  path: '/notification',
  noun: { one: 'notification', other: 'notifications' },
  deleted: messages.notificationDeleted,
  settle: (qc) => qc.invalidateQueries({ queryKey: notificationKeys.lists() }),
};
