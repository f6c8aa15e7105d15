import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  okEnvelope,
  quickSearchQuerySchema,
  quickSearchResultSchema,
} from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { quickSearch } from './service.js';

const failure = errorEnvelopeSchema;
/** What every admin call may answer besides its success: bad input, no token, not an admin. */
const adminFailures = { 400: failure, 401: failure, 403: failure } as const;
const admin = { tags: ['search'], security: [{ bearer: [] }] };

/** The top bar's quick search (docs/behaviour.md §12). */
export async function searchRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/search',
    {
      onRequest: app.requirePermission('users:read'),
      schema: {
        ...admin,
        operationId: 'quickSearch',
        summary: 'Quick search',
        description:
          'Users by name or e-mail and gift cards by serial number (contains, any case), closest matches first, a few of each.',
        querystring: quickSearchQuerySchema,
        response: { 200: okEnvelope(quickSearchResultSchema), ...adminFailures },
      },
    },
    async (request) => ({ body: await quickSearch(db, request.query.q) }),
  );
}
