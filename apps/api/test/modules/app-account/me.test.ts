import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, messages } from '@strideadmin/contract';
import { auditEntries, users } from '../../../src/db/schema.js';
import { buildTestApp, dateIn, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { appPost } from '../mobile-app/app-data.js';

type Who = LoggedIn | { headers: Record<string, string> };

describe('the app user’s own profile: GET /api/app/me, PUT /api/app/me, PUT /api/app/push-token', () => {
  let t: TestApp;
  let admin: LoggedIn;

  const getMe = (who: Who) => t.app.inject({ method: 'GET', url: '/api/app/me', headers: who.headers });
  const putMe = (who: Who, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/app/me', headers: who.headers, payload });
  const putToken = (who: Who, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/app/push-token', headers: who.headers, payload });
  const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('GET answers the profile, the balance, today’s steps and goal, and the steps flag', async () => {
    const who = await loginAs(t, 'User', {
      user: {
        name: 'Mia Walker',
        isTracking: true,
        totalCoins: 40,
        dailyFSGoal: 8000,
        height: 170,
        weight: 61.5,
        gender: 'female',
        dob: '1990-04-05',
      },
    });
    expect((await appPost(t, who, '/app/steps', { date: dateIn(0), steps: 2345 })).statusCode).toBe(200);
    expect((await appPost(t, who, '/app/steps', { date: dateIn(-1), steps: 9000 })).statusCode).toBe(200);

    const res = await getMe(who);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      body: {
        id: who.user.id,
        name: 'Mia Walker',
        email: who.user.email,
        dob: '1990-04-05',
        height: 170,
        weight: 61.5,
        gender: 'female',
        dailyFSGoal: 8000,
        isTracking: true,
        emailVerified: true,
        profilePic: null,
        totalCoins: 40 + 23 + 90,
        today: { date: dateIn(0), steps: 2345, goal: 8000 },
        stepsFlagged: false,
      },
    });
  });

  it('GET answers 0 steps today before any sync, and the unverified address as such', async () => {
    const who = await loginAs(t, 'User', { user: { emailVerified: false } });
    const body = (await getMe(who)).json().body;
    expect(body.today).toEqual({ date: dateIn(0), steps: 0, goal: 0 });
    expect(body.emailVerified).toBe(false);
    expect(body.isTracking).toBe(false);
  });

  it('PUT turns tracking on alone (the profile is not resent), then steps are accepted', async () => {
    const who = await loginAs(t, 'User', { user: { name: 'Noor Stride', height: 180 } });
    expect((await appPost(t, who, '/app/steps', { date: dateIn(0), steps: 100 })).statusCode).toBe(403);
    const before = await rowOf(who.user.id);

    const res = await putMe(who, { isTracking: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.profileUpdated);
    expect(res.json().body).toMatchObject({ isTracking: true, name: 'Noor Stride', height: 180 });

    const after = await rowOf(who.user.id);
    expect(after).toMatchObject({ isTracking: true, name: 'Noor Stride', height: 180 });
    expect(after.version).toBe(before.version + 1);
    expect((await appPost(t, who, '/app/steps', { date: dateIn(0), steps: 100 })).statusCode).toBe(200);
  });

  it('PUT changes only the fields sent, moves the version and writes the user’s own update entry', async () => {
    const who = await loginAs(t, 'User', { user: { name: 'Ola Old', weight: 70, dailyFSGoal: 5000 } });
    const res = await putMe(who, { name: 'Ola New', dob: '2000-01-31', gender: 'male', dailyFSGoal: 12000 });
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(who.user.id);
    expect(row).toMatchObject({ name: 'Ola New', dob: '2000-01-31', gender: 'male', dailyFSGoal: 12000, weight: 70 });
    expect(row.version).toBe(2);

    const [entry] = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'user'), eq(auditEntries.entityId, String(who.user.id))))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(entry).toMatchObject({ action: 'update', actorId: who.user.id });
    expect(entry!.changes).toEqual({
      name: { before: 'Ola Old', after: 'Ola New' },
      dob: { before: null, after: '2000-01-31' },
      gender: { before: null, after: 'male' },
      dailyFSGoal: { before: 5000, after: 12000 },
    });

    // null clears dob and gender.
    expect((await putMe(who, { dob: null, gender: null })).statusCode).toBe(200);
    expect(await rowOf(who.user.id)).toMatchObject({ dob: null, gender: null, name: 'Ola New' });
  });

  it('PUT refuses bad input with the portal user form’s messages, and changes nothing', async () => {
    const who = await loginAs(t, 'User', { user: { name: 'Kept Name' } });
    const cases: Array<[object, string]> = [
      [{}, messages.appProfileNothingToChange],
      [{ totalCoins: 1000 }, messages.appProfileNothingToChange], // not the app's to set
      [{ name: '' }, messages.nameRequired],
      [{ name: 'R2D2' }, messages.nameLettersOnly],
      [{ dob: dateIn(1) }, messages.dobInFuture],
      [{ dob: '2001-02-30' }, messages.dateInvalid],
      [{ height: -1 }, messages.numberMin0],
      [{ height: limits.heightMaxCm + 1 }, messages.numberTooLarge],
      [{ weight: '60' }, 'weight must be a number.'],
      [{ gender: 'robot' }, messages.genderInvalid],
      [{ dailyFSGoal: 1.5 }, messages.integerOnly],
    ];
    for (const [payload, message] of cases) {
      const res = await putMe(who, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    const row = await rowOf(who.user.id);
    expect(row).toMatchObject({ name: 'Kept Name', totalCoins: 0, version: 1 });
  });

  it('PUT /app/push-token stores the token, null clears it; bad tokens are refused', async () => {
    const who = await loginAs(t, 'User');
    const saved = await putToken(who, { pushToken: 'fcm-token-abc' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: messages.pushTokenSaved });
    expect((await rowOf(who.user.id)).pushToken).toBe('fcm-token-abc');

    for (const [payload, message] of [
      [{}, messages.pushTokenRequired],
      [{ pushToken: '' }, messages.pushTokenRequired],
      [{ pushToken: 42 }, messages.pushTokenRequired],
      [{ pushToken: 'x'.repeat(limits.pushTokenMax + 1) }, messages.pushTokenTooLong],
    ] as const) {
      const res = await putToken(who, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await rowOf(who.user.id)).pushToken).toBe('fcm-token-abc');

    const cleared = await putToken(who, { pushToken: null });
    expect(cleared.json()).toEqual({ message: messages.pushTokenCleared });
    expect((await rowOf(who.user.id)).pushToken).toBeNull();
  });

  it('every call: 401 without a token, 403 with an administrator’s token (not an app user), nothing changed', async () => {
    const calls = [
      { method: 'GET', url: '/api/app/me' },
      { method: 'PUT', url: '/api/app/me', payload: { name: 'Hacked' } },
      { method: 'PUT', url: '/api/app/push-token', payload: { pushToken: 'x' } },
      { method: 'POST', url: '/api/app/me/change-password', payload: { currentPassword: 'x', newPassword: 'yyyyyyy' } },
      { method: 'DELETE', url: '/api/app/me', payload: { password: 'x' } },
      { method: 'GET', url: '/api/app/me/export' },
    ] as const;
    const adminInApp = await loginAs(t, 'Admin', { adminPortal: false });
    const before = await rowOf(admin.user.id);
    for (const call of calls) {
      const none = await t.app.inject({ ...call });
      expect(none.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(none.json()).toEqual({ message: messages.unauthorized });
      for (const who of [admin, adminInApp]) {
        const res = await t.app.inject({ ...call, headers: who.headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(res.json()).toEqual({ message: messages.forbidden });
      }
    }
    expect(await rowOf(admin.user.id)).toEqual(before);
  });
});

describe('the account calls count against the per-user app rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { APP_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t?.close());

  const expectTooMany = (res: LightMyRequestResponse, what: string) => {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(429);
    expect(res.json()).toEqual({ message: messages.tooManyRequests });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  };

  it('past APP_RATE_LIMIT_PER_MINUTE each new call answers 429 with Retry-After, and does nothing', async () => {
    const calls = [
      { method: 'GET', url: '/api/app/me' },
      { method: 'PUT', url: '/api/app/me', payload: { name: 'Too Many' } },
      { method: 'PUT', url: '/api/app/push-token', payload: { pushToken: 'late' } },
      { method: 'POST', url: '/api/app/me/change-password', payload: { currentPassword: 'x', newPassword: 'yyyyyyy' } },
      { method: 'DELETE', url: '/api/app/me', payload: { password: 'x' } },
      { method: 'GET', url: '/api/app/me/export' },
    ] as const;
    for (const call of calls) {
      const who = await loginAs(t, 'User', { user: { name: 'Limited User' } });
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({ method: 'GET', url: '/api/app/me', headers: who.headers });
        expect(res.statusCode).toBe(200);
      }
      expectTooMany(await t.app.inject({ ...call, headers: who.headers }), `${call.method} ${call.url}`);
      const [row] = await t.db.select().from(users).where(eq(users.id, who.user.id));
      expect(row).toMatchObject({ name: 'Limited User', pushToken: null, deletedAt: null, version: 1 });
    }
  });
});
