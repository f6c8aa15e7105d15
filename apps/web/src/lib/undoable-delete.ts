import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { limits } from '@strideadmin/contract';
import { api } from './api-client';
import { handleApiError } from './api-errors';
import { bulkDeleteInChunks } from './bulk-delete';
import { formatNumber } from './format';
import { scheduleDelete } from './pending-deletes';
import { showToast, toast } from './toast';

/** What a list deletes, as its feature describes it (api/delete-*.ts). */
export interface DeleteTarget {
  /** The list's API path: DELETE <path>/{id}, POST <path>/bulk-delete, GET <path>/ids. */
  path: string;
  /** How the toasts name its rows: "1 user", "3 users". */
  noun: { one: string; other: string };
  /** A single delete's toast when the server answers no message. */
  deleted: string;
  /** After the server was asked: drop what is gone from the cache and refetch the lists (awaited). */
  settle: (qc: QueryClient, deleted: readonly number[]) => Promise<unknown>;
}

/** "1 user", "2,500 users". */
/** What a delete's confirmation says of its Undo (the toast that follows offers it for limits.undoMs). */
export const undoHint = `You can undo it for ${limits.undoMs / 1000} seconds.`;

export const countOf = (target: Pick<DeleteTarget, 'noun'>, n: number) =>
  `${formatNumber(n)} ${n === 1 ? target.noun.one : target.noun.other}`;

/**
 * A list's deletes, undoable (docs/behaviour.md §12 "Selection and undo"): the rows hide at once, the
 * toast offers Undo for limits.undoMs, then the server is asked, its answer toasted and the lists
 * refetched. Safe to leave the screen meanwhile: the pending delete lives in lib/pending-deletes.
 */
export function useUndoableDelete(target: DeleteTarget) {
  const qc = useQueryClient();
  return {
    /** One row: on commit DELETE <path>/{id}, toasting the server's message as before. */
    deleteOne: (id: number) =>
      scheduleDelete({
        scope: target.path,
        ids: [id],
        what: countOf(target, 1),
        commit: async ({ keepalive }) => {
          let deleted: number[] = [];
          try {
            const res = await api<unknown>(`${target.path}/${id}`, { method: 'DELETE', keepalive });
            deleted = [id];
            toast.success(res.message ?? target.deleted);
          } catch (err) {
            handleApiError(err);
          }
          if (!keepalive) await target.settle(qc, deleted);
        },
      }),
    /** Many rows (chosen under `listKey`, the list's filters): on commit POST <path>/bulk-delete. */
    deleteMany: (ids: readonly number[], listKey?: string) =>
      scheduleDelete({
        scope: target.path,
        ids,
        listKey,
        what: countOf(target, ids.length),
        commit: async ({ keepalive, progress }) => {
          const total = ids.length;
          const chunked = total > limits.bulkDeleteMax;
          if (chunked) progress(`Deleting ${countOf(target, total)}: 0 of ${formatNumber(total)} done.`);
          const outcome = await bulkDeleteInChunks(target.path, ids, {
            keepalive,
            onProgress: chunked
              ? (done) =>
                  progress(`Deleting ${countOf(target, total)}: ${formatNumber(done)} of ${formatNumber(total)} done.`)
              : undefined,
          });
          if (keepalive) return;
          reportBulkDelete(target, outcome);
          await target.settle(qc, outcome.deleted);
        },
      }),
  };
}

/**
 * A bulk delete's answer: the server's message (one call), or the count deleted (several); each
 * reason for refusing, with how many rows it kept; a failed call by the error policy.
 */
function reportBulkDelete(target: DeleteTarget, outcome: Awaited<ReturnType<typeof bulkDeleteInChunks>>) {
  const [only] = outcome.messages;
  const summary =
    outcome.messages.length === 1 && !outcome.error && only
      ? only
      : `${countOf(target, outcome.deleted.length)} deleted.`;
  if (outcome.deleted.length > 0 || (outcome.messages.length > 0 && outcome.refused.length === 0))
    toast.success(summary);
  const byMessage = new Map<string, number>();
  for (const r of outcome.refused) byMessage.set(r.message, (byMessage.get(r.message) ?? 0) + 1);
  for (const [message, n] of byMessage)
    showToast(`${countOf(target, n)} not deleted: ${message}`, 'error', { durationMs: limits.undoMs });
  if (outcome.error) handleApiError(outcome.error);
}
