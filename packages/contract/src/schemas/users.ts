import { z } from 'zod';
import { roleNames } from '../options.js';
import { sessionUserSchema } from './auth.js';

/** Path parameter of /users/{id} and the other by-id calls. */
export const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'The id must be a number.' })
    .int('The id must be a number.')
    .positive('The id must be a number.')
    .max(2_147_483_647, 'The id must be a number.'),
});

/** GET /users/{id} (spec §7): the user with `Role { name }`. */
export const userDetailSchema = sessionUserSchema.omit({ roleName: true }).extend({
  updatedAt: z.string(),
  Role: z.object({ name: z.enum(roleNames) }),
});
export type UserDetail = z.infer<typeof userDetailSchema>;
