import { z } from '../zod.js';
import { groupThousands } from '../number-text.js';

/**
 * "Select all matching" and what a bulk delete says (docs/behaviour.md §12), for the six list
 * screens. The request and answer of POST /<list>/bulk-delete are in list-tools.ts.
 */

/**
 * GET /<list>/ids (the list's own filters and sort; page and limit ignored): the ids of every
 * matching row in the list's order, at most limits.selectAllMax. `count` is how many ids came;
 * `countCapped` says more rows than that match (as a list's count does, decision 0011).
 */
export const selectAllIdsResultSchema = z.object({
  ids: z.array(z.number().int()),
  count: z.number().int(),
  countCapped: z.literal(true).optional(),
});
export type SelectAllIdsResult = z.output<typeof selectAllIdsResultSchema>;

/** The lists that have bulk delete and "select all matching", and the noun of their rows (one, many). */
export const bulkDeleteNouns = {
  users: ['user', 'users'],
  giftCards: ['gift card', 'gift cards'],
  quiz: ['quiz question', 'quiz questions'],
  giftBoxConfigs: ['gift box config', 'gift box configs'],
  notifications: ['notification', 'notifications'],
  complaintQueries: ['complaint query', 'complaint queries'],
} as const satisfies Record<string, readonly [string, string]>;
export type BulkDeleteList = keyof typeof bulkDeleteNouns;

/**
 * The message of a bulk delete's answer: "3 users deleted." when all went, "3 users deleted,
 * 1 refused." when some were refused (each refusal with its own message in the answer's body).
 */
export function bulkDeletedMessage(list: BulkDeleteList, deleted: number, refused: number): string {
  const [one, many] = bulkDeleteNouns[list];
  const done = `${groupThousands(deleted)} ${deleted === 1 ? one : many} deleted`;
  return refused > 0 ? `${done}, ${groupThousands(refused)} refused.` : `${done}.`;
}
