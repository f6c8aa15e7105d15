import { z } from '../zod.js';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { ifMissing } from '../zod-messages.js';
import { roleNames } from '../options.js';

export const emailField = z
  .string({ error: ifMissing(messages.emailRequired) })
  .trim()
  .min(1, messages.emailRequired)
  .max(limits.emailMax, messages.emailInvalid)
  .pipe(z.email(messages.emailInvalid));

/** POST /auth/login (docs/behaviour.md §7). adminPortal is true from the portal. */
export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: ifMissing(messages.passwordRequired) })
    .min(1, messages.passwordRequired)
    .max(limits.passwordMax, messages.invalidCredentials),
  adminPortal: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The user object returned at login and kept in the session (docs/behaviour.md §3 User, §4 Auth). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  dob: z.string().nullable(),
  height: z.number().nullable(),
  weight: z.number().nullable(),
  gender: z.string().nullable(),
  totalCoins: z.number(),
  dailyFSGoal: z.number(),
  isActive: z.boolean(),
  isTracking: z.boolean(),
  profilePic: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  roleName: z.enum(roleNames),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({
  user: sessionUserSchema,
  token: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** What the portal keeps in localStorage under storageKeys.session. */
export const storedSessionSchema = z.object({
  user: sessionUserSchema,
  token: z.string().min(1),
});
export type StoredSession = z.infer<typeof storedSessionSchema>;
