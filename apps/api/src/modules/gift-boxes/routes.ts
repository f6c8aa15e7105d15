import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkDeletedMessage,
  bulkDeleteResultSchema,
  bulkDeleteSchema,
  createdIdSchema,
  createGiftBoxConfigSchema,
  createManualGiftBoxSchema,
  errorEnvelopeSchema,
  giftBoxConfigDetailSchema,
  giftBoxConfigSchema,
  giftBoxSchema,
  idParamsSchema,
  listGiftBoxConfigsQuerySchema,
  limits,
  listResponse,
  mapConfigSchema,
  messages,
  okEnvelope,
  selectAllIdsResultSchema,
  updateGiftBoxConfigSchema,
} from '@strideadmin/contract';
import type { MapSettings } from '../../config.js';
import type { Database, Db } from '../../db/client.js';
import { csvFileResponse, sendCsv } from '../../plugins/csv-reply.js';
import { exportGiftBoxConfigs } from './export.js';
import { auditContextOf, recordExport } from '../audit/index.js';
import { HttpError, throwIfRefused } from '../../plugins/errors.js';
import {
  bulkDeleteGiftBoxConfigs,
  createGiftBoxConfig,
  deleteGiftBoxConfig,
  deleteManualGiftBox,
  getGiftBoxConfig,
  listGiftBoxConfigIds,
  listGiftBoxConfigs,
  placeManualGiftBox,
  updateGiftBoxConfig,
} from './service.js';

const failure = errorEnvelopeSchema;
/** What every admin call may answer besides its success: bad input, no token, not an admin. */
const adminFailures = { 400: failure, 401: failure, 403: failure } as const;
const admin = { tags: ['gift-boxes'], security: [{ bearer: [] }] };

/**
 * The gift box configs of /box-list, /add-box and /update-box, the boxes placed by hand from
 * /add-box-manual (docs/behaviour.md §10 and §11), and that screen's map settings.
 */
export async function giftBoxRoutes(app: FastifyInstance, opts: { db: Db; database: Database; map: MapSettings }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, map } = opts;

  r.get(
    '/giftbox/export',
    {
      // A HEAD of a file would run the export (and write its audit entry) for nothing.
      exposeHeadRoute: false,
      onRequest: app.requirePermission('giftBoxes:read'),
      schema: {
        ...admin,
        operationId: 'exportGiftBoxConfigs',
        summary: 'Export gift-box configs as CSV',
        description:
          "Every gift-box config the list's filters match, in the list's sort, as a CSV file (streamed, with cells made safe for spreadsheets); page and limit are ignored.",
        querystring: listGiftBoxConfigsQuerySchema,
        response: { 200: csvFileResponse, ...adminFailures },
      },
    },
    async (request, reply) => {
      await recordExport(db, auditContextOf(request), 'gift-box-config', request.query);
      return sendCsv(reply, exportGiftBoxConfigs(opts.database, request.query));
    },
  );

  r.get(
    '/giftbox',
    {
      onRequest: app.requirePermission('giftBoxes:read'),
      schema: {
        ...admin,
        operationId: 'listGiftBoxConfigs',
        summary: 'List gift-box configs',
        description:
          "A page of gift-box configs, filtered by type (the config's name; contains, any case), each with its manualBoxCount, and the filtered count.",
        querystring: listGiftBoxConfigsQuerySchema,
        response: { 200: okEnvelope(listResponse(giftBoxConfigSchema)), ...adminFailures },
      },
    },
    async (request) => ({ body: await listGiftBoxConfigs(db, request.query) }),
  );

  r.get(
    '/giftbox/:id',
    {
      onRequest: app.requirePermission('giftBoxes:read'),
      schema: {
        ...admin,
        operationId: 'getGiftBoxConfig',
        summary: 'Get a gift-box config',
        description: 'One gift-box config and the boxes placed by hand under it (ManualBoxes), newest first.',
        params: idParamsSchema,
        response: { 200: okEnvelope(giftBoxConfigDetailSchema), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const config = await getGiftBoxConfig(db, request.params.id);
      if (!config) throw new HttpError(404, messages.giftBoxConfigNotFound);
      return { body: config };
    },
  );

  r.post(
    '/giftbox',
    {
      onRequest: app.requirePermission('giftBoxes:write'),
      schema: {
        ...admin,
        operationId: 'createGiftBoxConfig',
        summary: 'Add a gift-box config',
        description: "Adds a gift-box config; its type (the config's name) must be new, whatever the case.",
        body: createGiftBoxConfigSchema,
        response: { 200: okEnvelope(createdIdSchema), ...adminFailures, 409: failure },
      },
    },
    async (request) => {
      const result = await createGiftBoxConfig(db, auditContextOf(request), request.body);
      throwIfRefused(result);
      return { message: messages.giftBoxConfigCreated, body: { id: result.id } };
    },
  );

  r.put(
    '/giftbox',
    {
      onRequest: app.requirePermission('giftBoxes:write'),
      schema: {
        ...admin,
        operationId: 'updateGiftBoxConfig',
        summary: 'Update a gift-box config',
        description:
          'Updates the gift-box config `updateId` (its id in the body, as the other update calls take it) and answers the config as stored.',
        body: updateGiftBoxConfigSchema,
        response: { 200: okEnvelope(giftBoxConfigSchema), ...adminFailures, 404: failure, 409: failure },
      },
    },
    async (request) => {
      const result = await updateGiftBoxConfig(db, auditContextOf(request), request.body);
      throwIfRefused(result);
      return { message: messages.giftBoxConfigUpdated, body: result.config };
    },
  );

  r.delete(
    '/giftbox/:id',
    {
      onRequest: app.requirePermission('giftBoxes:write'),
      schema: {
        ...admin,
        operationId: 'deleteGiftBoxConfig',
        summary: 'Delete a gift-box config',
        description: 'Deletes a gift-box config and every box placed under it.',
        params: idParamsSchema,
        response: { 200: okEnvelope(z.null()), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const result = await deleteGiftBoxConfig(db, auditContextOf(request), request.params.id);
      throwIfRefused(result);
      return { message: messages.giftBoxConfigDeleted, body: null };
    },
  );

  // Static paths: find-my-way matches /giftbox/manual before /giftbox/:id, so POST /giftbox/manual
  // is never taken for a config id, and DELETE /giftbox/manual/{id} has its own parameter.
  r.post(
    '/giftbox/manual',
    {
      onRequest: app.requirePermission('giftBoxes:write'),
      schema: {
        ...admin,
        operationId: 'placeGiftBox',
        summary: 'Place a gift box',
        description: 'Places one gift box by hand under a config, at a point of the map, with its coins and expiry.',
        body: createManualGiftBoxSchema,
        response: { 200: okEnvelope(giftBoxSchema), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const result = await placeManualGiftBox(db, auditContextOf(request), request.body);
      throwIfRefused(result);
      return { message: messages.giftBoxPlaced, body: result.box };
    },
  );

  r.delete(
    '/giftbox/manual/:id',
    {
      onRequest: app.requirePermission('giftBoxes:write'),
      schema: {
        ...admin,
        operationId: 'deletePlacedGiftBox',
        summary: 'Remove a placed gift box',
        description: 'Removes a gift box placed by hand.',
        params: idParamsSchema,
        response: { 200: okEnvelope(z.null()), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const result = await deleteManualGiftBox(db, auditContextOf(request), request.params.id);
      throwIfRefused(result);
      return { message: messages.giftBoxDeleted, body: null };
    },
  );

  // Signed-in administrators only: MAP_TILE_URL may carry the tile provider's key, which the
  // portal reads here at run time instead of having it in its bundle.
  r.get(
    '/config/map',
    {
      onRequest: app.requirePermission('giftBoxes:read'),
      schema: {
        ...admin,
        operationId: 'getMapConfig',
        summary: "The map's settings",
        description:
          'The settings of the map on which gift boxes are placed: the tile URL template, attribution, maximum zoom, center and zoom.',
        response: { 200: okEnvelope(mapConfigSchema), 401: failure, 403: failure },
      },
    },
    async () => ({ body: map }),
  );

  // ---- Bulk delete and "select all matching" (docs/behaviour.md §12). Static paths: find-my-way
  // matches them before /giftbox/:id, so 'ids' and 'bulk-delete' are never taken for an id. ----

  r.post(
    '/giftbox/bulk-delete',
    {
      onRequest: app.requirePermission('giftBoxes:write'),
      schema: {
        ...admin,
        operationId: 'bulkDeleteGiftBoxConfigs',
        summary: 'Delete many gift-box configs',
        description:
          'Deletes many gift-box configs, with every box placed under them, in one transaction: an id not found is refused with its message.',
        body: bulkDeleteSchema,
        response: { 200: okEnvelope(bulkDeleteResultSchema), ...adminFailures },
      },
    },
    async (request) => {
      const result = await bulkDeleteGiftBoxConfigs(db, auditContextOf(request), request.body.ids);
      return {
        message: bulkDeletedMessage('giftBoxConfigs', result.deleted.length, result.refused.length),
        body: result,
      };
    },
  );

  r.get(
    '/giftbox/ids',
    {
      onRequest: app.requirePermission('giftBoxes:read'),
      schema: {
        ...admin,
        operationId: 'listGiftBoxConfigIds',
        summary: 'Ids of the matching gift-box configs',
        description: `The ids of every gift-box config the list's filters match, in the list's order (page and limit are ignored), at most ${limits.selectAllMax.toLocaleString('en-US')}.`,
        querystring: listGiftBoxConfigsQuerySchema,
        response: { 200: okEnvelope(selectAllIdsResultSchema), ...adminFailures },
      },
    },
    async (request) => ({ body: await listGiftBoxConfigIds(db, request.query) }),
  );
}
