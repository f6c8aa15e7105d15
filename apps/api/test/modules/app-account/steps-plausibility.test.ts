import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, messages } from '@strideadmin/contract';
import { auditEntries, stepLogs, users } from '../../../src/db/schema.js';
import { buildTestApp, dateIn, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { appPost, entriesOf } from '../mobile-app/app-data.js';

/** POST /app/steps's window (STEPS_SYNC_DAYS, 7) and cap (MAX_STEPS_PER_DAY, 100000), and the capped-days flag. */
describe('plausible steps', () => {
  let t: TestApp;
  const cap = 100_000;

  const sync = (who: LoggedIn, date: string, steps: number) => appPost(t, who, '/app/steps', { date, steps });
  const walker = () => loginAs(t, 'User', { user: { isTracking: true } });
  const flaggedAt = async (id: number) =>
    (await t.db.select({ at: users.stepsFlaggedAt }).from(users).where(eq(users.id, id)))[0]!.at;
  const stepsFlagged = async (who: LoggedIn) =>
    (await t.app.inject({ url: '/api/app/me', headers: who.headers })).json<{ body: { stepsFlagged: boolean } }>().body
      .stepsFlagged;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('accepts today and the 7 days before; refuses the 8th day back and tomorrow with their messages', async () => {
    const who = await walker();
    for (const day of [0, -1, -7]) {
      const res = await sync(who, dateIn(day), 1000);
      expect(res.statusCode, `${day}: ${res.body}`).toBe(200);
    }
    const old = await sync(who, dateIn(-8), 1000);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({
      message: messages.stepsDateTooOld(7),
      errors: [messages.stepsDateTooOld(7)],
    });
    expect(messages.stepsDateTooOld(7)).toBe('Steps can be synced only for today and the 7 days before.');
    const tomorrow = await sync(who, dateIn(1), 1000);
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json().message).toBe(messages.stepsDateFuture);
    // Nothing stored for the refused days.
    const days = await t.db.select({ day: stepLogs.day }).from(stepLogs).where(eq(stepLogs.userId, who.user.id));
    expect(days.map((d) => d.day).sort()).toEqual([dateIn(-7), dateIn(-1), dateIn(0)]);
    expect((await entriesOf(t.db, who.user.id)).length).toBe(3);
  });

  it('accepts the cap, refuses one step more (not clamped), and stores nothing for it', async () => {
    const who = await walker();
    expect((await sync(who, dateIn(-1), cap)).statusCode).toBe(200);
    const over = await sync(who, dateIn(0), cap + 1);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ message: messages.stepsAboveMax(cap), errors: [messages.stepsAboveMax(cap)] });
    expect(messages.stepsAboveMax(cap)).toBe('Steps can not be more than 100,000 for a day.');
    const [today] = await t.db
      .select()
      .from(stepLogs)
      .where(and(eq(stepLogs.userId, who.user.id), eq(stepLogs.day, dateIn(0))));
    expect(today).toBeUndefined();
  });

  it(`flags the user at the cap on ${limits.suspiciousCapDays} consecutive days, in any order of syncing, once`, async () => {
    const who = await walker();
    await sync(who, dateIn(-3), cap);
    await sync(who, dateIn(-1), cap);
    expect(await flaggedAt(who.user.id)).toBeNull();
    // The day between completes the run.
    expect((await sync(who, dateIn(-2), cap)).statusCode).toBe(200);
    const first = await flaggedAt(who.user.id);
    expect(first).toBeInstanceOf(Date);
    expect(await stepsFlagged(who)).toBe(true);
    // A fourth capped day keeps the first time (set once); the coins were paid all along.
    expect((await sync(who, dateIn(0), cap)).statusCode).toBe(200);
    expect(await flaggedAt(who.user.id)).toEqual(first);
    expect((await entriesOf(t.db, who.user.id)).reduce((s, e) => s + e.amount, 0)).toBe(4 * 1000);
  });

  it('does not flag 2 consecutive capped days, nor 3 that are not consecutive, nor 3 just below the cap', async () => {
    const two = await walker();
    await sync(two, dateIn(-1), cap);
    await sync(two, dateIn(0), cap);
    expect(await flaggedAt(two.user.id)).toBeNull();

    const gaps = await walker();
    for (const day of [-6, -4, -3, -1]) await sync(gaps, dateIn(day), cap);
    await sync(gaps, dateIn(-2), cap - 1);
    expect(await flaggedAt(gaps.user.id)).toBeNull();
    expect(await stepsFlagged(gaps)).toBe(false);

    const below = await walker();
    for (const day of [-2, -1, 0]) await sync(below, dateIn(day), cap - 1);
    expect(await flaggedAt(below.user.id)).toBeNull();
  });

  describe('POST /api/users/{id}/clear-steps-flag', () => {
    const clear = (who: LoggedIn, id: number) =>
      t.app.inject({ method: 'POST', url: `/api/users/${id}/clear-steps-flag`, headers: who.headers });

    it('shows the flag on User Details; an administrator clears it, audited', async () => {
      const admin = await loginAs(t, 'Admin');
      const flaggedOn = new Date('2026-01-02T03:04:05.000Z');
      const who = await loginAs(t, 'User', { user: { stepsFlaggedAt: flaggedOn } });
      const detail = await t.app.inject({ url: `/api/users/${who.user.id}`, headers: admin.headers });
      expect(detail.json().body.stepsFlaggedAt).toBe(flaggedOn.toISOString());

      const res = await clear(admin, who.user.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: messages.stepsFlagCleared });
      expect(await flaggedAt(who.user.id)).toBeNull();
      expect(await stepsFlagged(who)).toBe(false);
      const [entry] = await t.db
        .select()
        .from(auditEntries)
        .where(eq(auditEntries.entityId, String(who.user.id)))
        .orderBy(desc(auditEntries.id))
        .limit(1);
      expect(entry).toMatchObject({
        action: 'update',
        entity: 'user',
        actorId: admin.user.id,
        changes: { stepsFlaggedAt: { before: flaggedOn.toISOString(), after: null } },
      });

      // Again: nothing to clear.
      const again = await clear(admin, who.user.id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: messages.stepsNotFlagged });
      const missing = await clear(admin, 999_999);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: messages.userNotFound });
    });

    it('is refused to a role that may not edit users, and to an app user; the flag stays', async () => {
      const flaggedOn = new Date();
      const who = await loginAs(t, 'User', { user: { stepsFlaggedAt: flaggedOn } });
      for (const caller of [await loginAs(t, 'Support'), await loginAs(t, 'Content'), who]) {
        const res = await clear(caller, who.user.id);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: messages.forbidden });
      }
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/users/${who.user.id}/clear-steps-flag` })).statusCode,
      ).toBe(401);
      expect(await flaggedAt(who.user.id)).toEqual(flaggedOn);
    });
  });
});

describe('plausible steps with STEPS_SYNC_DAYS=2 and MAX_STEPS_PER_DAY=5000', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { STEPS_SYNC_DAYS: '2', MAX_STEPS_PER_DAY: '5000' } });
  });
  afterAll(() => t?.close());

  it('holds the configured window and cap, and flags at the configured cap', async () => {
    const who = await loginAs(t, 'User', { user: { isTracking: true } });
    const sync = (date: string, steps: number) => appPost(t, who, '/app/steps', { date, steps });
    expect((await sync(dateIn(-3), 10)).json().message).toBe(messages.stepsDateTooOld(2));
    expect((await sync(dateIn(0), 5001)).json().message).toBe(messages.stepsAboveMax(5000));
    for (const day of [-2, -1, 0]) expect((await sync(dateIn(day), 5000)).statusCode).toBe(200);
    const [row] = await t.db.select({ at: users.stepsFlaggedAt }).from(users).where(eq(users.id, who.user.id));
    expect(row!.at).toBeInstanceOf(Date);
  });
});
