import { z } from '../zod.js';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { ifMissing } from '../zod-messages.js';

/**
 * The tools every list screen shares beyond its page of rows (docs/behaviour.md §12): bulk delete,
 * CSV export and quick search. Each list's module serves them at its own path
 * (`POST /users/bulk-delete`, `GET /users/export`, ...); the shapes are the same for all.
 */

// A JSON body says numbers as numbers: no coercion (a path's id is text, so idParamsSchema coerces).
const bulkId = z
  .number({ error: messages.idNotNumber })
  .int(messages.idNotNumber)
  .positive(messages.idNotNumber)
  .max(limits.int32Max, messages.idNotNumber);

/** POST /<list>/bulk-delete: the ids of the rows to delete (duplicates count once). */
export const bulkDeleteSchema = z.object({
  ids: z
    .array(bulkId, { error: ifMissing(messages.bulkDeleteIdsRequired) })
    .min(1, messages.bulkDeleteIdsRequired)
    .max(limits.bulkDeleteMax, messages.bulkDeleteTooMany)
    .transform((ids) => [...new Set(ids)]),
});
export type BulkDeleteInput = z.input<typeof bulkDeleteSchema>;

/**
 * What a bulk delete did: the ids deleted (in one transaction), and each id refused with the
 * message a single delete of that row would have answered (not found, your own account...).
 */
export const bulkDeleteResultSchema = z.object({
  deleted: z.array(z.number().int()),
  refused: z.array(z.object({ id: z.number().int(), message: z.string() })),
});
export type BulkDeleteResult = z.output<typeof bulkDeleteResultSchema>;

/** GET /search: the top bar's quick search (users by name or e-mail, gift cards by serial number). */
export const quickSearchQuerySchema = z.object({
  q: z
    .string({ error: ifMissing(messages.quickSearchTooShort) })
    .trim()
    .min(limits.quickSearchMinChars, messages.quickSearchTooShort)
    .max(100, messages.quickSearchTooLong),
});
export const quickSearchResultSchema = z.object({
  users: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
  giftCards: z.array(z.object({ id: z.number().int(), serialNumber: z.string(), storeName: z.string() })),
});
export type QuickSearchResult = z.output<typeof quickSearchResultSchema>;
