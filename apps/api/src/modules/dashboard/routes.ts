import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardSchema, errorEnvelopeSchema, okEnvelope } from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { getDashboard } from './service.js';

const failure = errorEnvelopeSchema;
/** What every admin call may answer besides its success: bad input, no token, not an admin. */
const adminFailures = { 400: failure, 401: failure, 403: failure } as const;
const admin = { tags: ['dashboard'], security: [{ bearer: [] }] };

/** The Home dashboard's one call (docs/behaviour.md §10, §11; decision 0010). */
export async function dashboardRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/dashboard',
    {
      onRequest: app.requirePermission('dashboard:read'),
      schema: {
        ...admin,
        operationId: 'getDashboard',
        summary: 'Dashboard figures',
        description:
          'The totals of the range, and its series by day (Today, Week, Month) or by month (Year, All), plus the gift cards in stock and the unread complaint queries now.',
        querystring: dashboardQuerySchema,
        response: { 200: okEnvelope(dashboardSchema), ...adminFailures },
      },
    },
    async (request) => ({ body: await getDashboard(db, request.query.range) }),
  );
}
