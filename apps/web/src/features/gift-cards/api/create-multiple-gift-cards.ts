import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkRow, BulkRowFields, bulkRowInputSchema } from '@strideadmin/contract';
import type { z } from 'zod';
import { api, ApiError } from '../../../lib/api-client';
import { giftCardKeys } from './keys';

/**
 * One row of POST /multiplegiftcard as the portal sends it: a row the call accepts, with every
 * cell as text and the row's id (to match the answer's rows).
 */
export type BulkRowPayload = z.input<typeof bulkRowInputSchema> & BulkRowFields & { id: string };

/**
 * POST /multiplegiftcard (docs/behaviour.md §7): the 'Successfull' rows. 200: all created (body []);
 * 201: some were not, and body holds those rows, each with its `errors`.
 */
export const createMultipleGiftCards = (giftCards: readonly BulkRowPayload[]) =>
  api<BulkRow[] | null>('/multiplegiftcard', { method: 'POST', body: { giftCards } });

/**
 * The rows go in a few slices rather than one request, so the progress bar moves while 10,000
 * rows are created and no request nears the server's body limit; each slice is one transaction.
 */
export const chunkLimits = { maxBytes: 2 * 1024 * 1024, maxRows: 2500 };

export function chunkRows<T>(rows: readonly T[], limits = chunkLimits): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = JSON.stringify(row).length + 1;
    if (current.length > 0 && (current.length >= limits.maxRows || bytes + size > limits.maxBytes)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

export interface CreateOutcome {
  /** Every request answered 200: every row sent was created. */
  allCreated: boolean;
  created: number;
  /** Rows the server did not create (201 bodies), with their errors. */
  failed: BulkRow[];
  /** Ids of the rows of every request that was answered. */
  sentIds: string[];
  /** The last answer's message. */
  message?: string;
  /** A request that failed outright (no answer, 4xx/5xx): it and the ones after were not applied. */
  error: unknown;
}

/**
 * Sends the rows slice by slice and reports progress in rows. Never throws: what was created
 * before a failure is reported with the failure, so the screen can keep the rest.
 */
export async function createGiftCardsInChunks(
  rows: readonly BulkRowPayload[],
  onProgress?: (done: number, total: number) => void,
): Promise<CreateOutcome> {
  const outcome: CreateOutcome = { allCreated: true, created: 0, failed: [], sentIds: [], error: null };
  let done = 0;
  onProgress?.(0, rows.length);
  for (const chunk of chunkRows(rows)) {
    try {
      const res = await createMultipleGiftCards(chunk);
      const failed = res.status === 201 && Array.isArray(res.body) ? res.body : [];
      if (res.status === 201) outcome.allCreated = false;
      outcome.failed.push(...failed);
      outcome.created += chunk.length - failed.length;
      outcome.sentIds.push(...chunk.map((r) => r.id));
      outcome.message = res.message;
    } catch (err) {
      if (!(err instanceof ApiError)) console.warn('Creating gift cards failed:', err);
      outcome.allCreated = false;
      outcome.error = err;
      break;
    }
    done += chunk.length;
    onProgress?.(done, rows.length);
  }
  return outcome;
}

/** Creates the rows; the card lists refetch when any card was created. */
export function useCreateMultipleGiftCards() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      rows,
      onProgress,
    }: {
      rows: readonly BulkRowPayload[];
      onProgress?: (done: number, total: number) => void;
    }) => createGiftCardsInChunks(rows, onProgress),
    onSuccess: (outcome) => {
      if (outcome.created > 0) void qc.invalidateQueries({ queryKey: giftCardKeys.lists() });
    },
  });
}
