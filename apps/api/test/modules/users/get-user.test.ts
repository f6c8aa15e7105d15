import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';

describe('GET /api/users/:id', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let walker: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin', { user: { name: 'Ada Admin' } });
    walker = await loginAs(t, 'User', { user: { name: 'Walt Walker' } });
  });
  afterAll(() => t?.close());

  it('answers the user with Role { name } and never the password hash', async () => {
    const res = await t.app.inject({ url: `/api/users/${walker.user.id}`, headers: admin.headers });

    expect(res.statusCode).toBe(200);
    const { body } = res.json();
    expect(body).toMatchObject({
      id: walker.user.id,
      name: 'Walt Walker',
      email: walker.user.email,
      isActive: true,
      isTracking: false, // spec §3: tracking defaults to Disabled
      totalCoins: 0,
      Role: { name: 'User' },
    });
    expect(new Date(body.createdAt).toString()).not.toBe('Invalid Date');
    expect(JSON.stringify(body)).not.toMatch(/password/i);
  });

  it('is for administrators only', async () => {
    expect((await t.app.inject({ url: `/api/users/${walker.user.id}` })).json()).toEqual({
      message: messages.unauthorized,
    });
    const asWalker = await t.app.inject({ url: `/api/users/${walker.user.id}`, headers: walker.headers });
    expect(asWalker.statusCode).toBe(403);
  });

  it('answers 404 with a clear message for an unknown id, and 400 for an id that is not one', async () => {
    const missing = await t.app.inject({ url: '/api/users/999999', headers: admin.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: messages.userNotFound });

    for (const bad of ['abc', '0', '-3', '1.5', '99999999999999999999']) {
      const res = await t.app.inject({ url: `/api/users/${bad}`, headers: admin.headers });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('The id must be a number.');
    }
  });
});
