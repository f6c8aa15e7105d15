// An app user's day, through the typed client (@strideadmin/app-client, generated from the OpenAPI
// document) as the mobile app would make it, over the app's real HTTP layer (inject): sign up,
// verify, sign in, turn tracking on, walk, answer, open a box nearby, redeem, read the coin history,
// take their data, delete the account. What the client's types say is what the server answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, todayIso } from '@strideadmin/contract';
import {
  apiClient,
  boxPosition,
  buildTestApp,
  createGiftBox,
  createGiftBoxConfig,
  createGiftCard,
  createQuiz,
  linkTo,
  mailsTo,
  type TestApp,
  tokenOf,
} from '../../helpers/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("an app user's day through the typed client", () => {
  it('signs up, walks, earns, redeems, and the history adds up to the balance; then erases the account', async () => {
    const api = apiClient(t.app);
    const email = 'walker@example.com';
    const password = 'a-long-walk-in-the-park';

    const signedUp = await api.POST('/api/auth/register', { body: { email, name: 'Walker', password } });
    expect(signedUp.response.status).toBe(200);
    const [mail] = await mailsTo(t.app, t.config, email);
    const verified = await api.POST('/api/auth/verifyToken', {
      body: { temp_code: tokenOf(linkTo(mail!, '/verify-account')) },
    });
    expect(verified.response.status).toBe(200);

    const login = await api.POST('/api/auth/login', { body: { email, password } });
    expect(login.data?.message).toBe(messages.loginSuccess);
    api.setToken(login.data!.body.token);

    // A new account does not track steps until the phone turns it on.
    const before = await api.GET('/api/app/me');
    expect(before.data?.body).toMatchObject({ email, isTracking: false, totalCoins: 0, emailVerified: true });
    const refused = await api.POST('/api/app/steps', { body: { date: todayIso(), steps: 1200 } });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.message).toBe(messages.trackingDisabled);
    const tracking = await api.PUT('/api/app/me', { body: { isTracking: true } });
    expect(tracking.response.status).toBe(200);

    // Walk: 4,000 steps = 40 coins (STEPS_PER_COIN 100); more than the cap is refused.
    const walked = await api.POST('/api/app/steps', { body: { date: todayIso(), steps: 4_000 } });
    expect(walked.data?.body).toMatchObject({ steps: 4_000, credited: 40, totalCoins: 40 });
    const tooMany = await api.POST('/api/app/steps', { body: { date: todayIso(), steps: 100_001 } });
    expect(tooMany.response.status).toBe(400);
    expect(tooMany.error?.message).toBe(messages.stepsAboveMax(100_000));

    // A quiz question, answered right: 10 coins.
    const quizId = await createQuiz(t.db, { correctOption: 3, coins: 10 });
    const quiz = await api.GET('/api/app/quiz', { params: { query: { limit: 5 } } });
    expect(quiz.data?.body.rows.map((q) => q.id)).toEqual([quizId]);
    const answered = await api.POST('/api/app/quiz/{id}/answer', {
      params: { path: { id: quizId } },
      body: { option: 3 },
    });
    expect(answered.data?.body).toMatchObject({ correct: true, totalCoins: 50 });

    // A box nearby: listed from 300 m away, refused from there, opened at the box (25 coins).
    const configId = await createGiftBoxConfig(t.db, { stepsToUnlock: 1_000 });
    const boxId = await createGiftBox(t.db, configId, { coins: 25 });
    const away = { latitude: boxPosition.latitude + 300 / 111_320, longitude: boxPosition.longitude };
    const near = await api.GET('/api/app/giftboxes', {
      params: { query: { lat: String(away.latitude), lng: String(away.longitude), radius: 1_000 } },
    });
    expect(near.data?.body.rows).toEqual([
      expect.objectContaining({ id: boxId, unlocked: true, distance: expect.any(Number) as number }),
    ]);
    expect(near.data!.body.rows[0]!.distance).toBeGreaterThan(290);
    const far = await api.POST('/api/app/giftbox/{id}/open', { params: { path: { id: boxId } }, body: away });
    expect(far.response.status).toBe(403);
    expect(far.error?.message).toBe(messages.giftBoxTooFar);
    const opened = await api.POST('/api/app/giftbox/{id}/open', {
      params: { path: { id: boxId } },
      body: boxPosition,
    });
    expect(opened.data?.body).toEqual({ coins: 25, totalCoins: 75 });

    // The catalogue: what 75 coins buy; the control code is never in it. Redeem the one affordable.
    const cheap = await createGiftCard(t.db, { price: 60, controlCode: 'SECRET-CHEAP' });
    await createGiftCard(t.db, { price: 500, controlCode: 'SECRET-DEAR' });
    const offer = await api.GET('/api/app/giftcards', { params: { query: { affordable: 'true' } } });
    expect(offer.data?.body.rows.map((c) => c.id)).toEqual([cheap]);
    expect(JSON.stringify(offer.data)).not.toContain('SECRET');
    const redeemed = await api.POST('/api/app/giftcard/{id}/redeem', { params: { path: { id: cheap } } });
    expect(redeemed.data?.body.totalCoins).toBe(15);
    const again = await api.POST('/api/app/giftcard/{id}/redeem', { params: { path: { id: cheap } } });
    expect(again.response.status).toBe(409);
    const mine = await api.GET('/api/app/giftcards/mine');
    expect(mine.data?.body.rows).toEqual([expect.objectContaining({ id: cheap, controlCode: 'SECRET-CHEAP' })]);

    // The coin history adds up to the balance, newest first.
    const history = await api.GET('/api/app/ledger', { params: { query: { limit: 100 } } });
    const entries = history.data!.body.rows;
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([
      ['redeem', -60],
      ['giftbox', 25],
      ['quiz', 10],
      ['steps', 40],
    ]);
    const me = await api.GET('/api/app/me');
    expect(me.data?.body.totalCoins).toBe(entries.reduce((n, e) => n + e.amount, 0));
    expect(me.data?.body.today).toMatchObject({ steps: 4_000 });

    // Their data, then erasure: the old e-mail no longer signs in, the token no longer works.
    const exported = await api.GET('/api/app/me/export', { parseAs: 'text' });
    expect(exported.response.headers.get('content-disposition')).toMatch(/attachment; filename="strideadmin-my-data-/);
    expect(exported.data).toContain('SECRET-CHEAP');
    const erased = await api.DELETE('/api/app/me', { body: { password } });
    expect(erased.response.status).toBe(200);
    const afterwards = await api.GET('/api/app/me');
    expect(afterwards.response.status).toBe(401);
    const signIn = await apiClient(t.app).POST('/api/auth/login', { body: { email, password } });
    expect(signIn.response.status).toBe(400);
  });
});
