import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordSchema,
  conflictEnvelope,
  errorEnvelopeSchema,
  freshTokenSchema,
  messages,
  okEnvelope,
  profileSchema,
  updateProfileSchema,
} from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { authUserOf } from '../../plugins/auth/index.js';
import { HttpError, throwIfRefused } from '../../plugins/errors.js';
import type { AttemptLimiter } from '../../plugins/login-limiter.js';
import { auditContextOf } from '../audit/index.js';
import { sessionClient } from '../auth/index.js';
import { changePassword, getProfile, updateProfile } from './service.js';

const failure = errorEnvelopeSchema;
const adminFailures = { 400: failure, 401: failure, 403: failure } as const;
const admin = { tags: ['profile'], security: [{ bearer: [] }] };

export async function profileRoutes(app: FastifyInstance, opts: { db: Db; limiter: AttemptLimiter }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/profile',
    {
      onRequest: app.requirePermission('profile:self'),
      schema: {
        ...admin,
        operationId: 'getProfile',
        summary: 'Your profile',
        description: 'Your own profile as stored now, with the version the profile form sends back.',
        response: { 200: okEnvelope(profileSchema), 401: failure, 403: failure, 404: failure },
      },
    },
    async (request) => {
      const profile = await getProfile(db, authUserOf(request));
      if (!profile) throw new HttpError(404, messages.userNotFound);
      return { body: profile };
    },
  );

  r.put(
    '/profile',
    {
      onRequest: app.requirePermission('profile:self'),
      schema: {
        ...admin,
        operationId: 'updateProfile',
        summary: 'Update your profile',
        description:
          'Updates your own profile (fields left out stay) and answers the session user, to merge into the stored session. With `version` and `coinsSeen`, a form loaded before the account changed is refused with 409. Kept for compatibility with the existing clients: your own id is in the body (`updateId`).',
        body: updateProfileSchema,
        response: {
          200: okEnvelope(profileSchema),
          ...adminFailures,
          404: failure,
          409: conflictEnvelope(profileSchema),
        },
      },
    },
    async (request, reply) => {
      const result = await updateProfile(db, authUserOf(request), request.body, auditContextOf(request));
      if (!result.ok && 'body' in result) return reply.code(409).send({ message: result.message, body: result.body });
      throwIfRefused(result);
      return { message: messages.profileUpdated, body: result.user };
    },
  );

  r.post(
    '/profile/change_password',
    {
      onRequest: app.requirePermission('profile:self'),
      schema: {
        ...admin,
        operationId: 'changePassword',
        summary: 'Change your password',
        description:
          'Changes your own password (the current one first); answers a fresh token for this session, and every other token stops working.',
        body: changePasswordSchema,
        response: { 200: okEnvelope(freshTokenSchema), ...adminFailures, 429: failure },
      },
    },
    async (request) => {
      const actor = authUserOf(request);
      // Wrong old passwords are limited per account (counted before the check): a stolen token
      // cannot be used to guess the password behind it.
      const result = await opts.limiter.attempt(String(actor.id), () =>
        changePassword(db, app.sessions, actor, request.body, auditContextOf(request), sessionClient(request)),
      );
      if (result === undefined) {
        throw new HttpError(429, messages.tooManyRequests, undefined, {
          'retry-after': String(opts.limiter.retryAfterSeconds),
        });
      }
      throwIfRefused(result);
      return { message: messages.passwordChanged, body: { token: result.token } };
    },
  );
}
