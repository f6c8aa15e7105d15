import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, loginResponseSchema, loginSchema, messages, okEnvelope } from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import type { LoginLimiter } from '../../plugins/login-limiter.js';
import { login } from './service.js';

export async function authRoutes(app: FastifyInstance, opts: { db: Db; limiter: LoginLimiter }) {
  app.withTypeProvider<ZodTypeProvider>().post(
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
        throw new HttpError(429, messages.tooManyRequests, undefined, {
          'retry-after': String(opts.limiter.retryAfterSeconds),
        });
      }
      const result = await login(opts.db, app.tokens, { email, password, adminPortal: adminPortal === true });
      if (!result.ok) {
        if (result.reason === 'credentials') await opts.limiter.recordFailure(request.ip, email);
        throw new HttpError(result.status, result.message);
      }
      await opts.limiter.recordSuccess(request.ip, email);
      return { message: messages.loginSuccess, body: { user: result.user, token: result.token } };
    },
  );
}
