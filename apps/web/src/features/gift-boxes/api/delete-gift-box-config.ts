import { messages } from '@strideadmin/contract';
import type { DeleteTarget } from '../../../lib/undoable-delete';
import { giftBoxKeys } from './keys';

/**
 * DELETE /giftbox/{id} and POST /giftbox/bulk-delete (docs/behaviour.md §10, §12): a config goes with the boxes placed under it.
 * Undoable (lib/undoable-delete): the lists refetch once the server has answered.
 */
export const giftBoxConfigDeletion: DeleteTarget = {
  path: '/giftbox',
  noun: { one: 'gift box config', other: 'gift box configs' },
  deleted: messages.giftBoxConfigDeleted,
  settle: async (qc, deleted) => {
    for (const id of deleted) qc.removeQueries({ queryKey: giftBoxKeys.detail(id) });
    await qc.invalidateQueries({ queryKey: giftBoxKeys.lists() });
  },
};
