import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appChangePasswordSchema,
  appEraseSchema,
  appExportFileName,
  appExportSchema,
  appMeSchema,
  appPushTokenSchema,
  errorEnvelopeSchema,
  freshTokenSchema,
  idParamsSchema,
  messages,
  okEnvelope,
  todayIso,
  updateAppMeSchema,
} from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { authUserOf } from '../../plugins/auth/index.js';
import { HttpError, throwIfRefused } from '../../plugins/errors.js';
import type { AttemptLimiter } from '../../plugins/login-limiter.js';
import { type ConfiguredStorage, storedObjectOf } from '../../storage/index.js';
import { auditContextOf, recordExport } from '../audit/index.js';
import { sessionClient } from '../auth/index.js';
import { changePassword } from '../profile/index.js';
import { clearStepsFlag, eraseAccount, exportAccount, getAppMe, setPushToken, updateAppMe } from './service.js';

const failure = errorEnvelopeSchema;
/** What every app call may answer besides its success: bad input, no token, not an app user, past the rate limit. */
const appFailures = { 400: failure, 401: failure, 403: failure, 429: failure } as const;
const appCall = { tags: ['app'], security: [{ bearer: [] }] };
const messageOnly = z.object({ message: z.string() });

/**
 * The app user's own account (docs/behaviour.md §11), every call behind requireAppUser (which also
 * counts the per-user app rate limit); and the portal's clearing of the steps flag
 * (users:write, like every edit of a user).
 */
export async function appAccountRoutes(
  app: FastifyInstance,
  opts: { db: Db; storage: ConfiguredStorage; limiter: AttemptLimiter },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, limiter } = opts;

  /** A password check counted per account (as change_password's): a stolen token cannot guess it. */
  async function limited<T extends { ok: boolean }>(request: FastifyRequest, check: () => Promise<T>): Promise<T> {
    const result = await limiter.attempt(String(authUserOf(request).id), check);
    if (result === undefined) {
      throw new HttpError(429, messages.tooManyRequests, undefined, {
        'retry-after': String(limiter.retryAfterSeconds),
      });
    }
    return result;
  }

  r.get(
    '/app/me',
    {
      onRequest: app.requireAppUser,
      schema: {
        ...appCall,
        operationId: 'getAppMe',
        summary: 'Your profile and coins',
        description: "The caller's profile, coin balance, today's steps and goal, and whether their steps are flagged.",
        response: { 200: okEnvelope(appMeSchema), ...appFailures, 404: failure },
      },
    },
    async (request) => {
      const me = await getAppMe(db, authUserOf(request).id);
      if (!me) throw new HttpError(404, messages.userNotFound);
      return { body: me };
    },
  );

  r.put(
    '/app/me',
    {
      onRequest: app.requireAppUser,
      schema: {
        ...appCall,
        operationId: 'updateAppMe',
        summary: 'Update your profile',
        description:
          "Changes the caller's profile or step tracking: only the fields sent change (at least one), with the same rules as the portal's user form.",
        body: updateAppMeSchema,
        response: { 200: okEnvelope(appMeSchema), ...appFailures, 404: failure },
      },
    },
    async (request) => {
      const result = await updateAppMe(db, authUserOf(request), request.body, auditContextOf(request));
      throwIfRefused(result);
      return { message: messages.profileUpdated, body: result.me };
    },
  );

  r.put(
    '/app/push-token',
    {
      onRequest: app.requireAppUser,
      schema: {
        ...appCall,
        operationId: 'setPushToken',
        summary: "Set the device's push token",
        description: "Sets the device's push token (its FCM registration token); null clears it.",
        body: appPushTokenSchema,
        response: { 200: messageOnly, ...appFailures },
      },
    },
    async (request) => {
      const { pushToken } = request.body;
      await setPushToken(db, authUserOf(request).id, pushToken);
      return { message: pushToken === null ? messages.pushTokenCleared : messages.pushTokenSaved };
    },
  );

  r.post(
    '/app/me/change-password',
    {
      onRequest: app.requireAppUser,
      schema: {
        ...appCall,
        operationId: 'changeAppPassword',
        summary: 'Change your password',
        description:
          "Changes the caller's password (the current one first); answers a fresh token for this session, and every other session of the account ends.",
        body: appChangePasswordSchema,
        response: { 200: okEnvelope(freshTokenSchema), ...appFailures },
      },
    },
    async (request) => {
      const actor = authUserOf(request);
      const { currentPassword, newPassword } = request.body;
      const result = await limited(request, () =>
        changePassword(
          db,
          app.sessions,
          actor,
          { oldPassword: currentPassword, newPassword },
          auditContextOf(request),
          sessionClient(request),
        ),
      );
      throwIfRefused(result);
      return { message: messages.passwordChanged, body: { token: result.token } };
    },
  );

  r.delete(
    '/app/me',
    {
      onRequest: app.requireAppUser,
      schema: {
        ...appCall,
        operationId: 'eraseAppAccount',
        summary: 'Erase your account',
        description:
          "Erases the caller's account (their password first): personal data removed, every session ended; coins, steps, gift cards and messages are kept without identity.",
        body: appEraseSchema,
        response: { 200: messageOnly, ...appFailures },
      },
    },
    async (request) => {
      const result = await limited(request, () =>
        eraseAccount(db, authUserOf(request), request.body.password, auditContextOf(request)),
      );
      throwIfRefused(result);
      // Every token of the account stops at once in this process (the others follow the NOTIFY).
      await app.sessions.revokeAllOf(authUserOf(request).id);
      const picture = result.profilePic ? storedObjectOf(result.profilePic, opts.storage.origins) : null;
      if (picture) {
        // After the commit: a picture left behind by a failing store is logged, the erasure stands.
        await opts.storage.remove(picture.folder, picture.key).catch((err: unknown) => {
          request.log.warn({ err }, 'the erased account’s picture could not be removed');
        });
      }
      return { message: messages.accountErased };
    },
  );

  r.get(
    '/app/me/export',
    {
      onRequest: app.requireAppUser,
      schema: {
        ...appCall,
        operationId: 'exportAppData',
        summary: 'Download your data',
        description:
          'Everything kept about the caller, as a JSON file: profile, steps, coin history, quiz answers, gift cards (with codes), gift boxes, messages, inbox.',
        response: { 200: appExportSchema, ...appFailures, 404: failure },
      },
    },
    async (request, reply) => {
      const { id } = authUserOf(request);
      const data = await exportAccount(db, id);
      if (!data) throw new HttpError(404, messages.userNotFound);
      // Every export is logged (docs/operations/audit-log.md), this one too: its actor is whose data it is.
      await recordExport(db, auditContextOf(request), 'user', {});
      void reply.header('content-disposition', `attachment; filename="${appExportFileName(todayIso())}"`);
      return data;
    },
  );

  r.post(
    '/users/:id/clear-steps-flag',
    {
      onRequest: app.requirePermission('users:write'),
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        operationId: 'clearUserStepsFlag',
        summary: "Clear a user's steps flag",
        description:
          "Clears a user's steps flag (the daily step limit reached on several days in a row), once looked at.",
        params: idParamsSchema,
        response: { 200: messageOnly, 400: failure, 401: failure, 403: failure, 404: failure, 409: failure },
      },
    },
    async (request) => {
      const result = await clearStepsFlag(db, auditContextOf(request), request.params.id);
      throwIfRefused(result);
      return { message: messages.stepsFlagCleared };
    },
  );
}
