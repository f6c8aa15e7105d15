import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { RoleName, SessionUser, UserDetail } from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { roles, users, type UserRow } from '../../db/schema.js';

export interface UserWithRole extends UserRow {
  roleName: RoleName;
}

const withRole = { ...getTableColumns(users), roleName: sql<RoleName>`${roles.name}` };

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

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(roles.name, 'Admin'));
  return row?.n ?? 0;
}

export async function insertUser(
  db: Db,
  input: { name: string; email: string; passwordHash: string | null; role: RoleName; emailVerified?: boolean },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      name: input.name,
      email: input.email.trim().toLowerCase(),
      passwordHash: input.passwordHash,
      roleId: await roleId(db, input.role),
      emailVerifiedAt: input.emailVerified ? new Date() : null,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** The user as the portal sees it (spec §3 User + roleName); never the password hash. */
export function toSessionUser(u: UserWithRole): SessionUser {
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
    roleName: u.roleName,
  };
}

export function toUserDetail(u: UserWithRole): UserDetail {
  const { roleName, ...rest } = toSessionUser(u);
  return { ...rest, updatedAt: u.updatedAt.toISOString(), Role: { name: roleName } };
}
