import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { RoleName } from '@strideadmin/contract';
import type { Db } from '../../src/db/client.js';
import { complaintQueries, type NewUserRow, users } from '../../src/db/schema.js';
import { insertUser } from '../../src/modules/users/index.js';
import { hashPassword } from '../../src/plugins/auth/index.js';

export const defaultTestPassword = 'Walk-10000-steps';

type UserColumns = Omit<NewUserRow, 'id' | 'name' | 'email' | 'passwordHash' | 'roleId' | 'emailVerifiedAt'>;

export interface UserOverrides extends Partial<UserColumns> {
  name?: string;
  email?: string;
  /** null: an account without a password (it cannot sign in). */
  password?: string | null;
  role?: RoleName;
  emailVerified?: boolean;
}

export interface TestUser {
  id: number;
  name: string;
  email: string;
  password: string | null;
  role: RoleName;
}

// argon2 costs ~50 ms a hash: one real hash per distinct password per file is enough (each
// verify still runs in full, and a shared salt does not matter to a test).
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

let sequence = 0;

/** A user through the real users service, with a unique e-mail unless one is given. */
export async function createUser(db: Db, overrides: UserOverrides = {}): Promise<TestUser> {
  const { name, email, password, role, emailVerified, ...columns } = overrides;
  sequence += 1;
  const user = {
    name: name ?? `Test User ${sequence}`,
    email: email ?? `user${sequence}.${randomBytes(3).toString('hex')}@example.com`,
    password: password === undefined ? defaultTestPassword : password,
    role: role ?? 'User',
  };
  const id = await insertUser(db, {
    name: user.name,
    email: user.email,
    passwordHash: user.password === null ? null : await hashOnce(user.password),
    role: user.role,
    emailVerified: emailVerified ?? true,
  });
  if (Object.keys(columns).length > 0) await db.update(users).set(columns).where(eq(users.id, id));
  return { id, ...user };
}

export interface ComplaintQueryOverrides {
  /** The sender; null: a query whose user has been deleted. */
  userId: number | null;
  title?: string;
  message?: string;
  isRead?: boolean;
  createdAt?: Date;
}

/** A complaint query as the app's POST /app/message stores it (source Mobile), straight into the table. */
export async function createComplaintQuery(db: Db, overrides: ComplaintQueryOverrides): Promise<number> {
  sequence += 1;
  const [row] = await db
    .insert(complaintQueries)
    .values({
      userId: overrides.userId,
      title: overrides.title ?? `Query ${sequence}`,
      message: overrides.message ?? `The steps of my walk ${sequence} were not counted.`,
      isRead: overrides.isRead ?? false,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt, updatedAt: overrides.createdAt } : {}),
    })
    .returning({ id: complaintQueries.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
