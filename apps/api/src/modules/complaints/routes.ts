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
        summary:
          "Every complaint queries matching the list's filters, in its sort, as a CSV file (docs/behaviour.md §12 Export); page and limit are ignored",
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
        summary:
          'A page of complaint queries with their sender, filtered by title (contains, any case) and isRead, with the filtered count',
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
        summary:
          'One complaint query (docs/behaviour.md §7: id, isRead, title, message, source, User); User is null once deleted',
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
        summary: 'Mark a complaint query read or unread (docs/behaviour.md §7 PUT /message { isRead, updateId })',
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
        summary: 'Delete a complaint query',
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
        summary: 'Send a complaint query from the app (source Mobile)',
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
        summary:
          'Delete many complaint queries in one transaction: an id not found is refused with its message, the rest are deleted',
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
        summary: `The ids of all complaint queries the list filters match, in the list order (page and limit ignored), at most ${limits.selectAllMax.toLocaleString('en-US')}`,
        querystring: listComplaintQueriesQuerySchema,
        response: { 200: okEnvelope(selectAllIdsResultSchema), ...adminFailures },
      },
    },
    async (request) => ({ body: await listComplaintQueryIds(db, request.query) }),
  );
}
