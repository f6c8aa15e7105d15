import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  loginResponseSchema,
  loginSchema,
  messages,
  okEnvelope,
  registerResponseSchema,
  registerSchema,
} from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import type { LoginLimiter, RequestLimiter } from '../../plugins/login-limiter.js';
import { login, register } from './service.js';
import { sessionClient } from './session-routes.js';

/** A refusal's label in strideadmin_sign_in_failures_total. */
const failureReasons = { credentials: 'bad_credentials', role: 'not_admin', inactive: 'inactive' } as const;

export async function authRoutes(
  app: FastifyInstance,
  opts: { db: Db; limiter: LoginLimiter; registerLimiter: RequestLimiter },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in (portal: adminPortal true; app: without it)',
        body: loginSchema,
        response: {
          200: okEnvelope(loginResponseSchema),
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { email, password, adminPortal } = request.body;
      if (await opts.limiter.isBlocked(request.ip, email)) {
        app.metrics.signInFailed('rate_limited');
        throw new HttpError(429, messages.tooManyRequests, undefined, {
          'retry-after': String(opts.limiter.retryAfterSeconds),
        });
      }
      const result = await login(
        opts.db,
        app.sessions,
        { email, password, adminPortal: adminPortal === true },
        sessionClient(request),
      );
      if (!result.ok) {
        app.metrics.signInFailed(failureReasons[result.reason]);
        if (result.reason === 'credentials') await opts.limiter.recordFailure(request.ip, email);
        throw new HttpError(result.status, result.message);
      }
      await opts.limiter.recordSuccess(request.ip, email);
      return { message: messages.loginSuccess, body: { user: result.user, token: result.token } };
    },
  );

  r.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an app account (role User) and sign it in with an app token (spec §7 legacy register path)',
        body: registerSchema,
        response: {
          200: okEnvelope(registerResponseSchema),
          400: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      // Every attempt counts (each costs a password hash and may create an account), per IP and e-mail.
      if (!(await opts.registerLimiter.allow(request.ip, request.body.email))) {
        throw new HttpError(429, messages.tooManyRequests, undefined, {
          'retry-after': String(opts.registerLimiter.retryAfterSeconds),
        });
      }
      const result = await register(opts.db, app.sessions, request.body, sessionClient(request));
      if (!result.ok) throw new HttpError(result.status, result.message);
      return { message: messages.registered, body: { accessToken: result.accessToken, user: result.user } };
    },
  );
}
