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
        operationId: 'exportUsers',
        summary: 'Export users as CSV',
        description:
          "Every user the list's filters match, in the list's sort, as a CSV file (streamed, with cells made safe for spreadsheets); page and limit are ignored.",
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
        operationId: 'listUsers',
        summary: 'List users',
        description:
          'A page of users, filtered by name and e-mail (contains, any case) and role, with the filtered count.',
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
        operationId: 'getUser',
        summary: 'Get a user',
        description:
          "One user with their role, the gift cards they redeemed, and the version of their account's fields (sent back by PUT /api/users).",
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
        operationId: 'createUser',
        summary: 'Add a user',
        description:
          "Adds a user, without a password until one is set: an invitation is e-mailed to the address. Answers the new user's id.",
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
        operationId: 'updateUser',
        summary: 'Update a user',
        description:
          "Updates the user `updateId`. With `version` and `coinsSeen` (what the form loaded), a form loaded before the user changed is refused with 409 and the stored user, and coins change by the difference the form made. Kept for compatibility with the existing clients: the user's id is in the body (`updateId`), not in the path.",
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
        operationId: 'setUserPassword',
        summary: "Set another user's password",
        description:
          "Sets the password of the user `updateId`; their existing tokens stop working. Your own password: POST /api/profile/change_password. Kept for compatibility with the existing clients: the path's name, and the user's id in the body (`updateId`).",
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
        operationId: 'deleteUser',
        summary: 'Delete a user',
        description: 'Deletes a user; their gift cards stay, without an owner.',
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
        operationId: 'bulkDeleteUsers',
        summary: 'Delete many users',
        description:
          'Deletes many users in one transaction: each is refused as DELETE /api/users/{id} would refuse it (your own account, not found), the rest are deleted and signed out.',
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
        operationId: 'listUserIds',
        summary: 'Ids of the matching users',
        description: `The ids of every user the list's filters match, in the list's order (page and limit are ignored), at most ${limits.selectAllMax.toLocaleString('en-US')}.`,
        querystring: listUsersQuerySchema,
        response: { 200: okEnvelope(selectAllIdsResultSchema), ...adminFailures },
      },
    },
    async (request) => ({ body: await listUserIds(db, request.query) }),
  );
}
