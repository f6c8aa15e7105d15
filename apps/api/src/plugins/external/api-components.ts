import {
  adminLedgerEntrySchema,
  appCatalogueCardSchema,
  appMeSchema,
  appMyGiftCardSchema,
  appNearbyBoxSchema,
  appQuizQuestionSchema,
  auditEntrySchema,
  bulkDeleteResultSchema,
  bulkRowResultSchema,
  complaintQuerySchema,
  createdIdSchema,
  errorEnvelopeSchema,
  giftBoxConfigDetailSchema,
  giftBoxConfigSchema,
  giftBoxSchema,
  giftCardSchema,
  healthSchema,
  inboxNotificationSchema,
  ledgerEntrySchema,
  livenessSchema,
  notificationSchema,
  profileSchema,
  quizQuestionSchema,
  readinessSchema,
  selectAllIdsResultSchema,
  sessionInfoSchema,
  sessionUserSchema,
  userDetailSchema,
  userListItemSchema,
} from '@strideadmin/contract';
import { z } from 'zod';

/**
 * The shapes the API reference names (its components.schemas), each the contract's one schema of
 * it: a call that answers one of them refers to it ($ref) instead of repeating it. The error
 * envelope alone is the answer of some 300 refusals.
 */
const namedSchemas: Record<string, { schema: z.ZodType; description: string }> = {
  ErrorEnvelope: {
    schema: errorEnvelopeSchema,
    description: 'A refused call: what went wrong, and when several fields are invalid, one entry per field.',
  },
  CreatedId: { schema: createdIdSchema, description: 'What a create call answers: the new record’s id.' },
  BulkDeleteResult: {
    schema: bulkDeleteResultSchema,
    description:
      'What a bulk delete did: the ids deleted, in one transaction, and each id refused with the message deleting that record alone would have answered.',
  },
  SelectAllIdsResult: {
    schema: selectAllIdsResultSchema,
    description:
      'The ids of every record a list’s filters match, in the list’s order; countCapped says more records match than the ids given.',
  },
  SessionUser: { schema: sessionUserSchema, description: 'The signed-in account, as a session keeps it.' },
  Profile: {
    schema: profileSchema,
    description: 'The signed-in account, with the version its profile form sends back.',
  },
  UserListItem: { schema: userListItemSchema, description: 'A user as a list shows it.' },
  UserDetail: {
    schema: userDetailSchema,
    description: 'A user with their role, the gift cards they redeemed and the version of their account’s fields.',
  },
  SessionInfo: { schema: sessionInfoSchema, description: 'A session of the signed-in account.' },
  GiftCard: { schema: giftCardSchema, description: 'A gift card, with its codes.' },
  GiftCardImportRowResult: {
    schema: bulkRowResultSchema,
    description: 'A row of a gift-card import, with the errors that kept it from being created.',
  },
  QuizQuestion: { schema: quizQuestionSchema, description: 'A quiz question, with its correct option.' },
  GiftBoxConfig: {
    schema: giftBoxConfigSchema,
    description: 'A gift-box config: the coins of its boxes, the steps that unlock them and how many a day.',
  },
  GiftBoxConfigDetail: {
    schema: giftBoxConfigDetailSchema,
    description: 'A gift-box config with the boxes placed by hand under it, newest first.',
  },
  GiftBox: { schema: giftBoxSchema, description: 'A gift box placed on the map.' },
  Notification: {
    schema: notificationSchema,
    description: 'A push notification, with its audience, status and delivery counts.',
  },
  InboxNotification: { schema: inboxNotificationSchema, description: 'A notification in an app user’s inbox.' },
  ComplaintQuery: {
    schema: complaintQuerySchema,
    description: 'A complaint query and its sender (null once their account is deleted).',
  },
  AuditEntry: { schema: auditEntrySchema, description: 'An entry of the audit log: who changed what, and how.' },
  LedgerEntry: { schema: ledgerEntrySchema, description: 'An entry of a user’s coin history.' },
  AdminLedgerEntry: {
    schema: adminLedgerEntrySchema,
    description: 'An entry of a user’s coin history, with the administrator who made an adjustment.',
  },
  Health: { schema: healthSchema, description: 'The server’s status, for a person.' },
  Liveness: { schema: livenessSchema, description: 'The process is up.' },
  Readiness: { schema: readinessSchema, description: 'Whether this instance should get traffic, and why not.' },
  AppMe: {
    schema: appMeSchema,
    description: 'The app user’s profile, coins, today’s steps and goal, and whether their steps are flagged.',
  },
  AppCatalogueCard: {
    schema: appCatalogueCardSchema,
    description: 'A gift card of the app’s catalogue: never its serial number or control code.',
  },
  AppMyGiftCard: {
    schema: appMyGiftCardSchema,
    description: 'A gift card the app user redeemed, with its codes and the time left.',
  },
  AppNearbyBox: {
    schema: appNearbyBoxSchema,
    description: 'A gift box the app user may open today, and how far it is.',
  },
  AppQuizQuestion: {
    schema: appQuizQuestionSchema,
    description: 'A quiz question as the app gets it: without the correct option.',
  },
};

/**
 * Gives each shape of namedSchemas its name, in zod's registry: the API reference lists it under
 * components.schemas (plugins/external/api-docs.ts), and the answers' serializer compiles it once
 * as a definition of each answer that holds it (plugins/serializer.ts). The same name for the same
 * schema every time: calling it again changes nothing.
 */
export function nameSharedSchemas(): void {
  for (const [id, { schema, description }] of Object.entries(namedSchemas)) {
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id, description });
  }
}
