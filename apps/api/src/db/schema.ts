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
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
