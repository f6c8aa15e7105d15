import { messages } from '@strideadmin/contract';
import type { DeleteTarget } from '../../../lib/undoable-delete';
import { giftCardKeys } from './keys';

/**
 * DELETE /giftcard/{id} and POST /giftcard/bulk-delete (docs/behaviour.md §10, §12).
 * Undoable (lib/undoable-delete): the lists refetch once the server has answered.
 */
export const giftCardDeletion: DeleteTarget = {
  path: '/giftcard',
  noun: { one: 'gift card', other: 'gift cards' },
  deleted: messages.giftCardDeleted,
  settle: async (qc, deleted) => {
    for (const id of deleted) qc.removeQueries({ queryKey: giftCardKeys.detail(id) });
    await qc.invalidateQueries({ queryKey: giftCardKeys.lists() });
  },
};
