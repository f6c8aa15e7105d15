import { messages } from '@strideadmin/contract';
import type { DeleteTarget } from '../../../lib/undoable-delete';
import { quizKeys } from './keys';

/**
 * DELETE /quiz/{id} and POST /quiz/bulk-delete (docs/behaviour.md §10, §12).
 * Undoable (lib/undoable-delete): the lists refetch once the server has answered.
 */
export const quizDeletion: DeleteTarget = {
  path: '/quiz',
  noun: { one: 'quiz question', other: 'quiz questions' },
  deleted: messages.quizDeleted,
  settle: async (qc, deleted) => {
    for (const id of deleted) qc.removeQueries({ queryKey: quizKeys.detail(id) });
    await qc.invalidateQueries({ queryKey: quizKeys.lists() });
  },
};
