import { z } from '../zod.js';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { numberInText } from './fields.js';

/** Path parameter of the by-id calls (/users/{id}, /gift-cards/{id}, /quiz/{id}...). */
export const idParamsSchema = z.object({
  id: numberInText(
    z
      .number({ error: messages.idNotNumber })
      .int(messages.idNotNumber)
      .positive(messages.idNotNumber)
      .max(limits.int32Max, messages.idNotNumber),
  ),
});

/** The page, page size and order of every list call; each list adds its own `sort` columns and filters. */
export const listQueryBase = {
  // Digits only (numberInText): `page=1e3` is no page. A refusal says what the page may be (zod-messages.ts).
  page: numberInText(z.number().int().min(1).max(1_000_000).default(1)),
  // Any size from 1 to the maximum (the app pages by 1 or 5); a refusal names the portal's sizes.
  limit: numberInText(
    z
      .number({ error: messages.listLimitInvalid })
      .int(messages.listLimitInvalid)
      .min(1, messages.listLimitInvalid)
      .max(limits.listMaxPageSize, messages.listLimitInvalid)
      .default(limits.listDefaultPageSize),
  ),
  order: z.enum(['asc', 'desc']).default('desc'),
  /**
   * `exact`: count every matching row, past limits.listCountCap (the "count exactly" action and
   * the last page of a long list). Left out, counting stops at the cap (countCapped).
   */
  count: z.enum(['exact'], { error: messages.listCountInvalid }).optional(),
};

export function listResponse<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), count: z.number().int(), countCapped: z.literal(true).optional() });
}
/**
 * A page of a list. `count` is the exact number of matching rows, unless `countCapped` is set:
 * then more than `count` rows match (limits.listCountCap, decision 0011).
 */
export interface ListResponse<T> {
  rows: T[];
  count: number;
  countCapped?: true;
}

/** What a create call answers (POST /users, /gift-cards, /quiz...): the new row's id. */
export const createdIdSchema = z.object({ id: z.number().int() });
