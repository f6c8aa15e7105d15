import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** spec §6: roles Admin and User. */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** spec §3 User, plus what the server needs (password hash, verification, timestamps). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    dob: date('dob', { mode: 'string' }),
    height: doublePrecision('height'),
    weight: doublePrecision('weight'),
    gender: text('gender'),
    totalCoins: integer('total_coins').notNull().default(0),
    dailyFSGoal: integer('daily_fs_goal').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    isTracking: boolean('is_tracking').notNull().default(false),
    profilePic: text('profile_pic'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_id_idx').on(t.roleId),
    index('users_created_at_idx').on(t.createdAt),
    // Case-insensitive "contains" filters (ILIKE '%x%') stay fast at 1,000,000 rows.
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

/** spec §3 GiftCard. A redeemed card belongs to the user who redeemed it (Associated Gift Cards). */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: serial('id').primaryKey(),
    serialNumber: text('serial_number').notNull(),
    controlCode: text('control_code').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    storeName: text('store_name').notNull(),
    storeAddress: text('store_address').notNull(),
    cardPicture: text('card_picture'),
    validTill: date('valid_till', { mode: 'string' }).notNull(),
    expiryDuration: integer('expiry_duration').notNull().default(0),
    price: integer('price').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // Unique whatever the case: 'gc-1' and 'GC-1' are the same card (as the CSV check compares them).
    uniqueIndex('gift_cards_serial_number_lower_key').on(sql`lower(${t.serialNumber})`),
    uniqueIndex('gift_cards_control_code_lower_key').on(sql`lower(${t.controlCode})`),
    index('gift_cards_user_id_idx').on(t.userId),
    index('gift_cards_valid_till_idx').on(t.validTill),
    index('gift_cards_created_at_idx').on(t.createdAt),
    index('gift_cards_serial_trgm_idx').using('gin', t.serialNumber.op('gin_trgm_ops')),
    index('gift_cards_store_name_trgm_idx').using('gin', t.storeName.op('gin_trgm_ops')),
  ],
);

/**
 * Single-use e-mail link tokens (reset password, verify account). Only the SHA-256 of the token is
 * stored: a leaked table does not let anyone use a link.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'verify'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('account_tokens_user_id_idx').on(t.userId)],
);

export type GiftCardRow = typeof giftCards.$inferSelect;

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
