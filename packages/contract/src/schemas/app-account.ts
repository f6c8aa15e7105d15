import { z } from '../zod.js';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { ifMissing } from '../zod-messages.js';
import { changePasswordSchema, updateProfileSchema, updateUserSchema } from './users.js';
import { sessionUserSchema } from './auth.js';
import { passwordFieldFor } from './fields.js';

/**
 * The app user's own account (docs/behaviour.md §11): GET/PUT/DELETE /app/me, the export, the
 * password and the push token. The fields follow the portal's user form: the same rules and
 * messages, taken from its schemas rather than written again.
 */

/** GET /app/me (and PUT /app/me's answer): the caller's profile, balance and today's steps. */
export const appMeSchema = sessionUserSchema
  // The account's own fields as the session holds them (docs/behaviour.md §3 User).
  .pick({ id: true, name: true, email: true, dob: true, height: true, weight: true, gender: true })
  .extend({
    dailyFSGoal: z.number().int(),
    isTracking: z.boolean(),
    emailVerified: z.boolean(),
    profilePic: z.string().nullable(),
    totalCoins: z.number().int(),
    /** The server's calendar day (the day POST /app/steps calls today), its steps and the goal. */
    today: z.object({ date: z.string(), steps: z.number().int(), goal: z.number().int() }),
    /** The daily step limit was reached on too many days in a row: an administrator will look. */
    stepsFlagged: z.boolean(),
  });
export type AppMe = z.infer<typeof appMeSchema>;

const profile = updateProfileSchema.shape;

/**
 * PUT /app/me: partial. Only the fields sent change (a phone turning tracking on does not resend
 * the profile); at least one. null clears dob and gender.
 */
export const updateAppMeSchema = z
  .object({
    name: profile.name.optional(),
    dob: profile.dob,
    height: profile.height,
    weight: profile.weight,
    gender: profile.gender,
    dailyFSGoal: profile.dailyFSGoal,
    isTracking: updateUserSchema.shape.isTracking.optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), messages.appProfileNothingToChange);
export type UpdateAppMeInput = z.input<typeof updateAppMeSchema>;

/** PUT /app/push-token: the app's FCM registration token; null clears it (signed out, push off). */
export const appPushTokenSchema = z.object({
  pushToken: z
    .string({ error: messages.pushTokenRequired })
    .trim()
    .min(1, messages.pushTokenRequired)
    .max(limits.pushTokenMax, messages.pushTokenTooLong)
    .nullable(),
});

/**
 * POST /app/me/change-password: the portal's change-password rules with an app user's password
 * rule (passwordFieldFor 'User'); the answer is a fresh token (freshTokenSchema).
 */
export const appChangePasswordSchema = z.object({
  currentPassword: changePasswordSchema.shape.oldPassword,
  newPassword: passwordFieldFor('User', messages.newPasswordRequired),
});

/** DELETE /app/me: erasure, after proving it is the account's owner. */
export const appEraseSchema = z.object({
  password: z
    .string({ error: ifMissing(messages.passwordRequired) })
    .min(1, messages.passwordRequired)
    .max(limits.passwordMax, messages.passwordTooLong),
});

/** GET /app/me/export: every row the server keeps about the caller, as JSON. */
export const appExportSchema = z.object({
  exportedAt: z.string(),
  profile: appMeSchema.omit({ today: true }).extend({ createdAt: z.string() }),
  stepLogs: z.array(z.object({ day: z.string(), steps: z.number().int(), coins: z.number().int() })),
  ledger: z.array(
    z.object({
      at: z.string(),
      kind: z.string(),
      amount: z.number().int(),
      refId: z.number().int().nullable(),
      refDay: z.string().nullable(),
      /** An administrator's adjustment: why (shown to the user as in their coin history). */
      reason: z.string().nullable(),
    }),
  ),
  quizAnswers: z.array(
    z.object({
      at: z.string(),
      quizId: z.number().int(),
      question: z.string(),
      option: z.number().int(),
      correct: z.boolean(),
      coins: z.number().int(),
    }),
  ),
  giftCards: z.array(
    z.object({
      id: z.number().int(),
      serialNumber: z.string(),
      controlCode: z.string(),
      amount: z.number(),
      currency: z.string(),
      storeName: z.string(),
      storeAddress: z.string(),
      validTill: z.string(),
      price: z.number().int(),
      redeemedAt: z.string().nullable(),
    }),
  ),
  giftBoxes: z.array(
    z.object({
      id: z.number().int(),
      openedAt: z.string().nullable(),
      coins: z.number().int(),
      latitude: z.number(),
      longitude: z.number(),
    }),
  ),
  messages: z.array(z.object({ at: z.string(), title: z.string(), message: z.string(), isRead: z.boolean() })),
  notifications: z.array(
    z.object({ at: z.string(), title: z.string(), message: z.string(), readAt: z.string().nullable() }),
  ),
});
export type AppExport = z.infer<typeof appExportSchema>;

/** The export's file name: strideadmin-my-data-<YYYY-MM-DD>.json. */
export const appExportFileName = (day: string) => `strideadmin-my-data-${day}.json`;
