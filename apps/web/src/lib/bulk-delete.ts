import { limits, type BulkDeleteResult } from '@strideadmin/contract';
import { api } from './api-client';

export interface BulkDeleteOutcome extends BulkDeleteResult {
  /** The server's message of each call, in order. */
  messages: string[];
  /** The call that failed, if one did: the ids of it and of the calls after it were not sent. */
  error?: unknown;
}

/**
 * POST <path>/bulk-delete in calls of at most limits.bulkDeleteMax ids, one after the other, with
 * `onProgress(done, total)` after each call. When the page is unloading (keepalive) nothing can wait
 * for an answer: every call is sent at once.
 */
export async function bulkDeleteInChunks(
  path: string,
  ids: readonly number[],
  opts: { keepalive?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<BulkDeleteOutcome> {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += limits.bulkDeleteMax) chunks.push(ids.slice(i, i + limits.bulkDeleteMax));
  const send = (chunk: number[]) =>
    api<BulkDeleteResult>(`${path}/bulk-delete`, {
      method: 'POST',
      body: { ids: chunk },
      keepalive: opts.keepalive,
    });

  const outcome: BulkDeleteOutcome = { deleted: [], refused: [], messages: [] };
  if (opts.keepalive) {
    await Promise.allSettled(chunks.map(send));
    return outcome;
  }
  let done = 0;
  for (const chunk of chunks) {
    try {
      const res = await send(chunk);
      outcome.deleted.push(...res.body.deleted);
      outcome.refused.push(...res.body.refused);
      if (res.message) outcome.messages.push(res.message);
    } catch (error) {
      outcome.error = error;
      break;
    }
    done += chunk.length;
    opts.onProgress?.(done, ids.length);
  }
  return outcome;
}
