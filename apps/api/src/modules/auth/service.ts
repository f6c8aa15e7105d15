import { messages, type SessionUser } from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { passwordFingerprint, type TokenService, verifyPassword } from '../../plugins/auth/index.js';
import { findUserByEmail, toSessionUser } from '../users/index.js';

export type LoginResult =
  | { ok: true; user: SessionUser; token: string }
  | { ok: false; status: 400 | 403; reason: 'credentials' | 'role' | 'inactive'; message: string };

/**
 * spec §5/§8: a User-role account signing in to the portal is refused with 'Only admin can login
 * here.' and gets no token. Wrong e-mail and wrong password share one message and one cost.
 */
export async function login(
  db: Db,
  tokens: TokenService,
  input: { email: string; password: string; adminPortal: boolean },
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
  const token = await tokens.sign({
    userId: user.id,
    audience: input.adminPortal ? 'admin' : 'app',
    passwordFingerprint: passwordFingerprint(user.passwordHash),
  });
  return { ok: true, user: toSessionUser(user), token };
}
