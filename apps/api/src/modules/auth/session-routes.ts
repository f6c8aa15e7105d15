import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelopeSchema,
  messages,
  okEnvelope,
  type SessionInfo,
  sessionInfoSchema,
  sessionListSchema,
  signedOutEverywhereSchema,
} from '@strideadmin/contract';
import { authUserOf, type SessionClient, type SessionRow, type Sessions } from '../../plugins/auth/index.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { appendAuditEntry, auditClient } from '../audit/index.js';

/** Where a sign-in comes from (the client's address as TRUST_PROXY sees it, its user agent). */
export function sessionClient(request: FastifyRequest): SessionClient {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : undefined };
}

function toInfo(sessions: Sessions, row: SessionRow, currentId: string): SessionInfo {
  return {
    audience: row.audience,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    idleExpiresAt: sessions.idleUntil(row)?.toISOString() ?? null,
    ip: row.ip,
    userAgent: row.userAgent,
    current: row.id === currentId,
  };
}

const failure = errorEnvelopeSchema;
const signedIn = { tags: ['auth'], security: [{ bearer: [] }] };

/**
 * The caller's own sessions, with a token of either audience (portal or app): sign out, sign out
 * everywhere, and what the sessions are. Signing out ends the session on the server: the token is
 * refused from then on (401 'Unauthorized'), by every instance (docs/decisions/0012-sessions.md).
 */
export async function sessionRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/auth/logout',
    {
      onRequest: app.requireUser,
      schema: {
        ...signedIn,
        operationId: 'signOut',
        summary: 'Sign out',
        description: "Ends this token's session; the token is refused from then on.",
        response: { 200: z.object({ message: z.string() }), 401: failure },
      },
    },
    async (request) => {
      const user = authUserOf(request);
      await app.sessions.revoke(user.sessionId);
      // Portal sessions only, like sign-in entries (the app's users are not administrators).
      if (user.audience === 'admin')
        await appendAuditEntry(opts.db, {
          actor: { id: user.id, name: user.name, email: user.email },
          action: 'sign-out',
          entity: 'user',
          entityId: user.id,
          client: auditClient(request),
        });
      return { message: messages.signedOut };
    },
  );

  r.post(
    '/auth/logout-all',
    {
      onRequest: app.requireUser,
      schema: {
        ...signedIn,
        operationId: 'signOutEverywhere',
        summary: 'Sign out everywhere',
        description: 'Ends every session of your account, this one included.',
        response: { 200: okEnvelope(signedOutEverywhereSchema), 401: failure },
      },
    },
    async (request) => {
      const ended = await app.sessions.revokeAllOf(authUserOf(request).id);
      return { message: messages.signedOutEverywhere, body: { ended } };
    },
  );

  r.get(
    '/auth/session',
    {
      onRequest: app.requireUser,
      schema: {
        ...signedIn,
        operationId: 'getSession',
        summary: 'This session',
        description: "This token's session. A light call: making it keeps a portal session from going idle.",
        response: { 200: okEnvelope(sessionInfoSchema), 401: failure },
      },
    },
    async (request) => {
      const { sessionId } = authUserOf(request);
      const row = await app.sessions.read(sessionId);
      if (!row) throw new HttpError(401, messages.unauthorized);
      return { body: toInfo(app.sessions, row, sessionId) };
    },
  );

  r.get(
    '/auth/sessions',
    {
      onRequest: app.requireUser,
      schema: {
        ...signedIn,
        operationId: 'listSessions',
        summary: 'Your open sessions',
        description: 'Your sessions still open, on any device, most recently used first.',
        response: { 200: okEnvelope(sessionListSchema), 401: failure },
      },
    },
    async (request) => {
      const { id, sessionId } = authUserOf(request);
      const rows = await app.sessions.liveOf(id);
      return { body: rows.map((row) => toInfo(app.sessions, row, sessionId)) };
    },
  );
}
