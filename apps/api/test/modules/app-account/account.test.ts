import { randomUUID } from 'node:crypto';
import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppExport, messages } from '@strideadmin/contract';
import {
  accountTokens,
  auditEntries,
  coinLedger,
  complaintQueries,
  giftCards,
  inboxNotifications,
  notifications,
  sessions,
  stepLogs,
  users,
} from '../../../src/db/schema.js';
import {
  boxPosition,
  buildTestApp,
  createGiftBox,
  createGiftBoxConfig,
  createGiftCard,
  createQuiz,
  dateIn,
  login,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../helpers/index.js';
import { appPost, balanceOf, ledgerMismatches } from '../mobile-app/app-data.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the app user’s password, erasure and export', () => {
  let t: TestApp;

  const me = (headers: { authorization: string }) => t.app.inject({ method: 'GET', url: '/api/app/me', headers });
  const changePassword = (who: LoggedIn, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/app/me/change-password', headers: who.headers, payload });
  const erase = (who: LoggedIn, payload: object) =>
    t.app.inject({ method: 'DELETE', url: '/api/app/me', headers: who.headers, payload });
  const exportOf = (who: LoggedIn) => t.app.inject({ method: 'GET', url: '/api/app/me/export', headers: who.headers });
  const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
  const lastEntryOf = async (id: number) =>
    (
      await t.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.entity, 'user'), eq(auditEntries.entityId, String(id))))
        .orderBy(desc(auditEntries.id))
        .limit(1)
    )[0];

  /** A walker with a bit of everything: steps, a quiz answer, a box, a redeemed card, a message, an inbox entry. */
  async function activeWalker() {
    const who = await loginAs(t, 'User', { user: { name: 'Erin Export', isTracking: true, dob: '1985-06-07' } });
    expect((await appPost(t, who, '/app/steps', { date: dateIn(-1), steps: 4000 })).statusCode).toBe(200);
    expect((await appPost(t, who, '/app/steps', { date: dateIn(0), steps: 1500 })).statusCode).toBe(200);
    const quizId = await createQuiz(t.db, { question: 'How far is a marathon?' });
    expect((await appPost(t, who, `/app/quiz/${quizId}/answer`, { option: 2 })).statusCode).toBe(200);
    const boxId = await createGiftBox(t.db, await createGiftBoxConfig(t.db, { stepsToUnlock: 0 }));
    expect((await appPost(t, who, `/app/giftbox/${boxId}/open`, boxPosition)).statusCode).toBe(200);
    const cardId = await createGiftCard(t.db, { price: 30, serialNumber: `EXP-${randomUUID()}` });
    expect((await appPost(t, who, `/app/giftcard/${cardId}/redeem`)).statusCode).toBe(200);
    const sent = await appPost(t, who, '/app/message', { title: 'Coins', message: 'Where are my coins?' });
    expect(sent.statusCode).toBe(200);
    const [note] = await t.db
      .insert(notifications)
      .values({ title: 'Walk more', message: 'A new week!', language: 'en', audience: 'users' })
      .returning({ id: notifications.id });
    await t.db.insert(inboxNotifications).values({
      userId: who.user.id,
      notificationId: note!.id,
      title: 'Walk more',
      message: 'A new week!',
      language: 'en',
    });
    return { who, quizId, boxId, cardId };
  }

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  describe('POST /api/app/me/change-password', () => {
    it('stores the new password, answers a fresh app token, and ends every other session', async () => {
      const who = await loginAs(t, 'User');
      const other = await login(t.app, { email: who.user.email, password: who.user.password! });
      const otherToken: string = other.json().body.token;

      const res = await changePassword(who, { currentPassword: who.user.password, newPassword: 'new-walk-pw' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: messages.passwordChanged, body: { token: expect.any(String) } });

      expect((await me(bearer(res.json().body.token))).statusCode).toBe(200);
      for (const token of [who.token, otherToken]) expect((await me(bearer(token))).statusCode).toBe(401);
      expect((await login(t.app, { email: who.user.email, password: who.user.password! })).statusCode).toBe(400);
      expect((await login(t.app, { email: who.user.email, password: 'new-walk-pw' })).statusCode).toBe(200);
      expect(await lastEntryOf(who.user.id)).toMatchObject({ action: 'password-change', actorId: who.user.id });
    });

    it('refuses a wrong current password and bad new ones with the portal’s messages; nothing changes', async () => {
      const who = await loginAs(t, 'User');
      const { passwordHash } = await rowOf(who.user.id);
      const cases: Array<[object, string]> = [
        [{ currentPassword: 'not-my-password', newPassword: 'valid-new-pw' }, messages.oldPasswordWrong],
        [{ newPassword: 'valid-new-pw' }, messages.oldPasswordRequired],
        [{ currentPassword: '', newPassword: 'valid-new-pw' }, messages.oldPasswordRequired],
        [{ currentPassword: who.user.password }, messages.newPasswordRequired],
        [{ currentPassword: who.user.password, newPassword: '123' }, messages.passwordMin],
        [{ currentPassword: who.user.password, newPassword: 'password' }, messages.passwordTooCommon],
      ];
      for (const [payload, message] of cases) {
        const res = await changePassword(who, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message, JSON.stringify(payload)).toBe(message);
      }
      expect((await rowOf(who.user.id)).passwordHash).toBe(passwordHash);
      expect((await me(who.headers)).statusCode).toBe(200);
    });
  });

  describe('DELETE /api/app/me', () => {
    it('refuses a wrong or missing password and erases nothing', async () => {
      const who = await loginAs(t, 'User', { user: { name: 'Still Here' } });
      for (const [payload, message] of [
        [{ password: 'wrong-password' }, messages.accountPasswordWrong],
        [{}, messages.passwordRequired],
        [{ password: '' }, messages.passwordRequired],
      ] as const) {
        const res = await erase(who, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toBe(message);
      }
      expect(await rowOf(who.user.id)).toMatchObject({ name: 'Still Here', email: who.user.email, deletedAt: null });
      expect((await me(who.headers)).statusCode).toBe(200);
    });

    it('anonymises the account, ends every session, keeps the ledger and history without identity', async () => {
      const { who, cardId } = await activeWalker();
      const other = await login(t.app, { email: who.user.email, password: who.user.password! });
      const otherToken: string = other.json().body.token;
      // A profile picture in the embedded storage: removed with the account.
      const key = `${randomUUID()}.png`;
      const storage = t.config.storage;
      if (storage.driver !== 'local') throw new Error('the test app stores images on the local disk');
      const file = path.join(storage.dir, 'profile_Images', key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'png');
      const profilePic = `${t.config.publicUrl}/uploads/profile_Images/${key}`;
      await t.db
        .update(users)
        .set({ profilePic, pushToken: 'fcm-token', height: 170, weight: 60, gender: 'female' })
        .where(eq(users.id, who.user.id));
      await t.db.insert(accountTokens).values({
        userId: who.user.id,
        purpose: 'reset',
        tokenHash: randomUUID(),
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      const balance = await balanceOf(t.db, who.user.id);

      const res = await erase(who, { password: who.user.password });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: messages.accountErased });

      const row = await rowOf(who.user.id);
      expect(row).toMatchObject({
        name: messages.erasedUserName,
        email: `deleted-${who.user.id}@invalid`,
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
        totalCoins: balance,
      });
      expect(row.deletedAt).toBeInstanceOf(Date);
      await expect(access(file)).rejects.toThrow();
      expect(await t.db.select().from(accountTokens).where(eq(accountTokens.userId, who.user.id))).toEqual([]);

      // Every session ended; the tokens stop working; the old e-mail no longer signs in.
      const open = await t.db
        .select({ revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(eq(sessions.userId, who.user.id));
      expect(open.length).toBeGreaterThanOrEqual(2);
      expect(open.every((s) => s.revokedAt !== null)).toBe(true);
      for (const token of [who.token, otherToken]) {
        const after = await me(bearer(token));
        expect(after.statusCode).toBe(401);
        expect(after.json()).toEqual({ message: messages.unauthorized });
      }
      const signIn = await login(t.app, { email: who.user.email, password: who.user.password! });
      expect(signIn.statusCode).toBe(400);
      expect(signIn.json().message).toBe(messages.invalidCredentials);

      // The history stays, linked to the anonymised row, and the ledger still equals the balance.
      expect((await t.db.select().from(stepLogs).where(eq(stepLogs.userId, who.user.id))).length).toBe(2);
      expect((await t.db.select().from(coinLedger).where(eq(coinLedger.userId, who.user.id))).length).toBe(5);
      expect((await t.db.select().from(giftCards).where(eq(giftCards.id, cardId)))[0]!.userId).toBe(who.user.id);
      expect((await t.db.select().from(complaintQueries).where(eq(complaintQueries.userId, who.user.id))).length).toBe(
        1,
      );
      expect(await ledgerMismatches(t.db)).toEqual([]);

      // The entry names the anonymised account, never the identity it removed.
      const entry = await lastEntryOf(who.user.id);
      expect(entry).toMatchObject({
        action: 'erase',
        actorId: who.user.id,
        actorName: messages.erasedUserName,
        actorEmail: `deleted-${who.user.id}@invalid`,
      });
      expect(JSON.stringify(entry)).not.toContain(who.user.email);
      expect(JSON.stringify(entry)).not.toContain('Erin Export');
    });

    it('shows the portal the user as deleted (list and details)', async () => {
      const admin = await loginAs(t, 'Admin');
      const who = await loginAs(t, 'User', { user: { name: 'Gone Soon' } });
      expect((await erase(who, { password: who.user.password })).statusCode).toBe(200);
      const detail = await t.app.inject({ url: `/api/users/${who.user.id}`, headers: admin.headers });
      expect(detail.json().body).toMatchObject({
        name: messages.erasedUserName,
        isActive: false,
        deletedAt: expect.any(String),
      });
      const list = await t.app.inject({
        url: `/api/users?email=${encodeURIComponent(`deleted-${who.user.id}@`)}`,
        headers: admin.headers,
      });
      expect(list.json().body.rows).toEqual([
        expect.objectContaining({ id: who.user.id, deletedAt: detail.json().body.deletedAt }),
      ]);

      // Nobody brings it back: an administrator's edit and password reset are refused, nothing changes.
      const before = await rowOf(who.user.id);
      const edit = await t.app.inject({
        method: 'PUT',
        url: '/api/users',
        headers: admin.headers,
        payload: {
          updateId: who.user.id,
          name: 'Back Again',
          height: 170,
          weight: 60,
          gender: null,
          totalCoins: 0,
          dailyFSGoal: 0,
          isActive: true,
          isTracking: false,
          role: 'User',
        },
      });
      expect(edit.statusCode, edit.body).toBe(409);
      expect(edit.json()).toMatchObject({ message: messages.userErasedNoEdit, body: { id: who.user.id } });
      const reset = await t.app.inject({
        method: 'PUT',
        url: '/api/users/updatepassword',
        headers: admin.headers,
        payload: { updateId: who.user.id, password: 'a-brand-new-password' },
      });
      expect(reset.statusCode, reset.body).toBe(409);
      expect(reset.json()).toEqual({ message: messages.userErasedNoEdit });
      expect(await rowOf(who.user.id)).toEqual(before);
    });
  });

  describe('GET /api/app/me/export', () => {
    it('downloads every row kept about the caller as a JSON attachment, and logs the export', async () => {
      const { who, quizId, boxId, cardId } = await activeWalker();
      const someoneElse = await activeWalker();
      // An administrator's adjustment: its reason is the user's to read too.
      const admin = await loginAs(t, 'Admin');
      const adjusted = await t.app.inject({
        method: 'POST',
        url: `/api/users/${who.user.id}/coins`,
        headers: admin.headers,
        payload: { amount: 7, reason: 'Birthday bonus' },
      });
      expect(adjusted.statusCode, adjusted.body).toBe(200);

      const res = await exportOf(who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="strideadmin-my-data-${dateIn(0)}.json"`);
      const data = res.json<AppExport>();
      expect(data.profile).toMatchObject({
        id: who.user.id,
        name: 'Erin Export',
        email: who.user.email,
        dob: '1985-06-07',
        stepsFlagged: false,
      });
      expect(data.stepLogs).toEqual([
        { day: dateIn(-1), steps: 4000, coins: 40 },
        { day: dateIn(0), steps: 1500, coins: 15 },
      ]);
      expect(data.ledger.map((e) => [e.kind, e.amount])).toEqual([
        ['steps', 40],
        ['steps', 15],
        ['quiz', 10],
        ['giftbox', 25],
        ['redeem', -30],
        ['adjustment', 7],
      ]);
      expect(data.ledger.at(-1)).toMatchObject({ kind: 'adjustment', reason: 'Birthday bonus' });
      expect(data.ledger.slice(0, -1).every((e) => e.reason === null)).toBe(true);
      expect(data.ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(data.profile.totalCoins);
      expect(data.quizAnswers).toEqual([
        expect.objectContaining({ quizId, question: 'How far is a marathon?', option: 2, correct: true, coins: 10 }),
      ]);
      const [card] = await t.db.select().from(giftCards).where(eq(giftCards.id, cardId));
      expect(data.giftCards).toEqual([
        expect.objectContaining({ id: cardId, serialNumber: card!.serialNumber, controlCode: card!.controlCode }),
      ]);
      expect(data.giftBoxes).toEqual([expect.objectContaining({ id: boxId, coins: 25 })]);
      expect(data.messages).toEqual([expect.objectContaining({ title: 'Coins', message: 'Where are my coins?' })]);
      expect(data.notifications).toEqual([expect.objectContaining({ title: 'Walk more', readAt: null })]);
      // Nothing of another user.
      expect(res.body).not.toContain(someoneElse.who.user.email);
      expect(data.giftCards.map((c) => c.id)).not.toContain(someoneElse.cardId);

      const [entry] = await t.db
        .select()
        .from(auditEntries)
        .where(eq(auditEntries.actorId, who.user.id))
        .orderBy(desc(auditEntries.id))
        .limit(1);
      expect(entry).toMatchObject({ action: 'export', entity: 'user', actorEmail: who.user.email });
    });
  });
});
