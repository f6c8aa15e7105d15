import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { users } from '../../../src/db/schema.js';
import { buildTestApp, createUser, login, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';

describe('POST /api/users', () => {
  let t: TestApp;
  let admin: LoggedIn;

  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/users', payload, headers: admin.headers });
  const stored = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('creates the user with the spec payload and answers its id', async () => {
    const res = await post({
      name: 'Åsa Lind',
      email: 'asa@example.com',
      height: 168.5,
      weight: 61,
      gender: 'female',
      totalCoins: 120,
      dailyFSGoal: 8000,
      role: 'User',
      isTracking: true,
    });

    expect(res.statusCode).toBe(200);
    const { message, body } = res.json();
    expect(message).toBe(messages.userCreated);
    expect(body).toEqual({ id: expect.any(Number) });

    const detail = await t.app.inject({ url: `/api/users/${body.id}`, headers: admin.headers });
    expect(detail.json().body).toMatchObject({
      id: body.id,
      name: 'Åsa Lind',
      email: 'asa@example.com',
      height: 168.5,
      weight: 61,
      gender: 'female',
      totalCoins: 120,
      dailyFSGoal: 8000,
      isActive: true,
      isTracking: true,
      emailVerified: false,
      Role: { name: 'User' },
      GiftCards: [],
    });
  });

  it('fills the defaults: zeros, no gender, role User, tracking Disabled (docs/behaviour.md §3)', async () => {
    const res = await post({ name: 'Min Imal', email: 'minimal@example.com' });

    expect(res.statusCode).toBe(200);
    const row = await stored(res.json().body.id);
    expect(row).toMatchObject({
      height: 0,
      weight: 0,
      gender: null,
      totalCoins: 0,
      dailyFSGoal: 0,
      isTracking: false,
      isActive: true,
      passwordHash: null,
    });
  });

  it('creates an administrator when asked', async () => {
    const res = await post({ name: 'Second Admin', email: 'second-admin@example.com', role: 'Admin' });

    const detail = await t.app.inject({ url: `/api/users/${res.json().body.id}`, headers: admin.headers });
    expect(detail.json().body.Role).toEqual({ name: 'Admin' });
  });

  it('ignores fields it does not know: no password, role or id can be slipped in', async () => {
    const res = await post({
      name: 'Sneaky Person',
      email: 'sneaky@example.com',
      password: 'chosen-password',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$forged',
      roleId: 1,
      roleName: 'Admin',
      id: 424242,
      isActive: false,
      emailVerifiedAt: '2024-01-01T00:00:00Z',
    });

    expect(res.statusCode).toBe(200);
    const { id } = res.json().body;
    expect(id).not.toBe(424242);
    const row = await stored(id);
    expect(row).toMatchObject({ passwordHash: null, isActive: true, emailVerifiedAt: null });
    const detail = await t.app.inject({ url: `/api/users/${id}`, headers: admin.headers });
    expect(detail.json().body.Role).toEqual({ name: 'User' });
    const signIn = await login(t.app, { email: 'sneaky@example.com', password: 'chosen-password' });
    expect(signIn.statusCode).toBe(400);
  });

  it('answers 409 for an e-mail already taken, in any case and with spaces around it', async () => {
    const existing = await createUser(t.db, { email: 'taken@example.com' });
    for (const email of ['taken@example.com', 'TAKEN@Example.com', '  Taken@example.COM ']) {
      const res = await post({ name: 'Copy Cat', email });

      expect(res.statusCode, email).toBe(409);
      expect(res.json()).toEqual({ message: messages.emailTaken });
    }
    const rows = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'taken@example.com'));
    expect(rows).toEqual([{ id: existing.id }]);
  });

  it('keeps the e-mail trimmed and in lower case', async () => {
    const res = await post({ name: 'Case Person', email: '  Case.Person@Example.COM ' });

    expect((await stored(res.json().body.id))?.email).toBe('case.person@example.com');
  });

  describe('validation, with the contract messages', () => {
    const cases: Array<[string, object, string]> = [
      ['name missing', { email: 'v1@example.com' }, messages.nameRequired],
      ['name empty', { name: '', email: 'v2@example.com' }, messages.nameRequired],
      ['name blank', { name: '   ', email: 'v3@example.com' }, messages.nameRequired],
      ['name with digits', { name: 'Agent 007', email: 'v4@example.com' }, messages.nameLettersOnly],
      ['name with symbols', { name: 'Bob <script>', email: 'v5@example.com' }, messages.nameLettersOnly],
      ['email missing', { name: 'Valid Name' }, messages.emailRequired],
      ['email empty', { name: 'Valid Name', email: '' }, messages.emailRequired],
      ['email invalid', { name: 'Valid Name', email: 'not-an-email' }, messages.emailInvalid],
      ['negative height', { name: 'Valid Name', email: 'v6@example.com', height: -1 }, messages.numberMin0],
      ['negative coins', { name: 'Valid Name', email: 'v7@example.com', totalCoins: -5 }, messages.numberMin0],
      ['fractional coins', { name: 'Valid Name', email: 'v8@example.com', totalCoins: 1.5 }, messages.integerOnly],
      ['height as text', { name: 'Valid Name', email: 'v9@example.com', height: '170' }, 'height must be a number.'],
      ['unknown gender', { name: 'Valid Name', email: 'v10@example.com', gender: 'other' }, messages.genderInvalid],
      ['unknown role', { name: 'Valid Name', email: 'v11@example.com', role: 'Root' }, messages.roleInvalid],
    ];

    it.each(cases)('%s', async (_label, payload, message) => {
      const res = await post(payload);

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, errors: [message] });
    });

    it('lists every problem when several fields are wrong', async () => {
      const res = await post({ name: 'R2D2', email: 'nope', dailyFSGoal: -1 });

      expect(res.statusCode).toBe(400);
      const { message, errors } = res.json<{ message: string; errors: string[] }>();
      expect(message).toBe(messages.validationFailed);
      expect(errors.sort()).toEqual([messages.emailInvalid, messages.nameLettersOnly, messages.numberMin0].sort());
    });
  });

  describe('the new user has no password', () => {
    it('cannot sign in until an administrator sets one, then can', async () => {
      const res = await post({ name: 'Late Starter', email: 'late@example.com' });
      const { id } = res.json().body;

      const before = await login(t.app, { email: 'late@example.com', password: 'first-password' });
      expect(before.statusCode).toBe(400);
      expect(before.json()).toEqual({ message: messages.invalidCredentials });

      const set = await t.app.inject({
        method: 'PUT',
        url: '/api/users/updatepassword',
        payload: { updateId: id, password: 'first-password' },
        headers: admin.headers,
      });
      expect(set.statusCode).toBe(200);

      const after = await login(t.app, { email: 'late@example.com', password: 'first-password' });
      expect(after.statusCode).toBe(200);
      expect(after.json().body.user).toMatchObject({ id, roleName: 'User' });
    });
  });
});
