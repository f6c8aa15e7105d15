import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkDeletedMessage,
  bulkDeleteResultSchema,
  bulkDeleteSchema,
  createdIdSchema,
  createNotificationSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  inboxNotificationSchema,
  listNotificationsQuerySchema,
  listQueryBase,
  limits,
  listResponse,
  messages,
  notificationSchema,
  okEnvelope,
  selectAllIdsResultSchema,
} from '@strideadmin/contract';
import type { Database, Db } from '../../db/client.js';
import { csvFileResponse, sendCsv } from '../../plugins/csv-reply.js';
import { exportNotifications } from './export.js';
import { authUserOf } from '../../plugins/auth/index.js';
import { auditContextOf, recordExport } from '../audit/index.js';
import { throwIfRefused } from '../../plugins/errors.js';
import {
  bulkDeleteNotifications,
  createNotification,
  deleteNotification,
  listInbox,
  listNotificationIds,
  listNotifications,
} from './service.js';

const failure = errorEnvelopeSchema;
/** What every admin call may answer besides its success: bad input, no token, not an admin. */
const adminFailures = { 400: failure, 401: failure, 403: failure } as const;
const admin = { tags: ['notifications'], security: [{ bearer: [] }] };
const appCall = { tags: ['app'], security: [{ bearer: [] }] };

/** GET /app/notifications: a page of the inbox. */
const inboxQuerySchema = z.object({ page: listQueryBase.page, limit: listQueryBase.limit });

export async function notificationRoutes(app: FastifyInstance, opts: { db: Db; database: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/notification/export',
    {
      // A HEAD of a file would run the export (and write its audit entry) for nothing.
      exposeHeadRoute: false,
      onRequest: app.requirePermission('notifications:read'),
      schema: {
        ...admin,
        operationId: 'exportNotifications',
        summary: 'Export notifications as CSV',
        description:
          "Every notification the list's filters match, in the list's sort, as a CSV file (streamed, with cells made safe for spreadsheets); page and limit are ignored.",
        querystring: listNotificationsQuerySchema,
        response: { 200: csvFileResponse, ...adminFailures },
      },
    },
    async (request, reply) => {
      await recordExport(db, auditContextOf(request), 'notification', request.query);
      return sendCsv(reply, exportNotifications(opts.database, request.query));
    },
  );

  r.get(
    '/notification',
    {
      onRequest: app.requirePermission('notifications:read'),
      schema: {
        ...admin,
        operationId: 'listNotifications',
        summary: 'List notifications',
        description:
          'A page of push notifications, filtered by title and message (contains, any case), with their status and delivery counts.',
        querystring: listNotificationsQuerySchema,
        response: { 200: okEnvelope(listResponse(notificationSchema)), ...adminFailures },
      },
    },
    async (request) => ({ body: await listNotifications(db, request.query) }),
  );

  r.post(
    '/notification',
    {
      onRequest: app.requirePermission('notifications:write'),
      schema: {
        ...admin,
        operationId: 'sendNotification',
        summary: 'Send a notification',
        description:
          'Sends a push notification to all users, the active users or chosen users, now or at sendAt: queued for delivery (to the app inboxes, and by FCM when configured).',
        body: createNotificationSchema,
        response: { 200: okEnvelope(createdIdSchema), ...adminFailures },
      },
    },
    async (request) => {
      const result = await createNotification(db, request.body, auditContextOf(request));
      throwIfRefused(result);
      return {
        message: result.scheduled ? messages.notificationScheduled : messages.notificationQueued,
        body: { id: result.id },
      };
    },
  );

  r.delete(
    '/notification/:id',
    {
      onRequest: app.requirePermission('notifications:write'),
      schema: {
        ...admin,
        operationId: 'deleteNotification',
        summary: 'Delete a notification',
        description:
          'Deletes a notification: deliveries not yet made are cancelled and it leaves the app inboxes (a push already made cannot be recalled).',
        params: idParamsSchema,
        response: { 200: okEnvelope(z.null()), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const result = await deleteNotification(db, auditContextOf(request), request.params.id);
      throwIfRefused(result);
      return { message: messages.notificationDeleted, body: null };
    },
  );

  // ---- App (mobile) calls: an active app user's token (requireAppUser; docs/behaviour.md §10) ----

  r.get(
    '/app/notifications',
    {
      onRequest: app.requireAppUser,
      schema: {
        ...appCall,
        operationId: 'listAppNotifications',
        summary: 'Your notification inbox',
        description: "The caller's notification inbox, newest first.",
        querystring: inboxQuerySchema,
        response: { 200: okEnvelope(listResponse(inboxNotificationSchema)), 400: failure, 401: failure, 403: failure },
      },
    },
    async (request) => ({ body: await listInbox(db, authUserOf(request).id, request.query) }),
  );

  // ---- Bulk delete and "select all matching" (docs/behaviour.md §12). Static paths: find-my-way
  // matches them before /notification/:id, so 'ids' and 'bulk-delete' are never taken for an id. ----

  r.post(
    '/notification/bulk-delete',
    {
      onRequest: app.requirePermission('notifications:write'),
      schema: {
        ...admin,
        operationId: 'bulkDeleteNotifications',
        summary: 'Delete many notifications',
        description:
          'Deletes many notifications in one transaction (as DELETE /api/notification/{id}: deliveries not yet made are cancelled): an id not found is refused with its message.',
        body: bulkDeleteSchema,
        response: { 200: okEnvelope(bulkDeleteResultSchema), ...adminFailures },
      },
    },
    async (request) => {
      const result = await bulkDeleteNotifications(db, auditContextOf(request), request.body.ids);
      return {
        message: bulkDeletedMessage('notifications', result.deleted.length, result.refused.length),
        body: result,
      };
    },
  );

  r.get(
    '/notification/ids',
    {
      onRequest: app.requirePermission('notifications:read'),
      schema: {
        ...admin,
        operationId: 'listNotificationIds',
        summary: 'Ids of the matching notifications',
        description: `The ids of every notification the list's filters match, in the list's order (page and limit are ignored), at most ${limits.selectAllMax.toLocaleString('en-US')}.`,
        querystring: listNotificationsQuerySchema,
        response: { 200: okEnvelope(selectAllIdsResultSchema), ...adminFailures },
      },
    },
    async (request) => ({ body: await listNotificationIds(db, request.query) }),
  );
}
