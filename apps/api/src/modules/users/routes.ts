import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkDeletedMessage,
  bulkDeleteResultSchema,
  bulkDeleteSchema,
  conflictEnvelope,
  createdIdSchema,
  createUserSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  limits,
  listResponse,
  listUsersQuerySchema,
  messages,
  okEnvelope,
  selectAllIdsResultSchema,
  updateUserPasswordSchema,
  updateUserSchema,
  userDetailSchema,
  userListItemSchema,
} from '@strideadmin/contract';
import type { Database, Db } from '../../db/client.js';
import { csvFileResponse, sendCsv } from '../../plugins/csv-reply.js';
import { exportUsers } from './export.js';
import { auditContextOf, recordExport } from '../audit/index.js';
import { HttpError, throwIfRefused } from '../../plugins/errors.js';
import {
  bulkDeleteUsers,
  createUser,
  deleteUser,
  getUserDetail,
  listUserIds,
  listUsers,
  resetUserPassword,
  updateUser,
} from './service.js';

const failure = errorEnvelopeSchema;
/** What every admin call may answer besides its success: bad input, no token, not an admin. */
const adminFailures = { 400: failure, 401: failure, 403: failure } as const;
const admin = { tags: ['users'], security: [{ bearer: [] }] };

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

export async function userRoutes(app: FastifyInstance, opts: { db: Db; database: Database; notifier?: UserNotifier }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/users/export',
    {
      // A HEAD of a file would run the export (and write its audit entry) for nothing.
      exposeHeadRoute: false,
      onRequest: app.requirePermission('users:read'),
      schema: {
        ...admin,
        summary:
          "Every users matching the list's filters, in its sort, as a CSV file (docs/behaviour.md §12 Export); page and limit are ignored",
        querystring: listUsersQuerySchema,
        response: { 200: csvFileResponse, ...adminFailures },
      },
    },
    async (request, reply) => {
      await recordExport(db, auditContextOf(request), 'user', request.query);
      return sendCsv(reply, exportUsers(opts.database, request.query));
    },
  );

  r.get(
    '/users',
    {
      onRequest: app.requirePermission('users:read'),
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
      onRequest: app.requirePermission('users:read'),
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
      onRequest: app.requirePermission('users:write'),
      schema: {
        ...admin,
        summary: 'Add a user, without a password until one is set (docs/behaviour.md §7 POST /users)',
        body: createUserSchema,
        response: { 200: okEnvelope(createdIdSchema), ...adminFailures, 409: failure },
      },
    },
    async (request) => {
      const result = await createUser(db, auditContextOf(request), request.body);
      throwIfRefused(result);
      opts.notifier?.userCreated(result.id);
      return { message: messages.userCreated, body: { id: result.id } };
    },
  );

  r.put(
    '/users',
    {
      onRequest: app.requirePermission('users:write'),
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
      const result = await updateUser(db, auditContextOf(request), request.body, app.sessions);
      if (!result.ok && 'body' in result) return reply.code(409).send({ message: result.message, body: result.body });
      throwIfRefused(result);
      return { message: messages.userUpdated, body: result.user };
    },
  );

  r.put(
    '/users/updatepassword',
    {
      onRequest: app.requirePermission('users:write'),
      schema: {
        ...admin,
        summary:
          "Set another user's password; their existing tokens stop working (docs/behaviour.md §7 PUT /users/updatepassword). Your own: POST /profile/change_password",
        body: updateUserPasswordSchema,
        response: { 200: okEnvelope(z.null()), ...adminFailures, 404: failure, 409: failure },
      },
    },
    async (request) => {
      const result = await resetUserPassword(db, auditContextOf(request), request.body.updateId, request.body.password);
      throwIfRefused(result);
      opts.notifier?.passwordSetByAdmin(request.body.updateId);
      return { message: messages.userPasswordUpdated, body: null };
    },
  );

  r.delete(
    '/users/:id',
    {
      onRequest: app.requirePermission('users:write'),
      schema: {
        ...admin,
        summary: 'Delete a user; their gift cards stay, without an owner',
        params: idParamsSchema,
        response: { 200: okEnvelope(z.null()), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const result = await deleteUser(db, auditContextOf(request), request.params.id);
      throwIfRefused(result);
      return { message: messages.userDeleted, body: null };
    },
  );

  // ---- Bulk delete and "select all matching" (docs/behaviour.md §12). Static paths: find-my-way
  // matches them before /users/:id, so 'ids' and 'bulk-delete' are never taken for an id. ----

  r.post(
    '/users/bulk-delete',
    {
      onRequest: app.requirePermission('users:write'),
      schema: {
        ...admin,
        summary:
          'Delete many users in one transaction: each is refused as DELETE /users/{id} would refuse it (your own account, not found), the rest are deleted and signed out',
        body: bulkDeleteSchema,
        response: { 200: okEnvelope(bulkDeleteResultSchema), ...adminFailures },
      },
    },
    async (request) => {
      const result = await bulkDeleteUsers(db, auditContextOf(request), request.body.ids);
      return { message: bulkDeletedMessage('users', result.deleted.length, result.refused.length), body: result };
    },
  );

  r.get(
    '/users/ids',
    {
      onRequest: app.requirePermission('users:read'),
      schema: {
        ...admin,
        summary: `The ids of all users the list filters match, in the list order (page and limit ignored), at most ${limits.selectAllMax.toLocaleString('en-US')}`,
        querystring: listUsersQuerySchema,
        response: { 200: okEnvelope(selectAllIdsResultSchema), ...adminFailures },
      },
    },
    async (request) => ({ body: await listUserIds(db, request.query) }),
  );
}
