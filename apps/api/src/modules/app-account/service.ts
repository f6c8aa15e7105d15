import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type AppExport, type AppMe, messages, todayIso, type updateAppMeSchema } from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import {
  accountTokens,
  coinLedger,
  complaintQueries,
  giftBoxes,
  giftCards,
  inboxNotifications,
  quizAnswers,
  quizQuestions,
  stepLogs,
  users,
} from '../../db/schema.js';
import { type AuthUser, endSessionsOf, forgetAuth, verifyPassword } from '../../plugins/auth/index.js';
import { type Refusal, refuse } from '../../plugins/errors.js';
import { type AuditContext, auditChanges, recordAudit } from '../audit/index.js';
import { findUserById, updateUserColumns } from '../users/index.js';

/**
 * The app user's own account (docs/behaviour.md §11): their profile, its edit, the push token,
 * erasure and the export of their data; and the administrator's clearing of the steps flag.
 */

export type UpdateAppMe = z.output<typeof updateAppMeSchema>;

/** The placeholder address of an erased account: unique (the e-mail index holds), never delivered (.invalid). */
export const erasedEmailOf = (id: number) => `deleted-${id}@invalid`;

/** GET /app/me: one query, the caller's row and today's step log (the server's calendar day). */
export async function getAppMe(db: Db, userId: number, now = new Date()): Promise<AppMe | undefined> {
  const today = todayIso(now);
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      dob: users.dob,
      height: users.height,
      weight: users.weight,
      gender: users.gender,
      dailyFSGoal: users.dailyFSGoal,
      isTracking: users.isTracking,
      emailVerifiedAt: users.emailVerifiedAt,
      profilePic: users.profilePic,
      totalCoins: users.totalCoins,
      stepsFlaggedAt: users.stepsFlaggedAt,
      todaySteps: stepLogs.steps,
    })
    .from(users)
    .leftJoin(stepLogs, and(eq(stepLogs.userId, users.id), eq(stepLogs.day, today)))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const { emailVerifiedAt, stepsFlaggedAt, todaySteps, ...fields } = row;
  return {
    ...fields,
    emailVerified: emailVerifiedAt !== null,
    today: { date: today, steps: todaySteps ?? 0, goal: row.dailyFSGoal },
    stepsFlagged: stepsFlaggedAt !== null,
  };
}

/**
 * PUT /app/me: the fields sent, through the same edit as the portal's (updateUserColumns): the
 * version moves and the 'update' entry names the fields changed, the user being the actor.
 */
export async function updateAppMe(
  db: Db,
  actor: AuthUser,
  input: UpdateAppMe,
  audit: AuditContext,
): Promise<{ ok: true; me: AppMe } | Refusal> {
  const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as UpdateAppMe;
  const outcome = await updateUserColumns(db, actor.id, patch, null, {}, audit);
  if (outcome !== 'updated') return refuse(404, messages.userNotFound); // 'missing': nothing else applies here
  const me = await getAppMe(db, actor.id);
  return me ? { ok: true, me } : refuse(404, messages.userNotFound);
}

/** PUT /app/push-token: where push notifications go (null: nowhere). Device state: no version, no entry. */
export async function setPushToken(db: Db, userId: number, pushToken: string | null): Promise<void> {
  await db.update(users).set({ pushToken }).where(eq(users.id, userId));
}

/**
 * DELETE /app/me: erasure, after the password. In one transaction, only while the password is
 * still the one checked: the row is anonymised (name, placeholder e-mail, no password, no
 * personal fields, no push token or picture, inactive, deleted_at), its e-mail links are removed,
 * every session ends and the 'erase' entry is written; the ledger, step logs, quiz answers, gift
 * cards, gift boxes and complaint messages stay, linked to the anonymised row. The entry's actor is
 * the anonymised account: the log keeps no identity the erasure removed. Answers the picture's
 * address, for the caller to remove from storage once committed.
 */
export async function eraseAccount(
  db: Db,
  actor: AuthUser,
  password: string,
  audit: AuditContext,
): Promise<{ ok: true; profilePic: string | null } | Refusal> {
  const user = await findUserById(db, actor.id);
  if (!user || !(await verifyPassword(user.passwordHash, password))) return refuse(400, messages.accountPasswordWrong);
  const name = messages.erasedUserName;
  const email = erasedEmailOf(actor.id);
  const erased = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        name,
        email,
        passwordHash: null,
        dob: null,
        height: null,
        weight: null,
        gender: null,
        pushToken: null,
        profilePic: null,
        emailVerifiedAt: null,
        isActive: false,
        isTracking: false,
        deletedAt: sql`now()`,
        version: sql`${users.version} + 1`,
        updatedAt: sql`now()`,
      })
      // Compare-and-set: a password changed meanwhile makes this one wrong.
      .where(and(eq(users.id, actor.id), user.passwordHash ? eq(users.passwordHash, user.passwordHash) : undefined))
      .returning({ id: users.id });
    if (!row) return false;
    await tx.delete(accountTokens).where(eq(accountTokens.userId, actor.id));
    await endSessionsOf(tx, actor.id, new Date());
    await recordAudit(
      tx,
      { ...audit, actor: { id: actor.id, name, email } },
      {
        action: 'erase',
        entity: 'user',
        entityId: actor.id,
        // Which fields were emptied, never their values.
        changes: { erased: { before: null, after: 'name, email, password, dob, height, weight, gender, picture' } },
      },
    );
    return true;
  });
  if (!erased) return refuse(400, messages.accountPasswordWrong);
  forgetAuth(actor.id);
  return { ok: true, profilePic: user.profilePic };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * GET /app/me/export: every row kept about the caller, oldest first. Bounded by what one user
 * makes (a step log a day, a few entries a day: thousands of rows after years), read in one go.
 */
export async function exportAccount(db: Db, userId: number, now = new Date()): Promise<AppExport | undefined> {
  const [me, created] = await Promise.all([
    getAppMe(db, userId, now),
    db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)),
  ]);
  if (!me || !created[0]) return undefined;
  const { today: _today, ...profile } = me;
  const [steps, ledger, answers, cards, boxes, sent, inbox] = await Promise.all([
    db
      .select({ day: stepLogs.day, steps: stepLogs.steps, coins: stepLogs.coins })
      .from(stepLogs)
      .where(eq(stepLogs.userId, userId))
      .orderBy(asc(stepLogs.day)),
    db
      .select({
        at: coinLedger.createdAt,
        kind: coinLedger.kind,
        amount: coinLedger.amount,
        refId: coinLedger.refId,
        refDay: coinLedger.refDay,
        reason: coinLedger.reason,
      })
      .from(coinLedger)
      .where(eq(coinLedger.userId, userId))
      .orderBy(asc(coinLedger.id)),
    db
      .select({
        at: quizAnswers.createdAt,
        quizId: quizAnswers.quizId,
        question: quizQuestions.question,
        option: quizAnswers.option,
        correct: quizAnswers.isCorrect,
        coins: quizAnswers.coins,
      })
      .from(quizAnswers)
      .innerJoin(quizQuestions, eq(quizQuestions.id, quizAnswers.quizId))
      .where(eq(quizAnswers.userId, userId))
      .orderBy(asc(quizAnswers.createdAt)),
    db
      .select({
        id: giftCards.id,
        serialNumber: giftCards.serialNumber,
        controlCode: giftCards.controlCode,
        amount: giftCards.amount,
        currency: giftCards.currency,
        storeName: giftCards.storeName,
        storeAddress: giftCards.storeAddress,
        validTill: giftCards.validTill,
        price: giftCards.price,
        redeemedAt: giftCards.redeemedAt,
      })
      .from(giftCards)
      .where(eq(giftCards.userId, userId))
      .orderBy(asc(giftCards.redeemedAt), asc(giftCards.id)),
    db
      .select({
        id: giftBoxes.id,
        openedAt: giftBoxes.openedAt,
        coins: giftBoxes.coins,
        latitude: giftBoxes.latitude,
        longitude: giftBoxes.longitude,
      })
      .from(giftBoxes)
      .where(and(eq(giftBoxes.openedBy, userId), isNotNull(giftBoxes.openedAt)))
      .orderBy(asc(giftBoxes.openedAt)),
    db
      .select({
        at: complaintQueries.createdAt,
        title: complaintQueries.title,
        message: complaintQueries.message,
        isRead: complaintQueries.isRead,
      })
      .from(complaintQueries)
      .where(eq(complaintQueries.userId, userId))
      .orderBy(asc(complaintQueries.createdAt)),
    db
      .select({
        at: inboxNotifications.createdAt,
        title: inboxNotifications.title,
        message: inboxNotifications.message,
        readAt: inboxNotifications.readAt,
      })
      .from(inboxNotifications)
      .where(eq(inboxNotifications.userId, userId))
      .orderBy(asc(inboxNotifications.createdAt)),
  ]);
  return {
    exportedAt: now.toISOString(),
    profile: { ...profile, createdAt: created[0].createdAt.toISOString() },
    stepLogs: steps,
    ledger: ledger.map((e) => ({ ...e, at: e.at.toISOString() })),
    quizAnswers: answers.map((a) => ({ ...a, at: a.at.toISOString() })),
    giftCards: cards.map((c) => ({ ...c, redeemedAt: iso(c.redeemedAt) })),
    giftBoxes: boxes.map((b) => ({ ...b, openedAt: iso(b.openedAt) })),
    messages: sent.map((m) => ({ ...m, at: m.at.toISOString() })),
    notifications: inbox.map((n) => ({ ...n, at: n.at.toISOString(), readAt: iso(n.readAt) })),
  };
}

/**
 * POST /users/{id}/clear-steps-flag: an administrator looked at the flagged steps. Audited as an
 * 'update' of the user (stepsFlaggedAt, before and after); 409 when the user is not flagged.
 */
export async function clearStepsFlag(db: Db, audit: AuditContext, id: number): Promise<{ ok: true } | Refusal> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ stepsFlaggedAt: users.stepsFlaggedAt })
      .from(users)
      .where(eq(users.id, id))
      .for('no key update');
    if (!row) return refuse(404, messages.userNotFound);
    if (row.stepsFlaggedAt === null) return refuse(409, messages.stepsNotFlagged);
    await tx.update(users).set({ stepsFlaggedAt: null }).where(eq(users.id, id));
    await recordAudit(tx, audit, {
      action: 'update',
      entity: 'user',
      entityId: id,
      changes: auditChanges({ stepsFlaggedAt: row.stepsFlaggedAt.toISOString() }, { stepsFlaggedAt: null }),
    });
    return { ok: true as const };
  });
}
