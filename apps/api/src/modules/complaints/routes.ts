import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkDeletedMessage,
  bulkDeleteResultSchema,
  bulkDeleteSchema,
  complaintQuerySchema,
  createComplaintQuerySchema,
  createdIdSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  listComplaintQueriesQuerySchema,
  limits,
  listResponse,
  messages,
  okEnvelope,
  selectAllIdsResultSchema,
  updateComplaintQuerySchema,
} from '@strideadmin/contract';
import type { Database, Db } from '../../db/client.js';
import { csvFileResponse, sendCsv } from '../../plugins/csv-reply.js';
import { exportComplaintQueries } from './export.js';
import { authUserOf } from '../../plugins/auth/index.js';
import { auditContextOf, recordExport } from '../audit/index.js';
import { HttpError, throwIfRefused } from '../../plugins/errors.js';
import {
  bulkDeleteComplaintQueries,
  createComplaintQuery,
  deleteComplaintQuery,
  getComplaintQuery,
  listComplaintQueries,
  listComplaintQueryIds,
  updateComplaintQuery,
} from './service.js';

const failure = errorEnvelopeSchema;
/** What every admin call may answer besides its success: bad input, no token, not an admin. */
const adminFailures = { 400: failure, 401: failure, 403: failure } as const;
const admin = { tags: ['complaint-queries'], security: [{ bearer: [] }] };
const appCall = { tags: ['app'], security: [{ bearer: [] }] };

/** The complaint queries of docs/behaviour.md §3 (Message), at the spec's paths /message. */
export async function complaintQueryRoutes(app: FastifyInstance, opts: { db: Db; database: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/message/export',
    {
      // A HEAD of a file would run the export (and write its audit entry) for nothing.
      exposeHeadRoute: false,
      onRequest: app.requirePermission('complaints:read'),
      schema: {
        ...admin,
        operationId: 'exportComplaintQueries',
        summary: 'Export complaint queries as CSV',
        description:
          "Every complaint query the list's filters match, in the list's sort, as a CSV file (streamed, with cells made safe for spreadsheets); page and limit are ignored.",
        querystring: listComplaintQueriesQuerySchema,
        response: { 200: csvFileResponse, ...adminFailures },
      },
    },
    async (request, reply) => {
      await recordExport(db, auditContextOf(request), 'complaint-query', request.query);
      return sendCsv(reply, exportComplaintQueries(opts.database, request.query));
    },
  );

  r.get(
    '/message',
    {
      onRequest: app.requirePermission('complaints:read'),
      schema: {
        ...admin,
        operationId: 'listComplaintQueries',
        summary: 'List complaint queries',
        description:
          'A page of complaint queries with their sender, filtered by title (contains, any case) and isRead, with the filtered count.',
        querystring: listComplaintQueriesQuerySchema,
        response: { 200: okEnvelope(listResponse(complaintQuerySchema)), ...adminFailures },
      },
    },
    async (request) => ({ body: await listComplaintQueries(db, request.query) }),
  );

  r.get(
    '/message/:id',
    {
      onRequest: app.requirePermission('complaints:read'),
      schema: {
        ...admin,
        operationId: 'getComplaintQuery',
        summary: 'Get a complaint query',
        description:
          'One complaint query: id, isRead, title, message, source, createdAt and its sender (User), null once their account is deleted.',
        params: idParamsSchema,
        response: { 200: okEnvelope(complaintQuerySchema), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const query = await getComplaintQuery(db, request.params.id);
      if (!query) throw new HttpError(404, messages.queryNotFound);
      return { body: query };
    },
  );

  r.put(
    '/message',
    {
      onRequest: app.requirePermission('complaints:write'),
      schema: {
        ...admin,
        operationId: 'markComplaintQueryRead',
        summary: 'Mark a complaint query read or unread',
        description:
          "Marks the complaint query `updateId` read or unread. Kept for compatibility with the existing clients: the path's name, and the query's id in the body (`updateId`).",
        body: updateComplaintQuerySchema,
        response: { 200: okEnvelope(complaintQuerySchema), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const result = await updateComplaintQuery(db, auditContextOf(request), request.body);
      throwIfRefused(result);
      return { message: messages.queryUpdated, body: result.query };
    },
  );

  r.delete(
    '/message/:id',
    {
      onRequest: app.requirePermission('complaints:write'),
      schema: {
        ...admin,
        operationId: 'deleteComplaintQuery',
        summary: 'Delete a complaint query',
        description: 'Deletes a complaint query.',
        params: idParamsSchema,
        response: { 200: okEnvelope(z.null()), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const result = await deleteComplaintQuery(db, auditContextOf(request), request.params.id);
      throwIfRefused(result);
      return { message: messages.queryDeleted, body: null };
    },
  );

  // ---- App (mobile) calls: an active app user's token (requireAppUser; docs/behaviour.md §10) ----

  r.post(
    '/app/message',
    {
      onRequest: app.requireAppUser,
      schema: {
        ...appCall,
        operationId: 'sendComplaintQuery',
        summary: 'Send a complaint query',
        description: 'Sends a complaint query from the app (source Mobile), unread.',
        body: createComplaintQuerySchema,
        response: { 200: okEnvelope(createdIdSchema), 400: failure, 401: failure, 403: failure },
      },
    },
    async (request) => ({
      message: messages.messageSent,
      body: { id: await createComplaintQuery(db, authUserOf(request).id, request.body) },
    }),
  );

  // ---- Bulk delete and "select all matching" (docs/behaviour.md §12). Static paths: find-my-way
  // matches them before /message/:id, so 'ids' and 'bulk-delete' are never taken for an id. ----

  r.post(
    '/message/bulk-delete',
    {
      onRequest: app.requirePermission('complaints:write'),
      schema: {
        ...admin,
        operationId: 'bulkDeleteComplaintQueries',
        summary: 'Delete many complaint queries',
        description:
          'Deletes many complaint queries in one transaction: an id not found is refused with its message, the rest are deleted.',
        body: bulkDeleteSchema,
        response: { 200: okEnvelope(bulkDeleteResultSchema), ...adminFailures },
      },
    },
    async (request) => {
      const result = await bulkDeleteComplaintQueries(db, auditContextOf(request), request.body.ids);
      return {
        message: bulkDeletedMessage('complaintQueries', result.deleted.length, result.refused.length),
        body: result,
      };
    },
  );

  r.get(
    '/message/ids',
    {
      onRequest: app.requirePermission('complaints:read'),
      schema: {
        ...admin,
        operationId: 'listComplaintQueryIds',
        summary: 'Ids of the matching complaint queries',
        description: `The ids of every complaint query the list's filters match, in the list's order (page and limit are ignored), at most ${limits.selectAllMax.toLocaleString('en-US')}.`,
        querystring: listComplaintQueriesQuerySchema,
        response: { 200: okEnvelope(selectAllIdsResultSchema), ...adminFailures },
      },
    },
    async (request) => ({ body: await listComplaintQueryIds(db, request.query) }),
  );
}
