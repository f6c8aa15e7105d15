import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditEntrySchema,
  auditListSchema,
  auditMessages,
  errorEnvelopeSchema,
  idParamsSchema,
  listAuditQuerySchema,
  okEnvelope,
} from '@strideadmin/contract';
import type { Database, Db } from '../../db/client.js';
import { csvFileResponse, sendCsv } from '../../plugins/csv-reply.js';
import { HttpError } from '../../plugins/errors.js';
import { auditContextOf, recordExport } from './context.js';
import { exportAuditEntries, getAuditEntry, listAuditEntries } from './list.js';

const failure = errorEnvelopeSchema;
/** What every admin call may answer besides its success: bad input, no token, not an admin. */
const adminFailures = { 400: failure, 401: failure, 403: failure } as const;
const admin = { tags: ['audit'], security: [{ bearer: [] }] };

/** The audit log, read only (docs/operations/audit-log.md "Reading the log"): administrators only. */
export async function auditRoutes(app: FastifyInstance, opts: { db: Db; database: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/audit/export',
    {
      // A HEAD of a file would run the export (and write its audit entry) for nothing.
      exposeHeadRoute: false,
      onRequest: app.requirePermission('audit:read'),
      schema: {
        ...admin,
        operationId: 'exportAuditLog',
        summary: 'Export the audit log as CSV',
        description: 'Every audit entry the filters match, newest first, as a CSV file; page and limit are ignored.',
        querystring: listAuditQuerySchema,
        response: { 200: csvFileResponse, ...adminFailures },
      },
    },
    async (request, reply) => {
      // Reading the log out is itself recorded.
      await recordExport(opts.db, auditContextOf(request), 'audit', request.query);
      return sendCsv(reply, exportAuditEntries(opts.database, request.query));
    },
  );

  r.get(
    '/audit',
    {
      onRequest: app.requirePermission('audit:read'),
      schema: {
        ...admin,
        operationId: 'listAuditEntries',
        summary: 'List audit entries',
        description:
          'A page of audit entries, newest first, filtered by administrator, action, record and time, with the filtered count.',
        querystring: listAuditQuerySchema,
        response: { 200: okEnvelope(auditListSchema), ...adminFailures },
      },
    },
    async (request) => ({ body: await listAuditEntries(db, request.query) }),
  );

  r.get(
    '/audit/:id',
    {
      onRequest: app.requirePermission('audit:read'),
      schema: {
        ...admin,
        operationId: 'getAuditEntry',
        summary: 'Get an audit entry',
        description: 'One audit entry with every field and its changes.',
        params: idParamsSchema,
        response: { 200: okEnvelope(auditEntrySchema), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const entry = await getAuditEntry(db, request.params.id);
      if (!entry) throw new HttpError(404, auditMessages.entryNotFound);
      return { body: entry };
    },
  );
}
