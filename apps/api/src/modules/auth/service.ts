import { messages, type SessionUser } from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { hashPassword, type SessionClient, type Sessions, verifyPassword } from '../../plugins/auth/index.js';
import { findUserByEmail, findUserById, insertUser, type Refusal, refuse, toSessionUser } from '../users/index.js';

export type LoginResult =
  | { ok: true; user: SessionUser; token: string }
  | { ok: false; status: 400 | 403; reason: 'credentials' | 'role' | 'inactive'; message: string };

/**
 * spec §5/§8: a User-role account signing in to the portal is refused with 'Only admin can login
 * here.' and gets no token. Wrong e-mail and wrong password share one message and one cost.
 */
export async function login(
  db: Db,
  sessions: Sessions,
  input: { email: string; password: string; adminPortal: boolean },
  client?: SessionClient,
): Promise<LoginResult> {
  const user = await findUserByEmail(db, input.email);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk) {
    return { ok: false, status: 400, reason: 'credentials', message: messages.invalidCredentials };
  }
  if (input.adminPortal && user.roleName !== 'Admin') {
    return { ok: false, status: 403, reason: 'role', message: messages.onlyAdmin };
  }
  if (!user.isActive) {
    return { ok: false, status: 403, reason: 'inactive', message: messages.accountInactive };
  }
  const { token } = await sessions.issue({
    userId: user.id,
    audience: input.adminPortal ? 'admin' : 'app',
    passwordHash: user.passwordHash,
    client,
  });
  return { ok: true, user: toSessionUser(user), token };
}

/**
 * POST /auth/register (spec §7 legacy register path): a new app account (role User) that signs in
 * at once with an `app` token. Its e-mail is not verified yet, and tracking is Disabled as for
 * every new user (spec §3) until it is turned on. A taken e-mail is refused by the unique index.
 */
export async function register(
  db: Db,
  sessions: Sessions,
  input: { email: string; name: string; password: string },
  client?: SessionClient,
): Promise<{ ok: true; user: SessionUser; accessToken: string } | Refusal> {
  const passwordHash = await hashPassword(input.password);
  let id: number;
  try {
    id = await insertUser(db, { name: input.name, email: input.email, passwordHash, role: 'User' });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_lower_key')) return refuse(409, messages.emailTaken);
    throw err;
  }
  const user = await findUserById(db, id);
  if (!user) return refuse(404, messages.userNotFound);
  const { token: accessToken } = await sessions.issue({ userId: id, audience: 'app', passwordHash, client });
  return { ok: true, user: toSessionUser(user), accessToken };
}
