import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conflictEnvelope,
  createdIdSchema,
  createUserSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  listResponse,
  listUsersQuerySchema,
  messages,
  okEnvelope,
  updateUserPasswordSchema,
  updateUserSchema,
  userDetailSchema,
  userListItemSchema,
} from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../plugins/auth/index.js';
import { HttpError } from '../../plugins/errors.js';
import { createUser, deleteUser, getUserDetail, listUsers, resetUserPassword, updateUser } from './service.js';

const failure = errorEnvelopeSchema;
/** What every admin call may answer besides its success: bad input, no token, not an admin. */
const adminFailures = { 400: failure, 401: failure, 403: failure } as const;
const admin = { tags: ['users'], security: [{ bearer: [] }] };

/** The administrator the guard let through (requireAdmin ran as the onRequest hook). */
export function authUserOf(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new HttpError(401, messages.unauthorized);
  return request.authUser;
}

/**
 * Told about what an administrator did to an account, to e-mail its owner (the account module
 * implements it; injected, so this module does not reach into another). Must not throw: the
 * e-mail is sent in the background and its failure only logged.
 */
export interface UserNotifier {
  /** A new account: invitation with a verify link and a set-password link. */
  userCreated(userId: number): void;
  /** An administrator set the password: a notice, without the password. */
  passwordSetByAdmin(userId: number): void;
}

export async function userRoutes(app: FastifyInstance, opts: { db: Db; notifier?: UserNotifier }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/users',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...admin,
        summary: 'A page of users, filtered by name and e-mail (contains, any case), with the filtered count',
        querystring: listUsersQuerySchema,
        response: { 200: okEnvelope(listResponse(userListItemSchema)), ...adminFailures },
      },
    },
    async (request) => ({ body: await listUsers(db, request.query) }),
  );

  r.get(
    '/users/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...admin,
        summary: 'One user with its role, associated gift cards and version (docs/behaviour.md §7 GET /users/{id})',
        params: idParamsSchema,
        response: { 200: okEnvelope(userDetailSchema), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const user = await getUserDetail(db, request.params.id);
      if (!user) throw new HttpError(404, messages.userNotFound);
      return { body: user };
    },
  );

  r.post(
    '/users',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...admin,
        summary: 'Add a user, without a password until one is set (docs/behaviour.md §7 POST /users)',
        body: createUserSchema,
        response: { 200: okEnvelope(createdIdSchema), ...adminFailures, 409: failure },
      },
    },
    async (request) => {
      const result = await createUser(db, authUserOf(request).id, request.body);
      if (!result.ok) throw new HttpError(result.status, result.message);
      opts.notifier?.userCreated(result.id);
      return { message: messages.userCreated, body: { id: result.id } };
    },
  );

  r.put(
    '/users',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...admin,
        summary:
          'Update a user (docs/behaviour.md §7 PUT /users). With `version` and `coinsSeen` (what the form loaded), a form loaded ' +
          'before the user changed is refused with 409 and the stored user, and coins change by the difference the form made',
        body: updateUserSchema,
        response: {
          200: okEnvelope(userDetailSchema),
          ...adminFailures,
          404: failure,
          409: conflictEnvelope(userDetailSchema),
        },
      },
    },
    async (request, reply) => {
      const result = await updateUser(db, authUserOf(request).id, request.body);
      if (!result.ok && 'body' in result) return reply.code(409).send({ message: result.message, body: result.body });
      if (!result.ok) throw new HttpError(result.status, result.message);
      return { message: messages.userUpdated, body: result.user };
    },
  );

  r.put(
    '/users/updatepassword',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...admin,
        summary:
          "Set another user's password; their existing tokens stop working (docs/behaviour.md §7 PUT /users/updatepassword). Your own: POST /profile/change_password",
        body: updateUserPasswordSchema,
        response: { 200: okEnvelope(z.null()), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const result = await resetUserPassword(db, authUserOf(request).id, request.body.updateId, request.body.password);
      if (!result.ok) throw new HttpError(result.status, result.message);
      opts.notifier?.passwordSetByAdmin(request.body.updateId);
      return { message: messages.userPasswordUpdated, body: null };
    },
  );

  r.delete(
    '/users/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...admin,
        summary: 'Delete a user; their gift cards stay, without an owner',
        params: idParamsSchema,
        response: { 200: okEnvelope(z.null()), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const result = await deleteUser(db, authUserOf(request).id, request.params.id);
      if (!result.ok) throw new HttpError(result.status, result.message);
      return { message: messages.userDeleted, body: null };
    },
  );
}
