import { z } from '../zod.js';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { ifMissing } from '../zod-messages.js';
import { listQueryBase } from './common.js';
import { idField } from './fields.js';

/** docs/behaviour.md §3 Message (complaint query): id, title, message, source, isRead, User with name and email. */
export const complaintQuerySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  source: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  /** null when the user who sent it has since been deleted. */
  User: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
});
export type ComplaintQuery = z.infer<typeof complaintQuerySchema>;

/** PUT /message (docs/behaviour.md §7): { isRead, updateId }. */
export const updateComplaintQuerySchema = z.object({
  // "isRead must be true or false." for another value, "isRead is required." without one (zod-messages.ts).
  isRead: z.boolean(),
  updateId: idField,
});
export type UpdateComplaintQuery = z.input<typeof updateComplaintQuerySchema>;

/** GET /message: filters title (text) and isRead (Yes/No select), docs/behaviour.md §2. */
export const complaintQuerySortColumns = ['id', 'title', 'isRead', 'createdAt'] as const;
export const listComplaintQueriesQuerySchema = z.object({
  ...listQueryBase,
  sort: z.enum(complaintQuerySortColumns).default('createdAt'),
  title: z.string().trim().max(255).optional(),
  isRead: z.enum(['true', 'false']).optional(),
});
export type ListComplaintQueriesQuery = z.input<typeof listComplaintQueriesQuerySchema>;

const requiredText = (message: string, max: number) =>
  z
    .string({ error: ifMissing(message) })
    .trim()
    .min(1, { message, abort: true })
    .max(max, `At most ${max} characters.`);

/** POST /app/message (docs/behaviour.md §10): a complaint query from the app; source Mobile. */
export const createComplaintQuerySchema = z.object({
  title: requiredText(messages.titleRequired, limits.queryTitleMax),
  message: requiredText(messages.messageRequired, limits.queryMessageMax),
});
export type CreateComplaintQuery = z.output<typeof createComplaintQuerySchema>;
