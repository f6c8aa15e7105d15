import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelopeSchema,
  forgotPasswordSchema,
  messages,
  resetPasswordSchema,
  verifyTokenSchema,
} from '@strideadmin/contract';
import { authUserOf } from '../../plugins/auth/index.js';
import { HttpError } from '../../plugins/errors.js';
import type { RequestLimiter } from '../../plugins/login-limiter.js';
import type { AccountService } from './service.js';

const messageOnly = z.object({ message: z.string() });
const failure = errorEnvelopeSchema;

/** The account calls: signed out (docs/behaviour.md §7: public, no token), and the app user's new verify link. */
export async function accountRoutes(app: FastifyInstance, opts: { account: AccountService; limiter: RequestLimiter }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { account, limiter } = opts;

  r.post(
    '/auth/forgot_password',
    {
      schema: {
        tags: ['auth'],
        operationId: 'forgotPassword',
        summary: 'Ask for a password reset link',
        description:
          "E-mails a link to reset the password; the same answer whether or not the account exists. Kept for compatibility with the existing clients (the mobile app and the portal): the path's name, in snake case.",
        body: forgotPasswordSchema,
        response: { 200: messageOnly, 400: failure, 429: failure },
      },
    },
    async (request) => {
      if (!(await limiter.allow(request.ip, request.body.email))) {
        throw new HttpError(429, messages.tooManyRequests, undefined, {
          'retry-after': String(limiter.retryAfterSeconds),
        });
      }
      account.requestPasswordReset(request.body.email);
      return { message: messages.forgotPasswordSent };
    },
  );

  r.post(
    '/auth/reset_password',
    {
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        summary: 'Reset a password',
        description:
          "Sets a new password with the token of a reset link (temp_code) and ends every session of the account. Kept for compatibility with the existing clients (the mobile app and the portal): the path's name, in snake case, and the field temp_code.",
        body: resetPasswordSchema,
        response: { 200: messageOnly, 400: failure },
      },
    },
    async (request) => {
      const done = await account.resetPassword(request.body.temp_code, request.body.password);
      if (!done.ok) throw new HttpError(400, done.message);
      return { message: messages.resetPasswordDone };
    },
  );

  r.post(
    '/app/resend_verification',
    {
      onRequest: app.requireAppUser,
      schema: {
        tags: ['app'],
        security: [{ bearer: [] }],
        operationId: 'resendVerification',
        summary: 'Send a new verify link',
        description:
          'E-mails the signed-in app user a new link to verify their address (redeeming gift cards needs it); 409 when it is verified already.',
        response: { 200: messageOnly, 401: failure, 403: failure, 409: failure, 429: failure },
      },
    },
    async (request) => {
      const user = authUserOf(request);
      if (!(await limiter.allow(request.ip, user.email))) {
        throw new HttpError(429, messages.tooManyRequests, undefined, {
          'retry-after': String(limiter.retryAfterSeconds),
        });
      }
      if (!(await account.resendVerification(user.id))) throw new HttpError(409, messages.emailAlreadyVerified);
      return { message: messages.verificationSent };
    },
  );

  r.post(
    '/auth/verifyToken',
    {
      schema: {
        tags: ['auth'],
        operationId: 'verifyToken',
        summary: 'Verify an e-mail address',
        description:
          "Marks the e-mail address verified with the token of a verify link (temp_code). Kept for compatibility with the existing clients (the mobile app and the portal): the path's name and the field temp_code.",
        body: verifyTokenSchema,
        response: { 200: messageOnly, 400: failure },
      },
    },
    async (request) => {
      if (!(await account.verifyAccount(request.body.temp_code))) throw new HttpError(400, messages.accountLinkInvalid);
      return { message: messages.accountVerified };
    },
  );
}
