import { messages, type Profile } from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import {
  type AuthUser,
  hashPassword,
  passwordProblem,
  type SessionClient,
  type Sessions,
  forgetAuth,
  verifyPassword,
} from '../../plugins/auth/index.js';
import { type Refusal, refuse } from '../../plugins/errors.js';
import { type AuditContext, recordAudit } from '../audit/index.js';
import {
  conflictMessage,
  type EditConflict,
  findUserById,
  type SeenState,
  setPasswordHash,
  toSessionUser,
  updateUserColumns,
  type UserPatch,
  type UserWithRole,
} from '../users/index.js';

/** GET /profile, PUT /profile: the session user and the version the profile form sends back. */
export function toProfile(user: UserWithRole): Profile {
  return { ...toSessionUser(user), version: user.version };
}

/** GET /profile: the signed-in user as stored now. */
export async function getProfile(db: Db, actor: AuthUser): Promise<Profile | undefined> {
  const user = await findUserById(db, actor.id);
  return user && toProfile(user);
}

/**
 * PUT /profile: the signed-in user's own fields; never another user's, never deactivating
 * themselves. Fields left out stay as stored. A form loaded before the account changed is refused
 * with what is stored now (updateUserColumns), and an edit saved writes its 'update' entry.
 */
export async function updateProfile(
  db: Db,
  actor: AuthUser,
  input: { updateId: number } & Omit<UserPatch, 'role' | 'isTracking'> & SeenState,
  audit: AuditContext,
): Promise<{ ok: true; user: Profile } | Refusal | EditConflict<Profile>> {
  const { updateId, version, coinsSeen, ...fields } = input;
  if (updateId !== actor.id) return refuse(403, messages.notYourProfile);
  if (fields.isActive === false) return refuse(400, messages.cannotDeactivateSelf);
  // Left out is left alone: only the fields sent reach the UPDATE.
  const patch = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as typeof fields;
  const outcome = await updateUserColumns(db, actor.id, patch, actor.id, { version, coinsSeen }, audit);
  if (outcome === 'missing') return refuse(404, messages.userNotFound);
  if (outcome === 'lastAdmin') return refuse(400, messages.lastAdmin); // the profile changes no role or status
  const user = await getProfile(db, actor);
  if (!user) return refuse(404, messages.userNotFound);
  if (outcome === 'updated') return { ok: true, user };
  return { ok: false, status: 409, message: conflictMessage(outcome, messages.profileChangedMeanwhile), body: user };
}

/**
 * POST /profile/change_password. The new hash revokes every token of the user (they carry a
 * fingerprint of the old one), and their sessions are ended too; the caller continues in a new
 * session of the same audience, whose token is the answer. Its 'password-change' entry (in the
 * same transaction as the new hash) names the account, never a password.
 */
export async function changePassword(
  db: Db,
  sessions: Sessions,
  actor: AuthUser,
  input: { oldPassword: string; newPassword: string },
  audit: AuditContext,
  client?: SessionClient,
): Promise<{ ok: true; token: string } | Refusal> {
  const user = await findUserById(db, actor.id);
  if (!user || !(await verifyPassword(user.passwordHash, input.oldPassword))) {
    return refuse(400, messages.oldPasswordWrong);
  }
  const problem = passwordProblem(input.newPassword, user.roleName);
  if (problem) return refuse(400, problem);
  const passwordHash = await hashPassword(input.newPassword);
  // Compare-and-set: a password changed meanwhile (another session) makes the old one wrong.
  const stored = await db.transaction(async (tx) => {
    if (!(await setPasswordHash(tx, actor.id, passwordHash, user.passwordHash))) return false;
    await recordAudit(tx, audit, { action: 'password-change', entity: 'user', entityId: actor.id });
    return true;
  });
  if (!stored) return refuse(400, messages.oldPasswordWrong);
  forgetAuth(actor.id); // again, now that it is committed
  await sessions.revokeAllOf(actor.id);
  const { token } = await sessions.issue({ userId: actor.id, audience: actor.audience, passwordHash, client });
  return { ok: true, token };
}
