import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adjustCoinsResponseSchema,
  adjustCoinsSchema,
  adminLedgerEntrySchema,
  errorEnvelopeSchema,
  idParamsSchema,
  ledgerQuerySchema,
  listResponse,
  messages,
  okEnvelope,
} from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { auditContextOf } from '../audit/index.js';
import { HttpError, throwIfRefused } from '../../plugins/errors.js';
import { adjustCoins, listUserLedger } from './history.js';

const failure = errorEnvelopeSchema;
const adminFailures = { 400: failure, 401: failure, 403: failure } as const;
const admin = { tags: ['users'], security: [{ bearer: [] }] };

/**
 * The portal's view of a user's coins (User Details, Coins): their history, and an
 * administrator's adjustment with a reason. Who may view users reads it; who may edit users adjusts.
 */
export async function ledgerRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/users/:id/ledger',
    {
      onRequest: app.requirePermission('users:read'),
      schema: {
        ...admin,
        operationId: 'listUserLedger',
        summary: "A user's coin history",
        description: "A page of the user's coin history, newest first, with who made each adjustment and why.",
        params: idParamsSchema,
        querystring: ledgerQuerySchema,
        response: { 200: okEnvelope(listResponse(adminLedgerEntrySchema)), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const page = await listUserLedger(db, request.params.id, request.query);
      if (!page) throw new HttpError(404, messages.userNotFound);
      return { body: page };
    },
  );

  r.post(
    '/users/:id/coins',
    {
      onRequest: app.requirePermission('users:write'),
      schema: {
        ...admin,
        operationId: 'adjustUserCoins',
        summary: "Adjust a user's coins",
        description:
          "Adjusts a user's coins by a signed amount, with a reason: an 'adjustment' entry of their coin history. Refused (409) when it would take the balance below 0.",
        params: idParamsSchema,
        body: adjustCoinsSchema,
        response: { 200: okEnvelope(adjustCoinsResponseSchema), ...adminFailures, 404: failure, 409: failure },
      },
    },
    async (request) => {
      const result = await adjustCoins(db, auditContextOf(request), { userId: request.params.id, ...request.body });
      throwIfRefused(result);
      return { message: messages.coinAdjustSaved, body: { totalCoins: result.totalCoins, entry: result.entry } };
    },
  );
}
