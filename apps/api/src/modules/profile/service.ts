import { messages, type SessionUser } from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import {
  type AuthUser,
  hashPassword,
  type SessionClient,
  type Sessions,
  verifyPassword,
} from '../../plugins/auth/index.js';
import {
  findUserById,
  type Refusal,
  refuse,
  setPasswordHash,
  toSessionUser,
  updateUserColumns,
  type UserPatch,
} from '../users/index.js';

/** PUT /profile: the signed-in user's own fields; never another user's, never deactivating themselves. */
export async function updateProfile(
  db: Db,
  actor: AuthUser,
  input: { updateId: number } & Omit<UserPatch, 'role' | 'isTracking'>,
): Promise<{ ok: true; user: SessionUser } | Refusal> {
  const { updateId, ...patch } = input;
  if (updateId !== actor.id) return refuse(403, messages.notYourProfile);
  if (patch.isActive === false) return refuse(400, messages.cannotDeactivateSelf);
  if (!(await updateUserColumns(db, actor.id, patch, actor.id))) return refuse(404, messages.userNotFound);
  const user = await findUserById(db, actor.id);
  return user ? { ok: true, user: toSessionUser(user) } : refuse(404, messages.userNotFound);
}

/**
 * POST /profile/change_password. The new hash revokes every token of the user (they carry a
 * fingerprint of the old one), and their sessions are ended too; the caller continues in a new
 * session of the same audience, whose token is the answer.
 */
export async function changePassword(
  db: Db,
  sessions: Sessions,
  actor: AuthUser,
  input: { oldPassword: string; newPassword: string },
  client?: SessionClient,
): Promise<{ ok: true; token: string } | Refusal> {
  const user = await findUserById(db, actor.id);
  if (!user || !(await verifyPassword(user.passwordHash, input.oldPassword))) {
    return refuse(400, messages.oldPasswordWrong);
  }
  const passwordHash = await hashPassword(input.newPassword);
  // Compare-and-set: a password changed meanwhile (another session) makes the old one wrong.
  if (!(await setPasswordHash(db, actor.id, passwordHash, user.passwordHash))) {
    return refuse(400, messages.oldPasswordWrong);
  }
  await sessions.revokeAllOf(actor.id);
  const { token } = await sessions.issue({ userId: actor.id, audience: actor.audience, passwordHash, client });
  return { ok: true, token };
}
