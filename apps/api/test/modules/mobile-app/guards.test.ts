import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { coinLedger, complaintQueries, stepLogs, users } from '../../../src/db/schema.js';
import {
  boxPosition,
  buildTestApp,
  createGiftBox,
  createGiftBoxConfig,
  createGiftCard,
  createQuiz,
  dateIn,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../helpers/index.js';

interface Call {
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
}

/**
 * Every call of the mobile app (docs/behaviour.md §10) takes an active app user's token, and only that. No
 * token, a bad one, an administrator's (portal or app): test/security/authorization-matrix.test.ts,
 * for every call of the server.
 */
describe('the app calls', () => {
  let t: TestApp;
  let walker: LoggedIn;
  let calls: Call[];

  /** What the calls below would change, were they let through. */
  const written = async () => ({
    ledger: (await t.db.select({ n: count() }).from(coinLedger))[0]!.n,
    steps: (await t.db.select({ n: count() }).from(stepLogs))[0]!.n,
    queries: (await t.db.select({ n: count() }).from(complaintQueries))[0]!.n,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    walker = await loginAs(t, 'User', { user: { isTracking: true, totalCoins: 0 } });
    const quizId = await createQuiz(t.db);
    const boxId = await createGiftBox(t.db, await createGiftBoxConfig(t.db, { stepsToUnlock: 0 }));
    const cardId = await createGiftCard(t.db, { price: 0 });
    // Valid requests: only who is calling may stop them.
    calls = [
      { method: 'POST', url: '/api/app/steps', payload: { date: dateIn(0), steps: 1200 } },
      { method: 'GET', url: '/api/app/quiz' },
      { method: 'POST', url: `/api/app/quiz/${quizId}/answer`, payload: { option: 2 } },
      { method: 'POST', url: `/api/app/giftbox/${boxId}/open`, payload: boxPosition },
      { method: 'POST', url: `/api/app/giftcard/${cardId}/redeem` },
      { method: 'POST', url: '/api/app/message', payload: { title: 'Hello', message: 'My steps are missing.' } },
      { method: 'GET', url: '/api/app/notifications' },
    ];
  });
  afterAll(() => t?.close());

  it('answer 401 Unauthorized to an app user deactivated since signing in, and change nothing', async () => {
    const leaving = await loginAs(t, 'User', { user: { isTracking: true } });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, leaving.user.id));
    await t.app.authSettled();
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: leaving.headers });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json()).toEqual({ message: messages.unauthorized });
    }
    expect(await written()).toEqual({ ledger: 0, steps: 0, queries: 0 });
  });

  it('let an active app user (signed in through the app, without adminPortal) through', async () => {
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: walker.headers });
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(200);
    }
    // Steps (12 coins), a right answer (10), a box (25), a free card (0): four entries.
    expect(await written()).toEqual({ ledger: 4, steps: 1, queries: 1 });
  });
});
