import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { giftCards } from '../../../src/db/schema.js';
import {
  boxPosition,
  buildTestApp,
  createGiftBox,
  createGiftBoxConfig,
  createGiftCard,
  createQuiz,
  linkTo,
  login,
  type LoggedIn,
  loginAs,
  mailsTo,
  type TestApp,
  tokenOf,
  dateIn,
} from '../../helpers/index.js';
import { appPost, balanceOf, entriesOf } from './app-data.js';

/**
 * An app account whose e-mail address is not verified yet (a fresh registration): it walks,
 * answers the quiz and opens gift boxes, but redeems no gift card until the address is verified.
 */
describe('an app account with an unverified e-mail address', () => {
  let t: TestApp;
  let sequence = 0;

  const unverified = (totalCoins = 1000) =>
    loginAs(t, 'User', {
      user: { totalCoins, isTracking: true, emailVerified: false, email: `unverified${++sequence}@example.com` },
    });
  const redeem = (who: LoggedIn, id: number) => appPost(t, who, `/app/giftcard/${id}/redeem`);
  const resend = (who: LoggedIn, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url: '/api/app/resend_verification', headers: who.headers, remoteAddress });
  const ownerOf = async (id: number) =>
    (await t.db.select({ userId: giftCards.userId }).from(giftCards).where(eq(giftCards.id, id)))[0]?.userId;

  beforeAll(async () => {
    t = await buildTestApp({ env: { FORGOT_MAX_PER_ACCOUNT: '3' } });
  });
  afterAll(() => t?.close());

  it('is told so at sign-in (emailVerified false in the login answer)', async () => {
    const who = await unverified();
    expect(who.session.user.emailVerified).toBe(false);
  });

  it('walks, answers the quiz and opens gift boxes as before', async () => {
    const who = await unverified(0);
    const steps = await appPost(t, who, '/app/steps', { date: dateIn(0), steps: 2000 });
    expect(steps.statusCode, steps.body).toBe(200);
    const quiz = await appPost(t, who, `/app/quiz/${await createQuiz(t.db)}/answer`, { option: 2 });
    expect(quiz.statusCode, quiz.body).toBe(200);
    const box = await createGiftBox(t.db, await createGiftBoxConfig(t.db, { stepsToUnlock: 0 }));
    const opened = await appPost(t, who, `/app/giftbox/${box}/open`, boxPosition);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await balanceOf(t.db, who.user.id)).toBeGreaterThan(0);
  });

  it('cannot redeem a gift card (403 with the reason): nothing is taken, nothing is spent', async () => {
    const who = await unverified(1000);
    const cardId = await createGiftCard(t.db, { price: 300 });
    const entriesBefore = await entriesOf(t.db, who.user.id);

    const res = await redeem(who, cardId);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ message: messages.verifyEmailToRedeem });
    expect(await ownerOf(cardId)).toBeNull();
    expect(await balanceOf(t.db, who.user.id)).toBe(1000);
    expect(await entriesOf(t.db, who.user.id)).toEqual(entriesBefore);
  });

  it('asks for a verify link, follows it, and then redeems', async () => {
    const who = await unverified(1000);
    const cardId = await createGiftCard(t.db, { price: 300 });

    const sent = await resend(who);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: messages.verificationSent });
    const mails = await mailsTo(t.app, t.config, who.user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Verify your StrideAdmin e-mail address']);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verifyToken',
      payload: { temp_code: tokenOf(linkTo(mails[0]!, '/verify-account')) },
    });
    expect(verified.statusCode, verified.body).toBe(200);

    // The same token works now: the address is read at each redemption, not from the token.
    const res = await redeem(who, cardId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await ownerOf(cardId)).toBe(who.user.id);
    expect(await balanceOf(t.db, who.user.id)).toBe(700);

    // Signing in again says it; a verified address gets no new link.
    const again = await login(t.app, { email: who.user.email, password: who.user.password! });
    expect(again.json().body.user.emailVerified).toBe(true);
    const refused = await resend(who);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: messages.emailAlreadyVerified });
    expect(await mailsTo(t.app, t.config, who.user.email)).toHaveLength(1);
  });

  it('a new verify link replaces the older ones, and asking is rate limited like forgot password', async () => {
    const who = await unverified();
    const links: string[] = [];
    for (let i = 0; i < 3; i++) {
      expect((await resend(who, '192.0.2.10')).statusCode).toBe(200);
      const mails = await mailsTo(t.app, t.config, who.user.email);
      const known = new Set(links);
      links.push(...mails.map((m) => linkTo(m, '/verify-account')).filter((l) => !known.has(l)));
    }
    expect(links).toHaveLength(3);
    const blocked = await resend(who, '192.0.2.11');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: messages.tooManyRequests });
    expect(await mailsTo(t.app, t.config, who.user.email)).toHaveLength(3);

    const verify = (link: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/verifyToken', payload: { temp_code: tokenOf(link) } });
    expect((await verify(links[0]!)).statusCode).toBe(400);
    expect((await verify(links[2]!)).statusCode).toBe(200);
  });
});
