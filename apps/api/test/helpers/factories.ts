import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type {
  CreateGiftBoxConfig,
  CreateGiftCard,
  CreateManualGiftBox,
  CreateQuiz,
  RoleName,
} from '@strideadmin/contract';
import type { Db } from '../../src/db/client.js';
import {
  complaintQueries,
  giftBoxConfigs,
  giftBoxes,
  giftCards,
  type NewUserRow,
  quizQuestions,
  users,
} from '../../src/db/schema.js';
import { insertUser } from '../../src/modules/users/index.js';
import { hashPassword } from '../../src/plugins/auth/index.js';
import { dateIn, day, isoIn } from './dates.js';

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
  const { name, email, password, role, emailVerified, totalCoins, ...columns } = overrides;
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
    // Coins go through the ledger (an opening adjustment), as every balance does.
    totalCoins,
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

/** A valid POST /quiz body with a fresh question text (active, English, right answer 2, 10 coins). */
export function validQuiz(overrides: Partial<CreateQuiz> = {}): CreateQuiz {
  sequence += 1;
  return {
    question: `How many steps make a kilometre? (${sequence})`,
    option1: 'About 100',
    option2: 'About 1300',
    option3: 'About 10000',
    option4: 'About 50000',
    correctOption: 2,
    language: 'en',
    coins: 10,
    isActive: true,
    ...overrides,
  };
}

/** A quiz question straight into the table: validQuiz() unless told (a createdAt, say). Answers its id. */
export async function createQuiz(db: Db, values: Partial<typeof quizQuestions.$inferInsert> = {}): Promise<number> {
  const [row] = await db
    .insert(quizQuestions)
    .values({ ...validQuiz(), ...values })
    .returning({ id: quizQuestions.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** A valid POST /giftbox body with a fresh Config Name (active; 1000 steps to unlock, 3 boxes a day). */
export function validConfig(overrides: Partial<CreateGiftBoxConfig> = {}): CreateGiftBoxConfig {
  sequence += 1;
  return {
    type: `Bronze box ${sequence}`,
    minCoins: 5,
    maxCoins: 50,
    stepsToUnlock: 1000,
    boxesPerDay: 3,
    isActive: true,
    ...overrides,
  };
}

/** A gift box config straight into the table: validConfig() unless told (a createdAt, say). Answers its id. */
export async function createGiftBoxConfig(
  db: Db,
  values: Partial<typeof giftBoxConfigs.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(giftBoxConfigs)
    .values({ ...validConfig(), ...values })
    .returning({ id: giftBoxConfigs.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Where validManualBox (and createGiftBox) places a box: a point in Stockholm; a phone there may open it. */
export const boxPosition = { latitude: 59.3293, longitude: 18.0686 } as const;

/** A valid POST /giftbox/manual body under `configId`: at boxPosition, 25 coins, expiring in a day. */
export function validManualBox(configId: number, overrides: Partial<CreateManualGiftBox> = {}): CreateManualGiftBox {
  return { configId, ...boxPosition, coins: 25, expiresAt: isoIn(24), ...overrides };
}

/** A box placed under `configId`, not opened: validManualBox() unless told (a createdAt, say). Answers its id. */
export async function createGiftBox(
  db: Db,
  configId: number,
  values: Partial<typeof giftBoxes.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(giftBoxes)
    .values({ ...validManualBox(configId), expiresAt: new Date(Date.now() + day), ...values })
    .returning({ id: giftBoxes.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** A valid POST /giftcard body with a fresh serial number and control code (price 500, valid 30 more days). */
export function validCard(overrides: Partial<CreateGiftCard> = {}): CreateGiftCard {
  const n = String(++sequence).padStart(4, '0');
  return {
    serialNumber: `SN-${n}`,
    controlCode: `CC-${n}`,
    amount: 100,
    currency: 'SEK',
    storeName: 'corner shop',
    storeAddress: 'storgatan 1, stockholm',
    cardPicture: 'https://cdn.example.com/gift_card_images/card.png',
    validTill: dateIn(30),
    expiryDuration: 1440,
    price: 500,
    ...overrides,
  };
}

/**
 * An unredeemed gift card straight into the table: validCard() unless told (states no call makes: a past
 * Valid Till, a redemption). Answers its id.
 */
export async function createGiftCard(db: Db, values: Partial<typeof giftCards.$inferInsert> = {}): Promise<number> {
  const [row] = await db
    .insert(giftCards)
    .values({ ...validCard(), ...values })
    .returning({ id: giftCards.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
