import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { isPortalRole, type LoginResponse, type OkEnvelope, type RoleName } from '@strideadmin/contract';
import type { Db } from '../../src/db/client.js';
import { createUser, type TestUser, type UserOverrides } from './factories.js';

export interface LoginAttempt {
  email: string;
  password: string;
  adminPortal?: boolean;
}

/** POST /api/auth/login as a client sends it. */
export function login(
  app: FastifyInstance,
  body: LoginAttempt,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress });
}

export interface LoggedIn {
  user: TestUser;
  token: string;
  /** `{ authorization: 'Bearer <token>' }`, for app.inject's headers. */
  headers: { authorization: string };
  session: LoginResponse;
}

/**
 * A new user of `role`, signed in through the real login route: a portal role (Admin, Support,
 * Content) through the portal (admin token), a User through the app (app token) unless `adminPortal` says otherwise.
 */
export async function loginAs(
  { app, db }: { app: FastifyInstance; db: Db },
  role: RoleName,
  options: { adminPortal?: boolean; user?: UserOverrides } = {},
): Promise<LoggedIn> {
  const user = await createUser(db, { ...options.user, role });
  if (user.password === null) throw new Error('loginAs needs a user with a password');
  const adminPortal = options.adminPortal ?? isPortalRole(role);
  const res = await login(app, { email: user.email, password: user.password, adminPortal });
  if (res.statusCode !== 200) throw new Error(`login as ${role} failed: ${res.statusCode} ${res.body}`);
  const session = res.json<OkEnvelope<LoginResponse>>().body;
  return { user, token: session.token, headers: { authorization: `Bearer ${session.token}` }, session };
}
