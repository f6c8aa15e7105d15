import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** docs/behaviour.md §6: roles Admin and User. */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** docs/behaviour.md §3 User, plus what the server needs (password hash, verification, timestamps). */
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
    /** The app's FCM registration token (set by the app; push goes here when FCM is configured). */
    pushToken: text('push_token'),
    /** The last day with steps (dashboard: distinct walkers since a day = an index range count). */
    lastWalkedOn: date('last_walked_on', { mode: 'string' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * Moves on every edit of the account's own fields (portal form, profile, app), never on coin
     * movements: an edit made on a form loaded at an older version is refused (409), not applied.
     */
    version: integer('version').notNull().default(1),
    /** The user erased their account (DELETE /app/me): the row stays, anonymised, for the ledger. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** Since when the user's steps look implausible (the daily cap on several days in a row); null: not flagged. */
    stepsFlaggedAt: timestamp('steps_flagged_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_id_idx').on(t.roleId),
    index('users_created_at_idx').on(t.createdAt),
    index('users_last_walked_on_idx').on(t.lastWalkedOn),
    // The User list sorted by Name or E-mail reads a page off an index (ties broken by id).
    index('users_name_id_idx').on(t.name, t.id),
    index('users_email_id_idx').on(t.email, t.id),
    // Case-insensitive "contains" filters (ILIKE '%x%') stay fast at 1,000,000 rows.
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

/** docs/behaviour.md §3 GiftCard. A redeemed card belongs to the user who redeemed it (Associated Gift Cards). */
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
    // The dashboard's "in stock" count: cards nobody redeemed, by Valid Till (decision 0010).
    index('gift_cards_in_stock_idx')
      .on(t.validTill)
      .where(sql`${t.userId} is null and ${t.redeemedAt} is null`),
    // The app's catalogue (GET /app/giftcards): cards in stock, cheapest first, read off in order.
    index('gift_cards_in_stock_price_idx')
      .on(t.price, t.id)
      .where(sql`${t.userId} is null and ${t.redeemedAt} is null`),
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

/**
 * Signed-in sessions: every token carries its session's id (`sid`), and the token is honoured only
 * while its session is not revoked (sign-out, sign out everywhere) nor idle for too long.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** Random, url-safe (the token's `sid`). */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: ['admin', 'app'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Last time a request used the session (written at most once a minute). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The token's own expiry: after it the row is only history (and may be removed). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** Where it was signed in from, for the owner's list of sessions. */
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Quiz questions (docs/behaviour.md §11): four options, the right one, language, coins for a right answer. */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: serial('id').primaryKey(),
    question: text('question').notNull(),
    option1: text('option1').notNull(),
    option2: text('option2').notNull(),
    option3: text('option3').notNull(),
    option4: text('option4').notNull(),
    correctOption: integer('correct_option').notNull(),
    language: text('language', { enum: ['en', 'sv'] }).notNull(),
    coins: integer('coins').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('quiz_questions_correct_option_check', sql`${t.correctOption} between 1 and 4`),
    index('quiz_questions_created_at_idx').on(t.createdAt),
    index('quiz_questions_language_idx').on(t.language),
    index('quiz_questions_question_trgm_idx').using('gin', t.question.op('gin_trgm_ops')),
  ],
);

/** Gift box configs (docs/behaviour.md §11); `type` is the Config Name, unique whatever the case. */
export const giftBoxConfigs = pgTable(
  'gift_box_configs',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    minCoins: integer('min_coins').notNull(),
    maxCoins: integer('max_coins').notNull(),
    stepsToUnlock: integer('steps_to_unlock').notNull().default(0),
    boxesPerDay: integer('boxes_per_day').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('gift_box_configs_type_lower_key').on(sql`lower(${t.type})`),
    check('gift_box_configs_coin_range_check', sql`${t.minCoins} <= ${t.maxCoins}`),
    index('gift_box_configs_created_at_idx').on(t.createdAt),
    index('gift_box_configs_type_trgm_idx').using('gin', t.type.op('gin_trgm_ops')),
  ],
);

/** A box placed on the map under a config (by hand from /add-box-manual); opened by one app user. */
export const giftBoxes = pgTable(
  'gift_boxes',
  {
    id: serial('id').primaryKey(),
    configId: integer('config_id')
      .notNull()
      .references(() => giftBoxConfigs.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    coins: integer('coins').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    source: text('source', { enum: ['manual'] })
      .notNull()
      .default('manual'),
    openedBy: integer('opened_by').references(() => users.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('gift_boxes_config_id_idx').on(t.configId, t.createdAt),
    index('gift_boxes_expires_at_idx').on(t.expiresAt),
    // The app's boxes nearby (GET /app/giftboxes): a bounding box over the boxes not opened yet.
    index('gift_boxes_unopened_position_idx')
      .on(t.latitude, t.longitude)
      .where(sql`${t.openedAt} is null`),
    // A user's boxes opened today, by config (the daily limit), without reading every opened box.
    index('gift_boxes_opened_by_idx')
      .on(t.openedBy, t.openedAt)
      .where(sql`${t.openedBy} is not null`),
  ],
);

/** Push notifications (docs/behaviour.md §11). Status and counts are kept by the delivery worker. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    language: text('language', { enum: ['en', 'sv'] }).notNull(),
    audience: text('audience', { enum: ['all', 'active', 'users'] }).notNull(),
    sendAt: timestamp('send_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    recipientCount: integer('recipient_count').notNull().default(0),
    deliveredCount: integer('delivered_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('notifications_created_at_idx').on(t.createdAt),
    index('notifications_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('notifications_message_trgm_idx').using('gin', t.message.op('gin_trgm_ops')),
  ],
);

/**
 * The outbox: one row per recipient, written in the same transaction as the notification. The
 * worker claims due pending rows (FOR UPDATE SKIP LOCKED, with a lease in `lockedUntil`), writes
 * the inbox entry and pushes through FCM when configured, then settles the row.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('notification_deliveries_notification_user_key').on(t.notificationId, t.userId),
    index('notification_deliveries_due_idx')
      .on(t.dueAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('notification_deliveries_user_id_idx').on(t.userId),
  ],
);

/** The app inbox (GET /app/notifications): one entry per delivered notification and user, exactly once. */
export const inboxNotifications = pgTable(
  'inbox_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    language: text('language', { enum: ['en', 'sv'] }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('inbox_notifications_notification_user_key').on(t.notificationId, t.userId),
    index('inbox_notifications_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** docs/behaviour.md §3 Message: complaint queries sent from the app. Kept when the user is deleted (User null). */
export const complaintQueries = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    source: text('source').notNull().default('Mobile'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('messages_created_at_idx').on(t.createdAt),
    index('messages_user_id_idx').on(t.userId),
    // The sidebar's unread count and the isRead=false filter read only the unread few.
    index('messages_unread_idx')
      .on(t.createdAt)
      .where(sql`${t.isRead} = false`),
    index('messages_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

/** Steps per user per day (docs/behaviour.md §11 Activity); a later sync of a day replaces its count. */
export const stepLogs = pgTable(
  'step_logs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    steps: integer('steps').notNull(),
    /** Coins credited for this day so far (a re-sync credits only the difference). */
    coins: integer('coins').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('step_logs_day_idx').on(t.day)],
);

/**
 * The coin ledger: every change of a user's coins. users.total_coins always equals the sum of the
 * user's entries (the same transaction writes both). `amount` is signed (redeem is negative).
 */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['steps', 'quiz', 'giftbox', 'redeem', 'adjustment'] }).notNull(),
    amount: integer('amount').notNull(),
    /** What it is for: the quiz question, gift box or gift card id (null for steps and adjustments). */
    refId: integer('ref_id'),
    /** steps: the day the coins are for. */
    refDay: date('ref_day', { mode: 'string' }),
    /** adjustment: the administrator who changed the coins. */
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** adjustment made with POST /users/{id}/coins: the administrator's reason. */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('coin_ledger_user_id_idx').on(t.userId, t.createdAt),
    index('coin_ledger_created_at_idx').on(t.createdAt),
    // Deleting an administrator sets admin_id null on their adjustments: without it, a scan of the ledger.
    index('coin_ledger_admin_id_idx')
      .on(t.adminId)
      .where(sql`${t.adminId} is not null`),
  ],
);

/** A quiz question answered by an app user: once per user and question. */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    option: integer('option').notNull(),
    isCorrect: boolean('is_correct').notNull(),
    coins: integer('coins').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.quizId] }), index('quiz_answers_quiz_id_idx').on(t.quizId)],
);

/**
 * One row per day of the dashboard's figures, kept by statement-level triggers on users,
 * step_logs and coin_ledger (migration 0005), so a range reads at most a few hundred rows
 * whatever the number of users (decision 0010).
 */
/** The dashboard's figures of a day (daily_stats) or an hour (hourly_stats): fresh column builders each call. */
const dashboardFigures = () => ({
  newUsers: integer('new_users').notNull().default(0),
  activeWalkers: integer('active_walkers').notNull().default(0),
  steps: bigint('steps', { mode: 'number' }).notNull().default(0),
  coinsEarned: bigint('coins_earned', { mode: 'number' }).notNull().default(0),
  coinsSpent: bigint('coins_spent', { mode: 'number' }).notNull().default(0),
  giftCardsRedeemed: integer('gift_cards_redeemed').notNull().default(0),
});

export const dailyStats = pgTable('daily_stats', {
  day: date('day', { mode: 'string' }).primaryKey(),
  ...dashboardFigures(),
});

/**
 * Today's dashboard figures by hour (migration 0015), kept by the same triggers as daily_stats: an
 * hour is the hour of the database's clock when the activity was recorded, for activity on the
 * day it happened (a late sync of yesterday's steps moves yesterday's day, not today's hours).
 * active_walkers counts the users whose first steps of their day arrived in that hour.
 */
export const hourlyStats = pgTable('hourly_stats', {
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
  ...dashboardFigures(),
});

/**
 * The audit log (docs/operations/audit-log.md): who did what, when, from where. Append-only: a
 * trigger refuses UPDATE, DELETE and TRUNCATE (migration 0011) except the retention's delete; each
 * entry's hash covers its fields and the previous entry's hash (modules/audit/service.ts), so a
 * changed or removed entry shows in `npm run audit:verify`. No foreign key on actor_id: entries
 * outlive the accounts they name, and keep the name and e-mail as they were.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entity: text('entity'),
    entityId: text('entity_id'),
    /** A bulk action's ids (one entry for the whole action). */
    entityIds: jsonb('entity_ids'),
    /** { field: { before, after } }, changed fields only, secrets never, some masked (auditChanges). */
    changes: jsonb('changes'),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull().unique(),
  },
  (t) => [
    index('audit_entries_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_entries_actor_idx').on(t.actorId, t.at.desc()),
    index('audit_entries_entity_idx').on(t.entity, t.entityId, t.at.desc()),
    index('audit_entries_action_idx').on(t.action, t.at.desc()),
  ],
);

/**
 * Where the audit chain starts once retention has removed its oldest entries: the last removed
 * entry's id and hash (one row, id 1). Written only by strideadmin_audit_prune (migration 0011).
 */
export const auditAnchor = pgTable('audit_anchor', {
  id: integer('id').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
  lastHash: text('last_hash').notNull(),
  prunedAt: timestamp('pruned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type GiftCardRow = typeof giftCards.$inferSelect;

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
