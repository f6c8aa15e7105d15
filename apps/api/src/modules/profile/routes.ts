import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordSchema,
  errorEnvelopeSchema,
  freshTokenSchema,
  messages,
  okEnvelope,
  sessionUserSchema,
  updateProfileSchema,
} from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { sessionClient } from '../auth/index.js';
import { authUserOf } from '../users/index.js';
import { changePassword, updateProfile } from './service.js';

const failure = errorEnvelopeSchema;
const adminFailures = { 400: failure, 401: failure, 403: failure } as const;
const admin = { tags: ['profile'], security: [{ bearer: [] }] };

export async function profileRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.put(
    '/profile',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...admin,
        summary: 'Update your own profile; answers the session user to merge into the stored session (spec §7)',
        body: updateProfileSchema,
        response: { 200: okEnvelope(sessionUserSchema), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const result = await updateProfile(db, authUserOf(request), request.body);
      if (!result.ok) throw new HttpError(result.status, result.message);
      return { message: messages.profileUpdated, body: result.user };
    },
  );

  r.post(
    '/profile/change_password',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...admin,
        summary: 'Change your own password; answers a fresh token for this session, every other token stops working',
        body: changePasswordSchema,
        response: { 200: okEnvelope(freshTokenSchema), ...adminFailures },
      },
    },
    async (request) => {
      const result = await changePassword(db, app.sessions, authUserOf(request), request.body, sessionClient(request));
      if (!result.ok) throw new HttpError(result.status, result.message);
      return { message: messages.passwordChanged, body: { token: result.token } };
    },
  );
}
