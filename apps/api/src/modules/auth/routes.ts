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
import { HttpError, throwIfRefused } from '../../plugins/errors.js';
import { appendAuditEntry, auditClient } from '../audit/index.js';
import type { LoginLimiter, RequestLimiter } from '../../plugins/login-limiter.js';
import { login, register, type RegistrationNotifier } from './service.js';
import { sessionClient } from './session-routes.js';

/** Who tells an account's owner about sign-in attempts on it (the account e-mails). */
export interface SignInNotifier {
  /** The account behind `email` (if any) is protected after many failed sign-ins: tell its owner. */
  repeatedSignInFailures(email: string): void;
}

/** A refusal's label in strideadmin_sign_in_failures_total. */
const failureReasons = { credentials: 'bad_credentials', role: 'not_admin', inactive: 'inactive' } as const;

export async function authRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    limiter: LoginLimiter;
    registerLimiter: RequestLimiter;
    notifier: SignInNotifier & RegistrationNotifier;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        operationId: 'signIn',
        summary: 'Sign in',
        description:
          'Signs in with an e-mail address and password and answers the user and a token. The portal sends adminPortal true (administrators and staff only); the mobile app leaves it out.',
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
      // Counted before the password is checked: concurrent guesses never get past the limits.
      const attempt = await opts.limiter.begin(request.ip, email);
      if (attempt === undefined) {
        app.metrics.signInFailed('rate_limited');
        throw new HttpError(429, messages.tooManyRequests, undefined, {
          'retry-after': String(opts.limiter.retryAfterSeconds),
        });
      }
      let result: Awaited<ReturnType<typeof login>>;
      try {
        result = await login(
          opts.db,
          app.sessions,
          { email, password, adminPortal: adminPortal === true },
          sessionClient(request),
        );
      } catch (err) {
        await attempt.settle('not-checked');
        throw err;
      }
      // The audit log (docs/operations/audit-log.md): every checked sign-in to the portal, never its
      // password. The app's own sign-ins are not an administrator's doing (and, a million users
      // strong, would queue behind the log's one append lock).
      if (adminPortal === true)
        await appendAuditEntry(opts.db, {
          actor: result.ok
            ? { id: result.user.id, name: result.user.name, email: result.user.email }
            : (result.account ?? { id: null, email }),
          action: result.ok ? 'sign-in' : 'sign-in-failed',
          entity: 'user',
          entityId: result.ok ? result.user.id : (result.account?.id ?? null),
          changes: result.ok ? null : { reason: { before: null, after: result.reason } },
          client: auditClient(request),
        });
      if (!result.ok) {
        app.metrics.signInFailed(failureReasons[result.reason]);
        const { notifyOwner } = await attempt.settle(result.reason === 'credentials' ? 'failed' : 'password-right');
        if (notifyOwner) opts.notifier.repeatedSignInFailures(email);
      }
      throwIfRefused(result);
      await attempt.settle('signed-in');
      return { message: messages.loginSuccess, body: { user: result.user, token: result.token } };
    },
  );

  r.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        operationId: 'registerAppAccount',
        summary: 'Register an app account',
        description:
          'Creates an app account (role User) and e-mails a link to verify the address. The same answer, without a token, whether or not the address already has an account (its owner is e-mailed instead). Sign in with POST /api/auth/login.',
        body: registerSchema,
        response: {
          200: okEnvelope(registerResponseSchema),
          400: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      // Every attempt counts (each costs a password hash and sends an e-mail), per IP and e-mail.
      if (!(await opts.registerLimiter.allow(request.ip, request.body.email))) {
        throw new HttpError(429, messages.tooManyRequests, undefined, {
          'retry-after': String(opts.registerLimiter.retryAfterSeconds),
        });
      }
      const result = await register(opts.db, opts.notifier, request.body);
      throwIfRefused(result);
      return { message: messages.registerReceived, body: null };
    },
  );
}
