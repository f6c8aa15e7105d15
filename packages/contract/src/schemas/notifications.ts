import { z } from '../zod.js';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { ifMissing } from '../zod-messages.js';
import { languages, notificationAudiences, notificationStatuses } from '../options.js';
import { listQueryBase } from './common.js';
import { idField } from './fields.js';
import { dateTimeField } from './gift-boxes.js';

/** A push notification as the list shows it (docs/behaviour.md §11). */
export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  language: z.enum(languages),
  audience: z.enum(notificationAudiences),
  /** When it goes out: the chosen send time, or the time it was sent for "now". */
  sendAt: z.string(),
  status: z.enum(notificationStatuses),
  recipientCount: z.number().int(),
  deliveredCount: z.number().int(),
  failedCount: z.number().int(),
  createdAt: z.string(),
  /** When the last delivery was settled (sent or failed); null while queued. */
  completedAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

const requiredText = (message: string, max: number) =>
  z
    .string({ error: ifMissing(message) })
    .trim()
    .min(1, { message, abort: true })
    .max(max, `At most ${max} characters.`);

/** POST /notification (docs/behaviour.md §10). `userIds` only with audience `users`; `sendAt` optional (now). */
export const createNotificationSchema = z
  .object({
    title: requiredText(messages.titleRequired, limits.notificationTitleMax),
    message: requiredText(messages.messageRequired, limits.notificationMessageMax),
    language: z.enum(languages, { error: messages.languageRequired }),
    audience: z.enum(notificationAudiences, { error: ifMissing(messages.audienceRequired) }),
    userIds: z
      .array(idField, { error: ifMissing(messages.recipientsRequired) })
      .max(limits.notificationUsersMax, messages.recipientsTooMany)
      .default([]),
    sendAt: dateTimeField(messages.sendAtInvalid)
      .refine((s) => Date.parse(s) >= Date.now() - limits.sendAtGraceMs, messages.sendAtPast)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    if (v.audience === 'users' && v.userIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: messages.recipientsRequired });
    }
  })
  .transform((v) => ({ ...v, userIds: v.audience === 'users' ? [...new Set(v.userIds)] : [] }));
export type CreateNotificationInput = z.input<typeof createNotificationSchema>;
export type CreateNotification = z.output<typeof createNotificationSchema>;

/** GET /notification: filters title and message (docs/behaviour.md §2). */
export const notificationSortColumns = ['id', 'title', 'sendAt', 'status', 'createdAt'] as const;
export const listNotificationsQuerySchema = z.object({
  ...listQueryBase,
  sort: z.enum(notificationSortColumns).default('createdAt'),
  title: z.string().trim().max(255).optional(),
  message: z.string().trim().max(255).optional(),
});
export type ListNotificationsQuery = z.input<typeof listNotificationsQuerySchema>;

/** GET /app/notifications: one entry of an app user's inbox. */
export const inboxNotificationSchema = z.object({
  id: z.number().int(),
  notificationId: z.number().int(),
  title: z.string(),
  message: z.string(),
  language: z.enum(languages),
  createdAt: z.string(),
});
export type InboxNotification = z.infer<typeof inboxNotificationSchema>;
