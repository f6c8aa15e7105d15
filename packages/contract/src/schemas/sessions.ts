import { z } from '../zod.js';

/**
 * A signed-in session as its owner sees it (GET /auth/session, GET /auth/sessions): when it began
 * and was last used, when it ends (expiresAt: at the latest; idleExpiresAt: if unused until then,
 * portal sessions only), and where it was signed in from.
 */
export const sessionInfoSchema = z.object({
  audience: z.enum(['admin', 'app']),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  idleExpiresAt: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const sessionListSchema = z.array(sessionInfoSchema);

/** POST /auth/logout-all: how many sessions were ended (this one included). */
export const signedOutEverywhereSchema = z.object({ ended: z.number().int() });
