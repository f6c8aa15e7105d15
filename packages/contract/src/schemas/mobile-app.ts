import { z } from '../zod.js';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { ifMissing } from '../zod-messages.js';
import { languages, quizOptionNumbers } from '../options.js';
import { emailField } from './auth.js';
import { listQueryBase } from './common.js';
import { dateField, nameField, passwordField, todayIso } from './fields.js';
import { giftCardSchema } from './gift-cards.js';
import { appPositionFields } from './app-catalogue.js';

/** The mobile app's calls (docs/behaviour.md §10, §11). App users hold tokens of the `app` audience. */

/**
 * POST /auth/register (docs/behaviour.md §7 legacy register path): a User-role account. The answer is the same
 * whether or not the address already has an account, and carries no token: the new account signs
 * in through POST /auth/login (at once, before its address is verified).
 */
export const registerSchema = z.object({
  email: emailField,
  name: nameField,
  password: passwordField(messages.passwordRequired),
});
export type RegisterInput = z.input<typeof registerSchema>;
export const registerResponseSchema = z.null();

/**
 * POST /app/steps: the day's steps; a later sync of the same day replaces the count. How far back a
 * day may be (STEPS_SYNC_DAYS) and the most steps a day (MAX_STEPS_PER_DAY) are the server's
 * configuration: it checks them after this schema, with messages.stepsDateTooOld / stepsAboveMax.
 */
export const appStepsSchema = z.object({
  date: z
    .string({ error: ifMissing(messages.stepsDateRequired) })
    .min(1, { message: messages.stepsDateRequired, abort: true })
    .pipe(dateField)
    .refine((d) => d <= todayIso(), { message: messages.stepsDateFuture, abort: true }),
  steps: z
    .number({ error: ifMissing(messages.stepsRequired) })
    .int(messages.stepsInvalid)
    .min(0, messages.stepsInvalid)
    .max(limits.int32Max, messages.stepsInvalid),
});
export type AppStepsInput = z.input<typeof appStepsSchema>;
export const appStepsResponseSchema = z.object({
  date: z.string(),
  steps: z.number().int(),
  /** Coins this day has earned in all. */
  coins: z.number().int(),
  /** Coins this sync credited (the difference to the day's earlier syncs; may be negative). */
  credited: z.number().int(),
  totalCoins: z.number().int(),
});

/** GET /app/quiz: active questions the caller has not answered yet, without the answer. */
// The app pages through its quiz; the portal's "count exactly" is not an app call.
const { count: _portalOnly, ...appListQueryBase } = listQueryBase;
export const appQuizQuerySchema = z.object({ ...appListQueryBase, language: z.enum(languages).optional() });
export const appQuizQuestionSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  option1: z.string(),
  option2: z.string(),
  option3: z.string(),
  option4: z.string(),
  language: z.enum(languages),
  coins: z.number().int(),
});
export type AppQuizQuestion = z.infer<typeof appQuizQuestionSchema>;

/** POST /app/quiz/{id}/answer. */
export const quizAnswerSchema = z.object({
  option: z
    .number({ error: ifMissing(messages.quizAnswerRequired) })
    .int(messages.quizAnswerRequired)
    .refine((n) => (quizOptionNumbers as readonly number[]).includes(n), messages.quizAnswerRequired),
});
export const quizAnswerResponseSchema = z.object({
  correct: z.boolean(),
  correctOption: z.number().int(),
  coins: z.number().int(),
  totalCoins: z.number().int(),
});

/** POST /app/giftbox/{id}/open: the phone's position, which must be within GIFTBOX_RADIUS_M of the box. */
export const giftBoxOpenSchema = z.object({ ...appPositionFields }, { error: messages.positionRequired });
export type GiftBoxOpenInput = z.input<typeof giftBoxOpenSchema>;
export const giftBoxOpenResponseSchema = z.object({ coins: z.number().int(), totalCoins: z.number().int() });

/** POST /app/giftcard/{id}/redeem: the card, now the caller's, and the coins left. */
export const redeemResponseSchema = z.object({ card: giftCardSchema, totalCoins: z.number().int() });
