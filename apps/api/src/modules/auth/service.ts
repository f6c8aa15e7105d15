import { isPortalRole, messages, type SessionUser } from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  hashPassword,
  passwordProblem,
  type SessionClient,
  type Sessions,
  verifyPassword,
} from '../../plugins/auth/index.js';
import { type Refusal, refuse } from '../../plugins/errors.js';
import { findUserByEmail, insertUser, toSessionUser } from '../users/index.js';

/** The account an e-mail named, for the audit log (a refused sign-in on a known account names it). */
export interface LoginAccount {
  id: number;
  name: string;
  email: string;
}

export type LoginResult =
  | { ok: true; user: SessionUser; token: string }
  | {
      ok: false;
      status: 400 | 403;
      reason: 'credentials' | 'role' | 'inactive';
      message: string;
      /** The account the e-mail matched, if any. */
      account: LoginAccount | undefined;
    };

/**
 * docs/behaviour.md §5/§8/§13: only the portal roles (Admin, Support, Content) sign in to the portal; a User-role account signing in to the portal is refused with 'Only admin can login
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
  const account = user ? { id: user.id, name: user.name, email: user.email } : undefined;
  if (!user || !passwordOk) {
    return { ok: false, status: 400, reason: 'credentials', message: messages.invalidCredentials, account };
  }
  if (input.adminPortal && !isPortalRole(user.roleName)) {
    return { ok: false, status: 403, reason: 'role', message: messages.onlyAdmin, account };
  }
  if (!user.isActive) {
    return { ok: false, status: 403, reason: 'inactive', message: messages.accountInactive, account };
  }
  const { token } = await sessions.issue({
    userId: user.id,
    audience: input.adminPortal ? 'admin' : 'app',
    passwordHash: user.passwordHash,
    client,
  });
  return { ok: true, user: toSessionUser(user), token };
}

/** Told what a registration did, to e-mail the address (the account module implements it; injected). */
export interface RegistrationNotifier {
  /** A new account: a link to verify its address. */
  registered(userId: number): void;
  /** The address already had an account: its owner is told, the account is not changed. */
  registerAttempted(email: string): void;
}

/**
 * POST /auth/register (docs/behaviour.md §7 legacy register path): a new app account (role User), its e-mail
 * not verified yet, and tracking Disabled as for every new user (docs/behaviour.md §3) until it is turned on.
 * What the caller learns is the same whether or not the address already has an account: the same
 * work (a password hash and one insert, refused by the unique index for a taken address), the same
 * answer, and an e-mail to the address either way (a verify link, or "someone tried to register
 * with your address" to its owner, whose account stays as it is). No token: the new account signs
 * in through POST /auth/login. Only a password the rules refuse is answered differently (400), and
 * that does not depend on the address.
 */
export async function register(
  db: Db,
  notifier: RegistrationNotifier,
  input: { email: string; name: string; password: string },
): Promise<{ ok: true } | Refusal> {
  const problem = passwordProblem(input.password, 'User');
  if (problem) return refuse(400, problem);
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await insertUser(db, { name: input.name, email: input.email, passwordHash, role: 'User' });
    notifier.registered(id);
  } catch (err) {
    if (!isUniqueViolation(err, 'users_email_lower_key')) throw err;
    notifier.registerAttempted(input.email);
  }
  return { ok: true };
}
