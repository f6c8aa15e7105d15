import { and, asc, desc, eq, gte, isNull, lte, not, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AppQuizQuestion,
  type appQuizQuerySchema,
  type appStepsResponseSchema,
  type giftBoxOpenResponseSchema,
  greatCircleMetres,
  type LatLng,
  limits,
  type ListResponse,
  messages,
  type quizAnswerResponseSchema,
  type redeemResponseSchema,
  todayIso,
} from '@strideadmin/contract';
import type { StepsRules } from '../../config.js';
import type { Db } from '../../db/client.js';
import { giftCardColumnsWithExpiry, giftCardIsExpired, toGiftCard } from '../gift-cards/index.js';
import { giftBoxConfigs, giftBoxes, giftCards, quizAnswers, quizQuestions, stepLogs, users } from '../../db/schema.js';
import { changeCoins, type CoinChange } from '../ledger/index.js';

/**
 * The mobile app's calls (docs/behaviour.md §10). Every change of coins goes through the ledger
 * (changeCoins), inside the transaction of what it pays for: a refusal midway rolls all of it back.
 * Every transaction locks the caller's row first (lockCaller), then the thing it is about (step
 * log, quiz answer, box, card); the ledger's daily_stats triggers lock the day's figures last. One
 * order for all (administrators' edits of coins lock the user's row first too), so two calls never
 * wait on each other in a circle. A step log's trigger locks its day's figures at once: were the
 * user's row locked after it, a sync and a redemption of the same user could deadlock.
 */

export type AppQuizQuery = z.output<typeof appQuizQuerySchema>;
export type StepsResult = z.output<typeof appStepsResponseSchema>;
export type QuizAnswerResult = z.output<typeof quizAnswerResponseSchema>;
export type GiftBoxOpenResult = z.output<typeof giftBoxOpenResponseSchema>;
export type RedeemResult = z.output<typeof redeemResponseSchema>;

/** A rule of the app said no: the route answers `status` with `message`. */
export interface AppRefusal {
  ok: false;
  status: 403 | 404 | 409 | 410;
  message: string;
}

/** Thrown inside a transaction to roll it back with a refusal. */
class Refused extends Error {
  constructor(readonly refusal: AppRefusal) {
    super(refusal.message);
  }
}
const refused = (status: AppRefusal['status'], message: string) => new Refused({ ok: false, status, message });

/** Runs `work` (a transaction); a Refused thrown inside becomes the refusal it carries. */
async function refusing<T>(work: () => Promise<T>): Promise<T | AppRefusal> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof Refused) return err.refusal;
    throw err;
  }
}

/** What the calls read of the caller, under the lock. */
const callerColumns = {
  totalCoins: users.totalCoins,
  isTracking: users.isTracking,
  lastWalkedOn: users.lastWalkedOn,
  emailVerifiedAt: users.emailVerifiedAt,
  stepsFlagged: sql<boolean>`${users.stepsFlaggedAt} is not null`,
};

/**
 * Locks the caller's row for the transaction (see above) and reads, in the same statement, what
 * the calls check of them: their balance, tracking flag, last walked day and verified address.
 * The lock is the ledger's (lockBalance): FOR NO KEY UPDATE, for the reason given there. A deleted
 * caller is a 404.
 */
async function lockCaller(tx: Db, userId: number) {
  const [caller] = await tx.select(callerColumns).from(users).where(eq(users.id, userId)).for('no key update');
  if (!caller) throw refused(404, messages.userNotFound);
  return caller;
}

/**
 * A change of the locked caller's coins that cannot be refused (a credit, or taking back at most
 * the balance): their new balance.
 */
async function changeLockedCoins(tx: Db, change: CoinChange): Promise<number> {
  const balance = await changeCoins(tx, change);
  if (balance === null) throw new Error(`the coins of user ${change.userId} could not be changed`);
  return balance;
}

/** The day `days` calendar days before `day` (YYYY-MM-DD), and after it for a negative `days`. */
export function daysBefore(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** What POST /app/steps accepts besides its schema: STEPS_SYNC_DAYS and MAX_STEPS_PER_DAY (config). */
export type { StepsRules };

/**
 * Why a sync breaks the server's steps rules (undefined: it does not): a day older than today
 * minus `syncDays` (the schema refused a future day already), or more than `maxPerDay` steps.
 * No query: checked before the transaction.
 */
export function stepsProblem(date: string, steps: number, rules: StepsRules, now = new Date()): string | undefined {
  if (date < daysBefore(todayIso(now), rules.syncDays)) return messages.stepsDateTooOld(rules.syncDays);
  if (steps > rules.maxPerDay) return messages.stepsAboveMax(rules.maxPerDay);
  return undefined;
}

/**
 * Whether `day`, just synced at the cap, completes limits.suspiciousCapDays capped days in a row
 * (the run may reach before or after it: days are synced in any order). One query, run only when
 * the synced value is the cap.
 */
async function completesCappedRun(tx: Db, userId: number, day: string, cap: number): Promise<boolean> {
  const span = limits.suspiciousCapDays - 1;
  const capped = await tx
    .select({ day: stepLogs.day })
    .from(stepLogs)
    .where(
      and(
        eq(stepLogs.userId, userId),
        gte(stepLogs.day, daysBefore(day, span)),
        lte(stepLogs.day, daysBefore(day, -span)),
        gte(stepLogs.steps, cap),
      ),
    );
  const days = new Set(capped.map((r) => r.day));
  let run = 0;
  for (let offset = span; offset >= -span; offset--) {
    run = days.has(daysBefore(day, offset)) ? run + 1 : 0;
    if (run >= limits.suspiciousCapDays) return true;
  }
  return false;
}

/** Midnight starting the server's calendar day of `now` (the day `todayIso` names). */
export function startOfDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/**
 * POST /app/steps: the day's count replaces any earlier sync of that day (INSERT ... ON CONFLICT
 * DO UPDATE, answering what the day was credited so far). The caller's row is locked first, so a
 * second sync sent at the same time waits, then sees what this one credited. The day earns floor(steps /
 * stepsPerCoin) coins; only the difference to what it was already credited is credited now, so
 * syncing twice never pays twice. A lower count takes coins back, but never more than the user
 * has (coins already spent stay spent): the day then keeps the part that could not be taken back
 * as credited, so a later higher count does not pay it again.
 */
export async function recordSteps(
  db: Db,
  input: { userId: number; date: string; steps: number; stepsPerCoin: number; maxPerDay: number },
): Promise<{ ok: true; result: StepsResult } | AppRefusal> {
  const { userId, date, steps } = input;
  return refusing(() =>
    db.transaction(async (tx) => {
      const caller = await lockCaller(tx, userId);
      if (!caller.isTracking) throw refused(403, messages.trackingDisabled);
      const balance = caller.totalCoins;

      const [log] = await tx
        .insert(stepLogs)
        .values({ userId, day: date, steps, coins: 0 })
        .onConflictDoUpdate({
          target: [stepLogs.userId, stepLogs.day],
          set: { steps: sql`excluded.steps`, updatedAt: sql`now()` },
        })
        // `coins` is not in the SET: this is what the day was credited before this sync.
        .returning({ coins: stepLogs.coins });
      const before = log?.coins ?? 0;
      const earned = Math.floor(steps / input.stepsPerCoin);

      // The row is locked: the balance cannot change before the change below.
      const credited = Math.max(earned - before, -balance);
      let totalCoins = balance;
      if (credited !== 0) {
        totalCoins = await changeLockedCoins(tx, { userId, kind: 'steps', amount: credited, refDay: date });
        await tx
          .update(stepLogs)
          .set({ coins: before + credited })
          .where(and(eq(stepLogs.userId, userId), eq(stepLogs.day, date)));
      }
      // The last walked day only moves forward: a re-sync of a day already walked (the phone
      // syncing today again and again) leaves the caller's row as it is.
      if (steps > 0 && (caller.lastWalkedOn === null || caller.lastWalkedOn < date)) {
        await tx.update(users).set({ lastWalkedOn: date }).where(eq(users.id, userId));
      }
      // Implausible steps: the cap on limits.suspiciousCapDays days in a row flags the user, once
      // (the coins stay: an administrator looks and decides). Looked for only at the cap.
      if (steps === input.maxPerDay && !caller.stepsFlagged) {
        if (await completesCappedRun(tx, userId, date, input.maxPerDay)) {
          await tx
            .update(users)
            .set({ stepsFlaggedAt: sql`now()` })
            .where(and(eq(users.id, userId), isNull(users.stepsFlaggedAt)));
        }
      }
      return { ok: true as const, result: { date, steps, coins: before + credited, credited, totalCoins } };
    }),
  );
}

/**
 * GET /app/quiz: a page of the active questions the caller has not answered yet (optionally of
 * one language), newest first by default, without their correct option.
 */
export async function listOpenQuestions(
  db: Db,
  userId: number,
  query: AppQuizQuery,
): Promise<ListResponse<AppQuizQuestion>> {
  const where = and(
    eq(quizQuestions.isActive, true),
    query.language ? eq(quizQuestions.language, query.language) : undefined,
    sql`not exists (select 1 from ${quizAnswers} where ${quizAnswers.userId} = ${userId} and ${quizAnswers.quizId} = ${quizQuestions.id})`,
  );
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: quizQuestions.id,
        question: quizQuestions.question,
        option1: quizQuestions.option1,
        option2: quizQuestions.option2,
        option3: quizQuestions.option3,
        option4: quizQuestions.option4,
        language: quizQuestions.language,
        coins: quizQuestions.coins,
      })
      .from(quizQuestions)
      .where(where)
      .orderBy(direction(quizQuestions.createdAt), direction(quizQuestions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(quizQuestions)
      .where(where),
  ]);
  return { rows, count: totals[0]?.n ?? 0 };
}

/**
 * POST /app/quiz/{id}/answer: once per user and question. The answer's primary key decides (a
 * second answer, even at the same instant, inserts nothing and credits nothing); a right answer
 * credits the question's coins.
 */
export async function answerQuestion(
  db: Db,
  input: { userId: number; quizId: number; option: number },
): Promise<{ ok: true; result: QuizAnswerResult } | AppRefusal> {
  const { userId, quizId, option } = input;
  return refusing(() =>
    db.transaction(async (tx) => {
      const balance = (await lockCaller(tx, userId)).totalCoins;
      const [question] = await tx
        .select({ correctOption: quizQuestions.correctOption, coins: quizQuestions.coins })
        .from(quizQuestions)
        .where(and(eq(quizQuestions.id, quizId), eq(quizQuestions.isActive, true)));
      if (!question) throw refused(404, messages.quizNotFound);
      const correct = option === question.correctOption;
      const coins = correct ? question.coins : 0;
      const inserted = await tx
        .insert(quizAnswers)
        .values({ userId, quizId, option, isCorrect: correct, coins })
        .onConflictDoNothing()
        .returning({ quizId: quizAnswers.quizId });
      if (inserted.length === 0) throw refused(409, messages.quizAlreadyAnswered);
      const totalCoins =
        coins > 0 ? await changeLockedCoins(tx, { userId, kind: 'quiz', amount: coins, refId: quizId }) : balance;
      return {
        ok: true as const,
        result: { correct, correctOption: question.correctOption, coins, totalCoins },
      };
    }),
  );
}

/**
 * POST /app/giftbox/{id}/open: a placed box of an active config, not expired, not opened, by a
 * user standing within `radiusM` metres of it (great-circle, the contract's greatCircleMetres;
 * 403 farther) who walked the config's steps today and has not opened its boxes-per-day of that config
 * today (today: the server's calendar day, as the steps' dates). The caller's row is locked
 * first, so their own opens run one after another and the daily limit holds; the box is taken by
 * a conditional UPDATE, so of two users opening it at once exactly one gets it.
 */
export async function openGiftBox(
  db: Db,
  input: { userId: number; boxId: number; position: LatLng; radiusM: number; now: Date },
): Promise<{ ok: true; result: GiftBoxOpenResult } | AppRefusal> {
  const { userId, boxId, now } = input;
  return refusing(() =>
    db.transaction(async (tx) => {
      await lockCaller(tx, userId);
      const [box] = await tx
        .select({
          coins: giftBoxes.coins,
          latitude: giftBoxes.latitude,
          longitude: giftBoxes.longitude,
          expiresAt: giftBoxes.expiresAt,
          openedAt: giftBoxes.openedAt,
          configId: giftBoxConfigs.id,
          stepsToUnlock: giftBoxConfigs.stepsToUnlock,
          boxesPerDay: giftBoxConfigs.boxesPerDay,
        })
        .from(giftBoxes)
        .innerJoin(giftBoxConfigs, eq(giftBoxConfigs.id, giftBoxes.configId))
        .where(and(eq(giftBoxes.id, boxId), eq(giftBoxConfigs.isActive, true)));
      if (!box) throw refused(404, messages.giftBoxNotFound);
      if (box.openedAt !== null) throw refused(409, messages.giftBoxAlreadyOpened);
      if (box.expiresAt <= now) throw refused(410, messages.giftBoxExpired);
      if (greatCircleMetres(input.position, box) > input.radiusM) throw refused(403, messages.giftBoxTooFar);

      const [today] = await tx
        .select({ steps: stepLogs.steps })
        .from(stepLogs)
        .where(and(eq(stepLogs.userId, userId), eq(stepLogs.day, todayIso(now))));
      if ((today?.steps ?? 0) < box.stepsToUnlock) throw refused(403, messages.giftBoxNeedsSteps);

      const [opened] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(giftBoxes)
        .where(
          and(
            eq(giftBoxes.openedBy, userId),
            eq(giftBoxes.configId, box.configId),
            gte(giftBoxes.openedAt, startOfDay(now)),
          ),
        );
      if ((opened?.n ?? 0) >= box.boxesPerDay) throw refused(409, messages.giftBoxDailyLimit);

      const taken = await tx
        .update(giftBoxes)
        .set({ openedBy: userId, openedAt: now })
        .where(and(eq(giftBoxes.id, boxId), isNull(giftBoxes.openedAt)))
        .returning({ id: giftBoxes.id });
      if (taken.length === 0) throw refused(409, messages.giftBoxAlreadyOpened);
      const totalCoins = await changeLockedCoins(tx, { userId, kind: 'giftbox', amount: box.coins, refId: boxId });
      return { ok: true as const, result: { coins: box.coins, totalCoins } };
    }),
  );
}

/**
 * POST /app/giftcard/{id}/redeem, all or nothing in one transaction, by a caller whose e-mail
 * address is verified (403 otherwise): the card is taken only while
 * it has no owner, was never redeemed and is not expired (a conditional UPDATE: of two users at
 * once exactly one gets it), then its price is spent (changeCoins refuses to go below 0, whatever
 * else spends at the same time); without the coins, the card is given back by the rollback. Its
 * Expiry Duration starts now; it then shows under the user's Associated Gift Cards.
 */
export async function redeemGiftCard(
  db: Db,
  input: { userId: number; cardId: number; now: Date },
): Promise<{ ok: true; result: RedeemResult } | AppRefusal> {
  const { userId, cardId, now } = input;
  return refusing(() =>
    db.transaction(async (tx) => {
      // Redeeming needs a verified address (walking, quiz and gift boxes do not); read under the
      // caller's lock, nothing is taken or spent without it.
      const caller = await lockCaller(tx, userId);
      if (!caller.emailVerifiedAt) throw refused(403, messages.verifyEmailToRedeem);
      const [card] = await tx
        .update(giftCards)
        .set({ userId, redeemedAt: now, updatedAt: sql`now()` })
        .where(
          and(
            eq(giftCards.id, cardId),
            isNull(giftCards.userId),
            isNull(giftCards.redeemedAt),
            not(giftCardIsExpired(now)),
          ),
        )
        .returning(giftCardColumnsWithExpiry(now));
      if (!card) {
        const [exists] = await tx.select({ id: giftCards.id }).from(giftCards).where(eq(giftCards.id, cardId));
        throw exists ? refused(409, messages.giftCardNotAvailable) : refused(404, messages.giftCardNotFound);
      }
      const totalCoins = await changeCoins(tx, { userId, kind: 'redeem', amount: -card.price, refId: cardId });
      if (totalCoins === null) throw refused(409, messages.insufficientCoins);
      return { ok: true as const, result: { card: toGiftCard(card), totalCoins } };
    }),
  );
}
