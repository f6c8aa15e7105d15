import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkDeletedMessage,
  bulkDeleteResultSchema,
  bulkDeleteSchema,
  bulkRowResultSchema,
  createdIdSchema,
  type CsvDateOrder,
  createGiftCardSchema,
  errorEnvelopeSchema,
  giftCardCsvTemplate,
  giftCardSchema,
  giftCardSettingsSchema,
  idParamsSchema,
  limits,
  listGiftCardsQuerySchema,
  listResponse,
  messages,
  multipleGiftCardsSchema,
  okEnvelope,
  selectAllIdsResultSchema,
  updateGiftCardSchema,
} from '@strideadmin/contract';
import type { Database, Db } from '../../db/client.js';
import { csvFileResponse, sendCsv } from '../../plugins/csv-reply.js';
import { exportGiftCards } from './export.js';
import { HttpError, throwIfRefused } from '../../plugins/errors.js';
// app.metrics is the metrics plugin's: its types, for programs without app.ts (the web's e2e server reaches
// this file through the users module).
import type {} from '../../plugins/metrics.js';
import { importGiftCards } from './bulk-import.js';
import { auditContextOf, recordExport } from '../audit/index.js';
import {
  bulkDeleteGiftCards,
  createGiftCard,
  deleteGiftCard,
  getGiftCard,
  listGiftCardIds,
  listGiftCards,
  updateGiftCard,
} from './service.js';

const failure = errorEnvelopeSchema;
/** What every admin call may answer besides its success: bad input, no token, not an admin. */
const adminFailures = { 400: failure, 401: failure, 403: failure } as const;
const admin = { tags: ['gift-cards'], security: [{ bearer: [] }] };

/**
 * POST /multiplegiftcard carries up to limits.csvMaxRows rows as JSON: the CSV's own text
 * (limits.csvMaxBytes) plus, a row, the JSON keys and quotes and a card picture URL (2 KiB).
 * Only an administrator's request gets this far: the guard (giftCards:write) runs before the body is read.
 */
export const bulkBodyLimit = limits.csvMaxBytes + limits.csvMaxRows * 2048;

export const csvTemplateFileName = 'gift-cards-template.csv';

export async function giftCardRoutes(
  app: FastifyInstance,
  opts: { db: Db; database: Database; csvDateOrder: CsvDateOrder },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, csvDateOrder } = opts;

  // The settings the gift-card screens follow, read by the portal at run time (nothing secret, but
  // only for those who may read gift cards): the bulk import's preview reads dates as the server does.
  r.get(
    '/config/gift-cards',
    {
      onRequest: app.requirePermission('giftCards:read'),
      schema: {
        ...admin,
        operationId: 'getGiftCardSettings',
        summary: "The gift-card screens' settings",
        description:
          'csvDateOrder: how the bulk import reads dates such as 31/12/2027 (DMY, MDY or YMD; the server setting CSV_DATE_ORDER). ISO dates are always read as such.',
        response: { 200: okEnvelope(giftCardSettingsSchema), 401: failure, 403: failure },
      },
    },
    async () => ({ body: { csvDateOrder } }),
  );

  r.get(
    '/giftcard/export',
    {
      // A HEAD of a file would run the export (and write its audit entry) for nothing.
      exposeHeadRoute: false,
      onRequest: app.requirePermission('giftCards:read'),
      schema: {
        ...admin,
        operationId: 'exportGiftCards',
        summary: 'Export gift cards as CSV',
        description:
          "Every gift card the list's filters match, in the list's sort, as a CSV file (streamed, with cells made safe for spreadsheets); page and limit are ignored.",
        querystring: listGiftCardsQuerySchema,
        response: { 200: csvFileResponse, ...adminFailures },
      },
    },
    async (request, reply) => {
      await recordExport(db, auditContextOf(request), 'gift-card', request.query);
      return sendCsv(reply, exportGiftCards(opts.database, request.query));
    },
  );

  r.get(
    '/giftcard',
    {
      onRequest: app.requirePermission('giftCards:read'),
      schema: {
        ...admin,
        operationId: 'listGiftCards',
        summary: 'List gift cards',
        description:
          'A page of gift cards, filtered by serialNumber and storeName (contains, any case) and isExpired, with the filtered count.',
        querystring: listGiftCardsQuerySchema,
        response: { 200: okEnvelope(listResponse(giftCardSchema)), ...adminFailures },
      },
    },
    async (request) => ({ body: await listGiftCards(db, request.query) }),
  );

  // PUBLIC on purpose: docs/behaviour.md §7 has the sample CSV "downloadable from public storage", and it holds
  // no data (the header row and one made-up example). A static path: find-my-way matches it
  // before /giftcard/:id.
  r.get(
    '/giftcard/csv-template',
    {
      schema: {
        tags: ['gift-cards'],
        operationId: 'getGiftCardCsvTemplate',
        summary: 'The gift-card CSV template',
        description: 'The CSV file to fill in for an import: the header row and one example row. No token needed.',
        response: {
          200: { description: 'The CSV file, as an attachment', content: { 'text/csv': { schema: z.string() } } },
        },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvTemplateFileName}"`)
        .send(giftCardCsvTemplate()),
  );

  r.get(
    '/giftcard/:id',
    {
      onRequest: app.requirePermission('giftCards:read'),
      schema: {
        ...admin,
        operationId: 'getGiftCard',
        summary: 'Get a gift card',
        description:
          'One gift card. Kept for compatibility with the existing clients: the body is an array holding the card (read body[0]).',
        params: idParamsSchema,
        response: { 200: okEnvelope(z.array(giftCardSchema)), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const card = await getGiftCard(db, request.params.id);
      if (!card) throw new HttpError(404, messages.giftCardNotFound);
      return { body: [card] };
    },
  );

  r.post(
    '/giftcard',
    {
      onRequest: app.requirePermission('giftCards:write'),
      schema: {
        ...admin,
        operationId: 'createGiftCard',
        summary: 'Add a gift card',
        description: 'Adds one gift card; its serial number and control code must be new.',
        body: createGiftCardSchema,
        response: { 200: okEnvelope(createdIdSchema), ...adminFailures, 409: failure },
      },
    },
    async (request) => {
      const result = await createGiftCard(db, auditContextOf(request), request.body);
      throwIfRefused(result);
      return { message: messages.giftCardCreated, body: { id: result.id } };
    },
  );

  r.put(
    '/giftcard',
    {
      onRequest: app.requirePermission('giftCards:write'),
      schema: {
        ...admin,
        operationId: 'updateGiftCard',
        summary: 'Update a gift card',
        description:
          "Updates the gift card `updateId` (price is its price in coins); a refusal carries errors[]. Kept for compatibility with the existing clients: the card's id is in the body (`updateId`), not in the path.",
        body: updateGiftCardSchema,
        response: { 200: okEnvelope(giftCardSchema), ...adminFailures, 404: failure, 409: failure },
      },
    },
    async (request) => {
      const result = await updateGiftCard(db, auditContextOf(request), request.body);
      throwIfRefused(result);
      return { message: messages.giftCardUpdated, body: result.card };
    },
  );

  r.delete(
    '/giftcard/:id',
    {
      onRequest: app.requirePermission('giftCards:write'),
      schema: {
        ...admin,
        operationId: 'deleteGiftCard',
        summary: 'Delete a gift card',
        description: 'Deletes a gift card.',
        params: idParamsSchema,
        response: { 200: okEnvelope(z.null()), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const result = await deleteGiftCard(db, auditContextOf(request), request.params.id);
      throwIfRefused(result);
      return { message: messages.giftCardDeleted, body: null };
    },
  );

  r.post(
    '/multiplegiftcard',
    {
      onRequest: app.requirePermission('giftCards:write'),
      bodyLimit: bulkBodyLimit,
      schema: {
        ...admin,
        operationId: 'importGiftCards',
        summary: 'Import gift cards',
        description:
          "Creates gift cards from the rows of a CSV file: 200 when every row was created, 201 with the rows that were not, each with its errors; Valid Till is read in the date order that GET /config/gift-cards names. Kept for compatibility with the existing clients: the path's name, and 201 for rows refused.",
        body: multipleGiftCardsSchema,
        response: {
          200: okEnvelope(z.array(bulkRowResultSchema)),
          201: okEnvelope(z.array(bulkRowResultSchema)),
          ...adminFailures,
          413: failure,
        },
      },
    },
    async (request, reply) => {
      const { created, failed } = await importGiftCards(
        db,
        auditContextOf(request),
        request.body.giftCards,
        csvDateOrder,
      );
      app.metrics.giftCardRowsImported(created, failed.length);
      if (failed.length === 0) return reply.status(200).send({ message: messages.giftCardsCreated, body: [] });
      return reply.status(201).send({ message: messages.giftCardsPartlyCreated, body: failed });
    },
  );

  // ---- Bulk delete and "select all matching" (docs/behaviour.md §12). Static paths: find-my-way
  // matches them before /giftcard/:id, so 'ids' and 'bulk-delete' are never taken for an id. ----

  r.post(
    '/giftcard/bulk-delete',
    {
      onRequest: app.requirePermission('giftCards:write'),
      schema: {
        ...admin,
        operationId: 'bulkDeleteGiftCards',
        summary: 'Delete many gift cards',
        description:
          'Deletes many gift cards in one transaction: an id not found is refused with its message, the rest are deleted.',
        body: bulkDeleteSchema,
        response: { 200: okEnvelope(bulkDeleteResultSchema), ...adminFailures },
      },
    },
    async (request) => {
      const result = await bulkDeleteGiftCards(db, auditContextOf(request), request.body.ids);
      return { message: bulkDeletedMessage('giftCards', result.deleted.length, result.refused.length), body: result };
    },
  );

  r.get(
    '/giftcard/ids',
    {
      onRequest: app.requirePermission('giftCards:read'),
      schema: {
        ...admin,
        operationId: 'listGiftCardIds',
        summary: 'Ids of the matching gift cards',
        description: `The ids of every gift card the list's filters match, in the list's order (page and limit are ignored), at most ${limits.selectAllMax.toLocaleString('en-US')}.`,
        querystring: listGiftCardsQuerySchema,
        response: { 200: okEnvelope(selectAllIdsResultSchema), ...adminFailures },
      },
    },
    async (request) => ({ body: await listGiftCardIds(db, request.query) }),
  );
}
