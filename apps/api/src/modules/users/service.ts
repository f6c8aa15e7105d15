import { and, asc, desc, eq, getTableColumns, or, type Placeholder, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  type CreateUser,
  type BulkDeleteResult,
  type ListResponse,
  type listUsersQuerySchema,
  messages,
  type RoleName,
  type SelectAllIdsResult,
  type SessionUser,
  type updateUserSchema,
  type UserDetail,
  type UserListItem,
  type userSortColumns,
} from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { giftCardColumnsWithExpiry, toGiftCard } from '../gift-cards/index.js';
import { giftCards, type NewUserRow, roles, users, type UserRow } from '../../db/schema.js';
import {
  containsInsensitive,
  containsPattern,
  startsWithInsensitive,
  wordStartsWithInsensitive,
} from '../../db/search.js';
import { endSessionsOf, forgetAuth, hashPassword, passwordProblem } from '../../plugins/auth/index.js';
import { type AuditContext, auditChanges, recordAudit } from '../audit/index.js';
import { type Refusal, refuse } from '../../plugins/errors.js';
import { changeCoins, setCoins } from '../ledger/index.js';
import { prepareCountUpTo } from '../../db/list.js';
import { preparedOnce } from '../../db/prepared.js';
import { bulkDeleteRows, matchingIds } from '../../db/bulk.js';

export interface UserWithRole extends UserRow {
  roleName: RoleName;
}

export type ListUsersQuery = z.output<typeof listUsersQuerySchema>;
export type UpdateUser = z.output<typeof updateUserSchema>;

/** The columns an administrator (PUT /users) or the user (PUT /profile) may change, and the role. */
export type UserPatch = Partial<
  Pick<
    NewUserRow,
    | 'name'
    | 'dob'
    | 'height'
    | 'weight'
    | 'gender'
    | 'totalCoins'
    | 'dailyFSGoal'
    | 'isActive'
    | 'isTracking'
    | 'profilePic'
  >
> & { role?: RoleName };

const withRole = { ...getTableColumns(users), roleName: sql<RoleName>`${roles.name}` };

/** A user's own columns: what the user form edits, and part of what lists and sessions show. */
const profileColumns = {
  name: users.name,
  dob: users.dob,
  height: users.height,
  weight: users.weight,
  gender: users.gender,
  totalCoins: users.totalCoins,
  dailyFSGoal: users.dailyFSGoal,
  isActive: users.isActive,
  isTracking: users.isTracking,
  profilePic: users.profilePic,
};

/**
 * What toSessionUser and toUserListItem read of a user's row with its role: GET /users selects
 * only these (the role's name aliased, so that no two columns of the answer share a name).
 */
const sessionUserColumns = {
  id: users.id,
  email: users.email,
  ...profileColumns,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
  deletedAt: users.deletedAt,
  roleName: sql<RoleName>`${roles.name}`.as('role_name'),
};
type SessionUserRow = Pick<UserWithRole, keyof typeof sessionUserColumns>;

const roleIdOf = (name: RoleName | Placeholder) =>
  sql<number>`(select ${roles.id} from ${roles} where ${roles.name} = ${name})`;

export async function findUserByEmail(db: Db, email: string): Promise<UserWithRole | undefined> {
  const [row] = await db
    .select(withRole)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserWithRole | undefined> {
  const [row] = await db
    .select(withRole)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function roleId(db: Db, name: RoleName): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`role ${name} is missing: migrations not applied?`);
  return row.id;
}

/**
 * Taken first by every transaction that may leave fewer active Admins (a role lowered, an account
 * deactivated or deleted), so two of them never both see "another Admin remains" and remove both.
 */
async function lockAdminRemovals(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7314, 1)`);
}

/** The ids of the active Admin accounts now. */
async function activeAdminIds(tx: Db): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.name, 'Admin'), eq(users.isActive, true)));
  return rows.map((r) => r.id);
}

/** Would removing `id` (role lowered, deactivated, deleted) leave no active Admin? Under lockAdminRemovals. */
async function isLastActiveAdmin(tx: Db, id: number): Promise<boolean> {
  const admins = await activeAdminIds(tx);
  return admins.length === 1 && admins[0] === id;
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(roles.name, 'Admin'));
  return row?.n ?? 0;
}

/**
 * A new user; the e-mail is kept trimmed and lower-case. Throws on a taken e-mail (23505).
 * Opening coins are an 'adjustment' entry of the ledger (by `adminId`, when an administrator set
 * them), written in the same transaction as the user: total_coins is the sum of the entries.
 */
export async function insertUser(
  db: Db,
  input: {
    name: string;
    email: string;
    passwordHash: string | null;
    role: RoleName;
    emailVerified?: boolean;
    adminId?: number | null;
  } & Omit<UserPatch, 'name' | 'role'>,
): Promise<number> {
  const { name, email, passwordHash, role, emailVerified, adminId, totalCoins, ...profile } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        ...profile,
        name,
        email: email.trim().toLowerCase(),
        passwordHash,
        roleId: await roleId(tx, role),
        emailVerifiedAt: emailVerified ? new Date() : null,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('insert returned no row');
    if (totalCoins) await setCoins(tx, { userId: row.id, totalCoins, adminId: adminId ?? null });
    return row.id;
  });
}

/** The user as the portal sees it (docs/behaviour.md §3 User + roleName); never the password hash. */
export function toSessionUser(u: SessionUserRow): SessionUser {
  return userFields(u, { roleName: u.roleName });
}

/** A row of GET /users: the session user's fields with `Role { name }` instead of roleName. */
export function toUserListItem(u: SessionUserRow): UserListItem {
  return userFields(u, { Role: { name: u.roleName }, deletedAt: u.deletedAt?.toISOString() ?? null });
}

/**
 * The session user's fields but its role, then `role` (as each answer names it). One object
 * literal: 20 rows of GET /users are mapped on every call, and copying an object without one of
 * its keys (`{ roleName, ...rest }`) cost several times more.
 */
function userFields<R extends object>(u: SessionUserRow, role: R) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    dob: u.dob,
    height: u.height,
    weight: u.weight,
    gender: u.gender,
    totalCoins: u.totalCoins,
    dailyFSGoal: u.dailyFSGoal,
    isActive: u.isActive,
    isTracking: u.isTracking,
    profilePic: u.profilePic,
    emailVerified: u.emailVerifiedAt !== null,
    createdAt: u.createdAt.toISOString(),
    ...role,
  };
}

export function toUserDetail(u: UserWithRole, giftCardsOfUser: UserDetail['GiftCards']): UserDetail {
  return {
    ...toUserListItem(u),
    updatedAt: u.updatedAt.toISOString(),
    version: u.version,
    stepsFlaggedAt: u.stepsFlaggedAt?.toISOString() ?? null,
    GiftCards: giftCardsOfUser,
  };
}

export const userSortColumnOf = {
  id: users.id,
  name: users.name,
  email: users.email,
  totalCoins: users.totalCoins,
  dailyFSGoal: users.dailyFSGoal,
  isActive: users.isActive,
  createdAt: users.createdAt,
} satisfies Record<(typeof userSortColumns)[number], AnyPgColumn>;

/**
 * The filters of GET /users (and of its export): the query's values, or the placeholders of a
 * prepared statement (listUsersValues gives their values).
 */
export interface UsersFilter {
  name?: string | Placeholder | undefined;
  email?: string | Placeholder | undefined;
  role?: RoleName | Placeholder | undefined;
}
export function usersWhere(filter: UsersFilter) {
  return and(
    filter.name ? containsInsensitive(users.name, filter.name) : undefined,
    filter.email ? containsInsensitive(users.email, filter.email) : undefined,
    filter.role ? eq(users.roleId, roleIdOf(filter.role)) : undefined,
  );
}

/** The filters and order of the users list (GET /users and GET /users/ids). */
function usersMatching(query: UsersFilter & Pick<ListUsersQuery, 'sort' | 'order'>) {
  const direction = query.order === 'asc' ? asc : desc;
  return { where: usersWhere(query), orderBy: [direction(userSortColumnOf[query.sort]), direction(users.id)] };
}

/**
 * GET /users: one page of the filtered users and the filtered total, in two queries run at once.
 * Ties on the sort column are broken by id, so a row never shows on two pages.
 */
export async function listUsers(db: Db, query: ListUsersQuery): Promise<ListResponse<UserListItem>> {
  const statements = listUsersStatements(db, query);
  const values = listUsersValues(query);
  const [rows, total] = await Promise.all([
    statements.page.execute({ ...values, limit: query.limit, offset: (query.page - 1) * query.limit }),
    statements.count(values, query),
  ]);
  return { rows: rows.map(toUserListItem), ...total };
}

/**
 * GET /users's statements for one shape of its query (which filters are set, the sort, the order),
 * with placeholders for the filters' values, the limit and the offset: built once per database
 * handle and shape, and prepared under a name of that shape, so that PostgreSQL parses each once
 * per connection (docs/decisions/0018-request-path.md). Drizzle's building of the two selects cost
 * more than running them. At most 8 filter shapes × 14 orders for the page; the count, by filters only.
 */
function listUsersStatements(db: Db, query: ListUsersQuery) {
  const filters = `${query.name ? 'n' : ''}${query.email ? 'e' : ''}${query.role ? 'r' : ''}`;
  const placeholders = {
    name: query.name ? sql.placeholder('name') : undefined,
    email: query.email ? sql.placeholder('email') : undefined,
    role: query.role ? sql.placeholder('role') : undefined,
  };
  // The count depends on the filters only: one statement for every sort and order.
  const count = preparedOnce(db, `users_count_${filters}`, (name) =>
    prepareCountUpTo(db, users, usersWhere(placeholders), name),
  );
  const page = preparedOnce(db, `users_page_${filters}_${query.sort}_${query.order}`, (name) => {
    const { where, orderBy } = usersMatching({ ...placeholders, sort: query.sort, order: query.order });
    return db
      .select(sessionUserColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(where)
      .orderBy(...orderBy)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  });
  return { page, count };
}
/** The values of the placeholders of listUsersStatements' filters. */
function listUsersValues(query: ListUsersQuery) {
  return {
    name: query.name && containsPattern(query.name),
    email: query.email && containsPattern(query.email),
    role: query.role,
  };
}

/**
 * The top bar's quick search (docs/behaviour.md §12): at most `limit` users whose name or e-mail
 * contains `text` in any case (served by users_name_trgm_idx and users_email_trgm_idx), closer
 * matches first: the name starts with it, then a word of the name or the e-mail does, then the rest;
 * by name and id within each.
 */
export async function searchUsers(
  db: Db,
  text: string,
  limit: number,
): Promise<Array<{ id: number; name: string; email: string }>> {
  const closeness = sql`case when ${startsWithInsensitive(users.name, text)} then 0
    when ${wordStartsWithInsensitive(users.name, text)} or ${startsWithInsensitive(users.email, text)} then 1
    else 2 end`;
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(or(containsInsensitive(users.name, text), containsInsensitive(users.email, text)))
    .orderBy(closeness, asc(users.name), asc(users.id))
    .limit(limit);
}

/** GET /users/{id}: the user with Role and the gift cards they redeemed (latest first). */
export async function getUserDetail(db: Db, id: number, now = new Date()): Promise<UserDetail | undefined> {
  const user = await findUserById(db, id);
  if (!user) return undefined;
  const cards = await db
    .select(giftCardColumnsWithExpiry(now))
    .from(giftCards)
    .where(eq(giftCards.userId, id))
    .orderBy(sql`${giftCards.redeemedAt} desc nulls last`, desc(giftCards.id));
  return toUserDetail(user, cards.map(toGiftCard));
}

/**
 * POST /users: a user without a password (they cannot sign in until one is set). Coins given are
 * an opening adjustment by the administrator `actorId`.
 */
export async function createUser(
  db: Db,
  audit: AuditContext,
  input: CreateUser,
): Promise<{ ok: true; id: number } | Refusal> {
  const { role, ...profile } = input;
  try {
    const id = await db.transaction(async (tx) => {
      const created = await insertUser(tx, { ...profile, role, passwordHash: null, adminId: audit.actor.id });
      const after = { ...input, email: input.email.trim().toLowerCase() };
      await recordAudit(tx, audit, {
        action: 'create',
        entity: 'user',
        entityId: created,
        changes: auditChanges(null, after),
      });
      return created;
    });
    return { ok: true, id };
  } catch (err) {
    // The unique index decides, not a check-then-insert: two requests at once cannot both win.
    if (isUniqueViolation(err, 'users_email_lower_key')) return refuse(409, messages.emailTaken);
    throw err;
  }
}

/** What a form saw when it was loaded (PUT /users, PUT /profile): see seenStateFields in the contract. */
export interface SeenState {
  version?: number | undefined;
  coinsSeen?: number | undefined;
}

/** How an edit of a user's columns ended: `changed` and `belowZero` wrote nothing. */
export type ColumnsUpdate = 'updated' | 'missing' | 'changed' | 'belowZero' | 'lastAdmin';

/** A user's columns an edit may change (and the role's name), as the audit log records them. */
const editableColumns = {
  ...profileColumns,
  role: sql<RoleName>`(select ${roles.name} from ${roles} where ${roles.id} = ${users.roleId})`,
};

/**
 * Changes the given columns (and role) of a user, stamps updated_at and moves the version by one,
 * in one transaction with the user's row locked, so nothing else edits it in between:
 * - `seen.version` given and not the row's: someone saved since the form was loaded: `changed`.
 * - totalCoins goes through the ledger as one 'adjustment' by `adminId`. With `seen.coinsSeen`,
 *   it is the difference the form made (totalCoins − coinsSeen) added to the balance as it is now,
 *   so coins spent or earned meanwhile stay spent or earned; nothing when the two are equal;
 *   `belowZero` when the result would be negative. Without it (an older client), the balance is
 *   set to totalCoins.
 * Coin movements do not move the version: a walker's activity does not make an edit fail.
 * `lastAdmin` when the change would leave no active Admin (docs/behaviour.md §13); nothing written.
 * With `audit`, the edit's entry (the fields it changed, before and after; 'role-change' when the
 * role changed) is appended last in the same transaction. `onRoleChange` is told (after the
 * commit) when the role was changed.
 */
export async function updateUserColumns(
  db: Db,
  id: number,
  patch: UserPatch,
  adminId: number | null = null,
  seen: SeenState = {},
  audit?: AuditContext,
  onRoleChange?: () => Promise<unknown>,
): Promise<ColumnsUpdate> {
  const { role, totalCoins, ...columns } = patch;
  let roleChanged = false;
  const outcome = await db.transaction(async (tx): Promise<ColumnsUpdate> => {
    const mayRemoveAdmin = (role !== undefined && role !== 'Admin') || columns.isActive === false;
    if (mayRemoveAdmin) await lockAdminRemovals(tx);
    // The lock an UPDATE takes anyway (not FOR UPDATE: see lockBalance).
    const [row] = await tx
      .select({ version: users.version, ...editableColumns })
      .from(users)
      .where(eq(users.id, id))
      .for('no key update');
    if (!row) return 'missing';
    if (seen.version !== undefined && seen.version !== row.version) return 'changed';
    if (mayRemoveAdmin && row.role === 'Admin' && row.isActive && (await isLastActiveAdmin(tx, id))) {
      return 'lastAdmin';
    }
    roleChanged = role !== undefined && role !== row.role;
    if (totalCoins !== undefined && seen.coinsSeen === undefined) {
      await setCoins(tx, { userId: id, totalCoins, adminId });
    } else if (totalCoins !== undefined && seen.coinsSeen !== undefined && totalCoins !== seen.coinsSeen) {
      const amount = totalCoins - seen.coinsSeen;
      // Refused (null) only below 0; nothing was written then.
      if ((await changeCoins(tx, { userId: id, kind: 'adjustment', amount, adminId })) === null) return 'belowZero';
    }
    await tx
      .update(users)
      .set({
        ...columns,
        ...(role ? { roleId: roleIdOf(role) } : {}),
        version: sql`${users.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id));
    if (audit) {
      const { version: _before, ...before } = row;
      const [after] = await tx.select(editableColumns).from(users).where(eq(users.id, id));
      await recordAudit(tx, audit, {
        action: roleChanged ? 'role-change' : 'update',
        entity: 'user',
        entityId: id,
        changes: auditChanges(before, after),
      });
    }
    return 'updated';
  });
  if (outcome === 'updated') forgetAuth(id); // status or role may have changed
  // A new role is a new set of rights: the account signs in again (docs/behaviour.md §13).
  if (outcome === 'updated' && roleChanged) await onRoleChange?.();
  return outcome;
}

/**
 * Stores a new password hash (which revokes the user's tokens: they carry a fingerprint of the
 * old one) and ends the user's sessions, so none is listed as open any more. With `currentHash`,
 * only while the stored hash is still that one (compare-and-set).
 */
export async function setPasswordHash(
  db: Db,
  id: number,
  passwordHash: string,
  currentHash?: string | null,
): Promise<boolean> {
  const matches =
    currentHash === undefined
      ? undefined
      : currentHash === null
        ? sql`${users.passwordHash} is null`
        : eq(users.passwordHash, currentHash);
  const updated = await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), matches))
    .returning({ id: users.id });
  if (updated.length === 0) return false;
  await endSessionsOf(db, id, new Date());
  forgetAuth(id);
  return true;
}

/** The user proved they read their mailbox (a verify or reset link); the first proof's time stays. */
export async function markEmailVerified(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(users)
    .set({
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id));
}

/** A save refused because the user changed after the form was loaded: what is stored now, to show. */
export interface EditConflict<T> {
  ok: false;
  status: 409;
  message: string;
  body: T;
}

/** The message of a `changed` or `belowZero` outcome of updateUserColumns (`lastAdmin` is a 400, not a conflict). */
export function conflictMessage(outcome: 'changed' | 'belowZero', changedMessage: string): string {
  return outcome === 'belowZero' ? messages.coinsWouldGoNegative : changedMessage;
}

/**
 * PUT /users: an administrator may not lock themselves out (deactivate, or drop their Admin role),
 * nor leave the portal without an active Admin (docs/behaviour.md §13). A role change ends the
 * account's sessions (`sessions`). A form loaded before the user changed is refused with what is
 * stored now (updateUserColumns).
 */
export async function updateUser(
  db: Db,
  audit: AuditContext,
  input: UpdateUser,
  sessions?: { revokeAllOf(userId: number): Promise<unknown> },
): Promise<{ ok: true; user: UserDetail } | Refusal | EditConflict<UserDetail>> {
  const { updateId, version, coinsSeen, ...patch } = input;
  const actorId = audit.actor.id;
  if (updateId === actorId) {
    if (!patch.isActive) return refuse(400, messages.cannotDeactivateSelf);
    if (patch.role !== 'Admin') return refuse(400, messages.cannotDemoteSelf);
  }
  // An account its owner erased (DELETE /app/me) stays anonymised: nobody brings it back to life.
  // The answer carries the account as stored, as a refused stale edit does.
  const [target] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, updateId));
  if (target?.deletedAt) {
    const stored = await getUserDetail(db, updateId);
    if (stored) return { ok: false, status: 409, message: messages.userErasedNoEdit, body: stored };
  }
  const outcome = await updateUserColumns(db, updateId, patch, actorId, { version, coinsSeen }, audit, () =>
    sessions ? sessions.revokeAllOf(updateId) : endSessionsOf(db, updateId, new Date()),
  );
  if (outcome === 'missing') return refuse(404, messages.userNotFound);
  if (outcome === 'lastAdmin') return refuse(400, messages.lastAdmin);
  const user = await getUserDetail(db, updateId);
  if (!user) return refuse(404, messages.userNotFound);
  if (outcome === 'updated') return { ok: true, user };
  return { ok: false, status: 409, message: conflictMessage(outcome, messages.userChangedMeanwhile), body: user };
}

/**
 * PUT /users/updatepassword: sets (or resets) another user's password; their tokens stop working.
 * Never the caller's own: that asks for the current password (POST /profile/change_password), so a
 * stolen token cannot be turned into the account. The password rules of the user's role apply
 * (passwordProblem). Its 'password-reset' entry names the user, never the password.
 */
export async function resetUserPassword(
  db: Db,
  audit: AuditContext,
  id: number,
  password: string,
): Promise<{ ok: true } | Refusal> {
  if (id === audit.actor.id) return refuse(403, messages.ownPasswordUseProfile);
  const user = await findUserById(db, id);
  if (!user) return refuse(404, messages.userNotFound);
  const [erased] = await db.select({ at: users.deletedAt }).from(users).where(eq(users.id, id));
  if (erased?.at) return refuse(409, messages.userErasedNoEdit);
  const problem = passwordProblem(password, user.roleName);
  if (problem) return refuse(400, problem);
  const passwordHash = await hashPassword(password);
  const stored = await db.transaction(async (tx) => {
    if (!(await setPasswordHash(tx, id, passwordHash))) return false;
    await recordAudit(tx, audit, { action: 'password-reset', entity: 'user', entityId: id });
    return true;
  });
  if (stored) forgetAuth(id); // again, now that it is committed
  return stored ? { ok: true } : refuse(404, messages.userNotFound);
}

/** DELETE /users/{id}. Their gift cards stay, without an owner (gift_cards.user_id ON DELETE SET NULL). */
export async function deleteUser(db: Db, audit: AuditContext, id: number): Promise<{ ok: true } | Refusal> {
  if (id === audit.actor.id) return refuse(400, messages.cannotDeleteSelf);
  const outcome = await db.transaction(async (tx) => {
    await lockAdminRemovals(tx);
    if (await isLastActiveAdmin(tx, id)) return 'lastAdmin';
    const [row] = await tx
      .delete(users)
      .where(eq(users.id, id))
      .returning({ id: users.id, name: users.name, email: users.email });
    if (!row) return 'missing';
    await recordAudit(tx, audit, { action: 'delete', entity: 'user', entityId: id, changes: auditChanges(row, null) });
    return 'deleted';
  });
  if (outcome === 'lastAdmin') return refuse(400, messages.lastAdmin);
  if (outcome === 'missing') return refuse(404, messages.userNotFound);
  forgetAuth(id);
  return { ok: true };
}

/** GET /users/ids: the ids of every user the list's filters match, in its order (docs/behaviour.md §12). */
export function listUserIds(db: Db, query: ListUsersQuery): Promise<SelectAllIdsResult> {
  return matchingIds(db, { table: users, id: users.id, ...usersMatching(query) });
}

/**
 * POST /users/bulk-delete: deleteUser for many ids in one transaction. Your own account is refused
 * (messages.cannotDeleteSelf), a missing one is not found; each deleted account is signed out.
 * Active Admins are refused (messages.lastAdmin) when deleting them would leave none.
 */
export async function bulkDeleteUsers(db: Db, audit: AuditContext, ids: readonly number[]): Promise<BulkDeleteResult> {
  const actorId = audit.actor.id;
  const result = await db.transaction(async (tx) => {
    await lockAdminRemovals(tx);
    const admins = await activeAdminIds(tx);
    const doomed = new Set(ids.filter((id) => id !== actorId));
    const keepsAnAdmin = admins.some((id) => !doomed.has(id));
    return bulkDeleteRows(tx, {
      table: users,
      id: users.id,
      ids,
      notFound: messages.userNotFound,
      refuse: (id) =>
        id === actorId
          ? messages.cannotDeleteSelf
          : !keepsAnAdmin && admins.includes(id)
            ? messages.lastAdmin
            : undefined,
      inTransaction: (inner, deleted) =>
        recordAudit(inner, audit, { action: 'bulk-delete', entity: 'user', entityIds: deleted }),
    });
  });
  for (const id of result.deleted) forgetAuth(id);
  return result;
}
