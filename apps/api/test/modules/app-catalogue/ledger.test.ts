import { and, desc, eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminLedgerEntry, type LedgerEntry, limits, type ListResponse, messages } from '@strideadmin/contract';
import { auditEntries, coinLedger } from '../../../src/db/schema.js';
import {
  boxPosition,
  buildTestApp,
  createGiftBox,
  createGiftBoxConfig,
  createGiftCard,
  createQuiz,
  createUser,
  dateIn,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../helpers/index.js';
import { appPost, balanceOf, entriesOf, ledgerMismatches } from '../mobile-app/app-data.js';
import { appGet, bodyOf } from './app-calls.js';

let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t, 'Admin');
});
afterAll(() => t?.close());

const adjust = (userId: number, payload: unknown, who: { headers: Record<string, string> } = admin) =>
  t.app.inject({ method: 'POST', url: `/api/users/${userId}/coins`, headers: who.headers, payload: payload as object });
const userLedger = (userId: number, query = '', who: { headers: Record<string, string> } = admin) =>
  t.app.inject({ method: 'GET', url: `/api/users/${userId}/ledger${query}`, headers: who.headers });
const lastAuditId = async () =>
  Number((await t.db.select({ id: max(auditEntries.id) }).from(auditEntries))[0]?.id ?? 0);

describe('GET /api/app/ledger', () => {
  it("pages through the caller's coin history, newest first, every kind with its reference", async () => {
    const who = await loginAs(t, 'User', { user: { isTracking: true } });
    const quizId = await createQuiz(t.db, { coins: 7 });
    const boxId = await createGiftBox(t.db, await createGiftBoxConfig(t.db, { stepsToUnlock: 0 }), { coins: 11 });
    const cardId = await createGiftCard(t.db, { price: 20 });
    for (const [url, payload] of [
      ['/app/steps', { date: dateIn(-1), steps: 1500 }],
      [`/app/quiz/${quizId}/answer`, { option: 2 }],
      [`/app/giftbox/${boxId}/open`, boxPosition],
      [`/app/giftcard/${cardId}/redeem`, undefined],
    ] as const) {
      const res = await appPost(t, who, url, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    expect((await adjust(who.user.id, { amount: -3, reason: '  Duplicate steps  ' })).statusCode).toBe(200);

    const page = bodyOf<ListResponse<LedgerEntry>>(await appGet(t, who, '/app/ledger'));
    expect(page.count).toBe(5);
    expect(page.rows.map(({ id: _id, createdAt: _at, ...rest }) => rest)).toEqual([
      { kind: 'adjustment', amount: -3, reason: 'Duplicate steps', refDay: null, refId: null },
      { kind: 'redeem', amount: -20, reason: null, refDay: null, refId: cardId },
      { kind: 'giftbox', amount: 11, reason: null, refDay: null, refId: boxId },
      { kind: 'quiz', amount: 7, reason: null, refDay: null, refId: quizId },
      { kind: 'steps', amount: 15, reason: null, refDay: dateIn(-1), refId: null },
    ]);
    const stored = await t.db
      .select({ id: coinLedger.id, createdAt: coinLedger.createdAt })
      .from(coinLedger)
      .where(eq(coinLedger.userId, who.user.id))
      .orderBy(desc(coinLedger.id));
    expect(page.rows.map((e) => [e.id, e.createdAt])).toEqual(stored.map((e) => [e.id, e.createdAt.toISOString()]));

    const second = bodyOf<ListResponse<LedgerEntry>>(await appGet(t, who, '/app/ledger?limit=2&page=2'));
    expect(second.rows.map((e) => e.kind)).toEqual(['giftbox', 'quiz']);
    expect(second.count).toBe(5);
    // Only the caller's own.
    expect(bodyOf<ListResponse<LedgerEntry>>(await appGet(t, await loginAs(t, 'User'), '/app/ledger'))).toEqual({
      rows: [],
      count: 0,
    });
    expect((await appGet(t, who, '/app/ledger?limit=0')).statusCode).toBe(400);
  });
});

describe('the app calls refuse callers that are not app users', () => {
  const calls = ['/app/giftcards', '/app/giftcards/mine', '/app/giftboxes?lat=59&lng=18', '/app/ledger'];
  it('answers 401 without a token and 403 to a portal token', async () => {
    for (const url of calls) {
      const none = await appGet(t, { headers: {} }, url);
      expect(none.statusCode, url).toBe(401);
      const portal = await appGet(t, admin, url);
      expect(portal.statusCode, url).toBe(403);
      expect(portal.json(), url).toEqual({ message: messages.forbidden });
    }
  });
});

describe('GET /api/users/{id}/ledger', () => {
  it('shows the history with who made each adjustment, to those who may view users', async () => {
    const target = await createUser(t.db, { totalCoins: 40 });
    expect((await adjust(target.id, { amount: 5, reason: 'Bonus' })).statusCode).toBe(200);
    const support = await loginAs(t, 'Support');
    for (const who of [admin, support]) {
      const page = bodyOf<ListResponse<AdminLedgerEntry>>(await userLedger(target.id, '', who));
      expect(page.count).toBe(2);
      expect(page.rows.map(({ id: _id, createdAt: _at, ...rest }) => rest)).toEqual([
        {
          kind: 'adjustment',
          amount: 5,
          reason: 'Bonus',
          refDay: null,
          refId: null,
          adminId: admin.user.id,
          adminName: admin.user.name,
        },
        // The opening balance of createUser: an adjustment without an administrator or reason.
        { kind: 'adjustment', amount: 40, reason: null, refDay: null, refId: null, adminId: null, adminName: null },
      ]);
    }
    expect(bodyOf<ListResponse<AdminLedgerEntry>>(await userLedger(target.id, '?limit=1&page=2')).rows[0]?.amount).toBe(
      40,
    );
  });

  it('answers 404 for an unknown user, 400 to a bad id or page, 403 to a role that may not view users or an app token', async () => {
    const unknown = await userLedger(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.userNotFound });
    expect((await userLedger(admin.user.id, '?limit=101')).statusCode).toBe(400);
    const badId = await t.app.inject({ method: 'GET', url: '/api/users/abc/ledger', headers: admin.headers });
    expect(badId.statusCode).toBe(400);
    const app = await loginAs(t, 'User');
    expect((await userLedger(app.user.id, '', app)).statusCode).toBe(403);
    expect((await userLedger(app.user.id, '', await loginAs(t, 'Content'))).statusCode).toBe(403);
    expect((await userLedger(app.user.id, '', { headers: {} })).statusCode).toBe(401);
  });
});

describe('POST /api/users/{id}/coins', () => {
  it('adds or takes coins as an adjustment with the reason and the administrator, audited, the balance the ledger sum', async () => {
    const target = await createUser(t.db, { totalCoins: 100 });
    const before = await lastAuditId();
    const res = await adjust(target.id, { amount: -30, reason: '  Steps counted twice  ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; body: { totalCoins: number; entry: AdminLedgerEntry } }>();
    expect(body).toEqual({
      message: messages.coinAdjustSaved,
      body: {
        totalCoins: 70,
        entry: {
          id: expect.any(Number),
          kind: 'adjustment',
          amount: -30,
          reason: 'Steps counted twice',
          refDay: null,
          refId: null,
          createdAt: expect.any(String),
          adminId: admin.user.id,
          adminName: admin.user.name,
        },
      },
    });
    expect((await entriesOf(t.db, target.id)).at(-1)).toEqual({
      kind: 'adjustment',
      amount: -30,
      refId: null,
      refDay: null,
      adminId: admin.user.id,
    });
    const [stored] = await t.db
      .select({ reason: coinLedger.reason })
      .from(coinLedger)
      .where(eq(coinLedger.id, body.body.entry.id));
    expect(stored?.reason).toBe('Steps counted twice');
    expect(await balanceOf(t.db, target.id)).toBe(70);
    expect((await adjust(target.id, { amount: limits.coinAdjustMax, reason: 'Prize' })).statusCode).toBe(200);
    expect(await balanceOf(t.db, target.id)).toBe(70 + limits.coinAdjustMax);
    expect(await ledgerMismatches(t.db)).toEqual([]);

    const audit = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'coins-adjust'), eq(auditEntries.entityId, String(target.id))))
      .orderBy(auditEntries.id);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      actorId: admin.user.id,
      entity: 'user',
      changes: {
        totalCoins: { before: 100, after: 70 },
        amount: { before: null, after: -30 },
        reason: { before: null, after: 'Steps counted twice' },
      },
    });
    expect(audit[0]!.id).toBeGreaterThan(before);
  });

  it('refuses (409) an adjustment that would take the balance below 0, and writes nothing', async () => {
    const target = await createUser(t.db, { totalCoins: 10 });
    const before = await lastAuditId();
    const res = await adjust(target.id, { amount: -11, reason: 'Too much' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: messages.coinAdjustBelowZero });
    expect(await balanceOf(t.db, target.id)).toBe(10);
    expect((await entriesOf(t.db, target.id)).map((e) => e.amount)).toEqual([10]);
    expect(await lastAuditId()).toBe(before);
    // Down to exactly 0 is fine.
    expect((await adjust(target.id, { amount: -10, reason: 'All of it' })).statusCode).toBe(200);
    expect(await balanceOf(t.db, target.id)).toBe(0);
  });

  it('answers 400 with a clear message to a bad amount or reason, and writes nothing', async () => {
    const target = await createUser(t.db, { totalCoins: 10 });
    const cases: Array<[unknown, string]> = [
      [{ reason: 'x' }, messages.coinAdjustAmountRequired],
      [{ amount: 0, reason: 'x' }, messages.coinAdjustAmountRequired],
      [{ amount: 1.5, reason: 'x' }, messages.coinAdjustAmountRequired],
      [{ amount: '5', reason: 'x' }, 'amount must be a number.'],
      [{ amount: limits.coinAdjustMax + 1, reason: 'x' }, messages.coinAdjustAmountTooLarge],
      [{ amount: -limits.coinAdjustMax - 1, reason: 'x' }, messages.coinAdjustAmountTooLarge],
      [{ amount: 5 }, messages.coinAdjustReasonRequired],
      [{ amount: 5, reason: '   ' }, messages.coinAdjustReasonRequired],
      [{ amount: 5, reason: 'x'.repeat(limits.coinAdjustReasonMax + 1) }, messages.coinAdjustReasonTooLong],
    ];
    for (const [payload, message] of cases) {
      const res = await adjust(target.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual({ message, errors: [message] });
    }
    expect((await adjust(target.id, { amount: 5, reason: 'x'.repeat(limits.coinAdjustReasonMax) })).statusCode).toBe(
      200,
    );
    expect((await entriesOf(t.db, target.id)).map((e) => e.amount)).toEqual([10, 5]);
  });

  it('answers 404 for an unknown user and refuses those who may not edit users', async () => {
    const missing = await adjust(999_999, { amount: 5, reason: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: messages.userNotFound });
    const target = await createUser(t.db, { totalCoins: 10 });
    const app = await loginAs(t, 'User');
    for (const [who, status] of [
      [app, 403],
      [await loginAs(t, 'Support'), 403],
      [await loginAs(t, 'Content'), 403],
      [{ headers: {} }, 401],
    ] as const) {
      expect((await adjust(target.id, { amount: 5, reason: 'x' }, who)).statusCode).toBe(status);
    }
    expect(await balanceOf(t.db, target.id)).toBe(10);
  });
});
