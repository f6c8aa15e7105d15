import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, idParamsSchema, messages, okEnvelope, userDetailSchema } from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { findUserById, toUserDetail } from './service.js';

export async function userRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/users/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'One user with its role (spec §7 GET /users/{id})',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: {
          200: okEnvelope(userDetailSchema),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const user = await findUserById(opts.db, request.params.id);
      if (!user) throw new HttpError(404, messages.userNotFound);
      return { body: toUserDetail(user) };
    },
  );
}
