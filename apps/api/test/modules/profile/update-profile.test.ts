import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { coinLedger, users } from '../../../src/db/schema.js';
import { buildTestApp, createUser, dateIn, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';

describe('PUT /api/profile', () => {
  let t: TestApp;
  let admin: LoggedIn;

  const put = (payload: object, headers = admin.headers) =>
    t.app.inject({ method: 'PUT', url: '/api/profile', payload, headers });
  /** The docs/behaviour.md §7 payload for the signed-in administrator, with overrides. */
  const payload = (overrides: object = {}) => ({
    updateId: admin.user.id,
    name: 'Ada Lovelace',
    dob: '1985-12-10',
    height: 165,
    weight: 58.5,
    profilePic: 'https://cdn.example.com/profile_Images/ada.png',
    gender: 'female',
    totalCoins: 10,
    dailyFSGoal: 7000,
    isActive: true,
    ...overrides,
  });
  const stored = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin', { user: { name: 'Ada Admin' } });
  });
  afterAll(() => t?.close());

  it('updates the own profile and answers the session user, with roleName, to merge into the session', async () => {
    const res = await put(payload());

    expect(res.statusCode).toBe(200);
    const { message, body } = res.json();
    expect(message).toBe(messages.profileUpdated);
    expect(body).toEqual({
      id: admin.user.id,
      name: 'Ada Lovelace',
      email: admin.user.email,
      dob: '1985-12-10',
      height: 165,
      weight: 58.5,
      gender: 'female',
      totalCoins: 10,
      dailyFSGoal: 7000,
      isActive: true,
      isTracking: false,
      profilePic: 'https://cdn.example.com/profile_Images/ada.png',
      emailVerified: true,
      createdAt: admin.session.user.createdAt,
      roleName: 'Admin',
      version: expect.any(Number),
    });
    // The login's user and the version: the portal merges one into the other (docs/behaviour.md §4).
    expect(Object.keys(body).sort()).toEqual([...Object.keys(admin.session.user), 'version'].sort());
    expect((await stored(admin.user.id)).updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    // The session goes on: a profile update is not a password change.
    expect((await t.app.inject({ url: '/api/users', headers: admin.headers })).statusCode).toBe(200);
  });

  it('leaves the fields it is not sent as they are (a field left out is not reset to 0 or null)', async () => {
    expect((await put(payload())).statusCode).toBe(200);
    const before = await stored(admin.user.id);
    const entries = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, admin.user.id));

    const res = await put({ updateId: admin.user.id, name: 'Ada Admin' });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toMatchObject({
      name: 'Ada Admin',
      dob: '1985-12-10',
      height: 165,
      weight: 58.5,
      profilePic: 'https://cdn.example.com/profile_Images/ada.png',
      gender: 'female',
      totalCoins: 10,
      dailyFSGoal: 7000,
      isActive: true,
    });
    const after = await stored(admin.user.id);
    expect({ ...after, name: before.name, updatedAt: before.updatedAt, version: before.version }).toEqual(before);
    expect(after.version).toBe(before.version + 1);
    expect(await t.db.select().from(coinLedger).where(eq(coinLedger.userId, admin.user.id))).toEqual(entries);
  });

  it('clears dob, gender and the picture with null', async () => {
    const res = await put({ updateId: admin.user.id, name: 'Ada Admin', dob: null, gender: null, profilePic: null });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toMatchObject({ dob: null, gender: null, profilePic: null });
  });

  it('ignores fields it does not know: the role, e-mail and password stay', async () => {
    const before = await stored(admin.user.id);
    const res = await put(
      payload({
        role: 'User',
        roleName: 'User',
        roleId: 2,
        email: 'new@example.com',
        passwordHash: 'x',
        isTracking: true,
      }),
    );

    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({ roleName: 'Admin', email: admin.user.email, isTracking: false });
    const after = await stored(admin.user.id);
    expect(after).toMatchObject({ roleId: before.roleId, email: before.email, passwordHash: before.passwordHash });
  });

  it("refuses another user's id with 403, and changes nothing", async () => {
    const other = await createUser(t.db, { name: 'Other Person' });

    for (const updateId of [other.id, 999999]) {
      const res = await put(payload({ updateId }));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: messages.notYourProfile });
    }
    expect((await stored(other.id)).name).toBe('Other Person');
  });

  it('refuses to deactivate the own account', async () => {
    const res = await put(payload({ isActive: false }));

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.cannotDeactivateSelf });
    expect((await stored(admin.user.id)).isActive).toBe(true);
  });

  describe('validation, with the contract messages', () => {
    const tomorrow = dateIn(1);
    const cases: Array<[string, object, string]> = [
      ['name missing', { name: undefined }, messages.nameRequired],
      ['name empty', { name: '' }, messages.nameRequired],
      ['name with digits', { name: 'Ada 2' }, messages.nameLettersOnly],
      ['dob in the future', { dob: tomorrow }, messages.dobInFuture],
      ['negative height', { height: -1 }, messages.numberMin0],
      ['negative coins', { totalCoins: -1 }, messages.numberMin0],
      ['unknown gender', { gender: 'robot' }, messages.genderInvalid],
    ];

    it.each(cases)('%s', async (_label, overrides, message) => {
      const res = await put(payload(overrides));

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, errors: [message] });
    });
  });

  it('is for administrators only: 401 without a token, 403 for an app user', async () => {
    const noToken = await t.app.inject({ method: 'PUT', url: '/api/profile', payload: payload() });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toEqual({ message: messages.unauthorized });

    const walker = await loginAs(t, 'User', { user: { name: 'Walt Walker' } });
    const asWalker = await put(payload({ updateId: walker.user.id, name: 'Walt Renamed' }), walker.headers);
    expect(asWalker.statusCode).toBe(403);
    expect(asWalker.json()).toEqual({ message: messages.forbidden });
    expect((await stored(walker.user.id)).name).toBe('Walt Walker');
  });
});
