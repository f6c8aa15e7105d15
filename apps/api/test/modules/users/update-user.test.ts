import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { users } from '../../../src/db/schema.js';
import {
  buildTestApp,
  createUser,
  dateIn,
  type LoggedIn,
  loginAs,
  type TestApp,
  type TestUser,
} from '../../helpers/index.js';

describe('PUT /api/users', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let target: TestUser;

  const put = (payload: object, headers = admin.headers) =>
    t.app.inject({ method: 'PUT', url: '/api/users', payload, headers });
  /** The docs/behaviour.md §7 payload for `target`, with overrides. */
  const payload = (overrides: object = {}) => ({
    updateId: target.id,
    name: 'Renamed Walker',
    dob: '1990-04-05',
    height: 180,
    weight: 75.5,
    gender: 'male',
    totalCoins: 300,
    dailyFSGoal: 12000,
    isActive: true,
    isTracking: true,
    role: 'User',
    ...overrides,
  });
  const stored = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin', { user: { name: 'Ada Admin' } });
  });
  beforeEach(async () => {
    target = await createUser(t.db, { name: 'Walt Walker', updatedAt: new Date('2024-01-01T00:00:00Z') });
  });
  afterAll(() => t?.close());

  it('updates every field of the spec payload and answers the user detail', async () => {
    const res = await put(payload());

    expect(res.statusCode).toBe(200);
    const { message, body } = res.json();
    expect(message).toBe(messages.userUpdated);
    expect(body).toMatchObject({
      id: target.id,
      email: target.email,
      name: 'Renamed Walker',
      dob: '1990-04-05',
      height: 180,
      weight: 75.5,
      gender: 'male',
      totalCoins: 300,
      dailyFSGoal: 12000,
      isActive: true,
      isTracking: true,
      Role: { name: 'User' },
      GiftCards: [],
    });
    expect(new Date(body.updatedAt).getTime()).toBeGreaterThan(new Date('2024-01-01T00:00:00Z').getTime());
    expect((await stored(target.id)).updatedAt.getTime()).toBe(new Date(body.updatedAt).getTime());
  });

  it('clears optional fields with null', async () => {
    await put(payload());
    const res = await put(payload({ dob: null, gender: null }));

    expect(res.json().body).toMatchObject({ dob: null, gender: null });
  });

  it('promotes to Admin and deactivates another user', async () => {
    const res = await put(payload({ role: 'Admin', isActive: false }));

    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({ Role: { name: 'Admin' }, isActive: false });
  });

  it('signs out a user it deactivates (their token stops working)', async () => {
    const otherAdmin = await loginAs(t, 'Admin');
    expect((await t.app.inject({ url: '/api/users', headers: otherAdmin.headers })).statusCode).toBe(200);

    await put(payload({ updateId: otherAdmin.user.id, role: 'Admin', isActive: false }));

    expect((await t.app.inject({ url: '/api/users', headers: otherAdmin.headers })).statusCode).toBe(401);
  });

  it('ignores fields it does not know: the e-mail and password stay', async () => {
    const before = await stored(target.id);
    const res = await put(payload({ email: 'hijack@example.com', passwordHash: 'x', password: 'chosen-password' }));

    expect(res.statusCode).toBe(200);
    const after = await stored(target.id);
    expect(after.email).toBe(before.email);
    expect(after.passwordHash).toBe(before.passwordHash);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await put(payload({ updateId: 999999 }));

    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: messages.userNotFound });
  });

  describe('an administrator editing themselves', () => {
    const self = (overrides: object) =>
      payload({ updateId: admin.user.id, name: 'Ada Admin', role: 'Admin', isActive: true, ...overrides });

    it('may change their own fields', async () => {
      const res = await put(self({ dailyFSGoal: 9000 }));

      expect(res.statusCode).toBe(200);
      expect(res.json().body).toMatchObject({ id: admin.user.id, dailyFSGoal: 9000, Role: { name: 'Admin' } });
    });

    it('cannot deactivate themselves', async () => {
      const res = await put(self({ isActive: false }));

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: messages.cannotDeactivateSelf });
      expect((await stored(admin.user.id)).isActive).toBe(true);
    });

    it('cannot remove their own Admin role', async () => {
      const res = await put(self({ role: 'User' }));

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: messages.cannotDemoteSelf });
      expect((await t.app.inject({ url: '/api/users', headers: admin.headers })).statusCode).toBe(200);
    });
  });

  describe('validation, with the contract messages', () => {
    const tomorrow = dateIn(1);
    const cases: Array<[string, object, string]> = [
      ['name missing', { name: undefined }, messages.nameRequired],
      ['name empty', { name: '' }, messages.nameRequired],
      ['name with digits', { name: 'Walker 2' }, messages.nameLettersOnly],
      ['dob in the future', { dob: tomorrow }, messages.dobInFuture],
      ['dob not a date', { dob: '2023-02-30' }, messages.dateInvalid],
      ['negative weight', { weight: -0.5 }, messages.numberMin0],
      ['negative coins', { totalCoins: -1 }, messages.numberMin0],
      ['negative goal', { dailyFSGoal: -100 }, messages.numberMin0],
      ['unknown role', { role: 'Owner' }, messages.roleInvalid],
      ['updateId missing', { updateId: undefined }, 'updateId is required.'],
    ];

    it.each(cases)('%s', async (_label, overrides, message) => {
      const res = await put(payload(overrides));

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, errors: [message] });
      expect((await stored(target.id)).name).toBe('Walt Walker');
    });

    it('requires every field of the spec payload', async () => {
      const res = await put({ updateId: target.id, name: 'Only Name' });

      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.validationFailed);
    });
  });
});
