import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { giftCards, users } from '../../../src/db/schema.js';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';

describe('DELETE /api/users/:id', () => {
  let t: TestApp;
  let admin: LoggedIn;

  const del = (id: number | string) =>
    t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: admin.headers });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('deletes the user: gone from the API, signed out, their gift cards kept without an owner', async () => {
    const walker = await loginAs(t, 'User');
    const [card] = await t.db
      .insert(giftCards)
      .values({
        serialNumber: 'DEL-1',
        controlCode: 'DEL-C1',
        amount: 10,
        currency: 'SEK',
        storeName: 'store',
        storeAddress: 'street',
        validTill: '2099-01-01',
        price: 100,
        userId: walker.user.id,
        redeemedAt: new Date(),
      })
      .returning({ id: giftCards.id });

    const res = await del(walker.user.id);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.userDeleted, body: null });
    expect((await t.app.inject({ url: `/api/users/${walker.user.id}`, headers: admin.headers })).statusCode).toBe(404);
    expect(await t.db.select().from(users).where(eq(users.id, walker.user.id))).toEqual([]);
    const [kept] = await t.db.select().from(giftCards).where(eq(giftCards.id, card!.id));
    expect(kept?.userId).toBeNull();
    expect((await t.app.inject({ url: '/api/users', headers: walker.headers })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown id, and for one already deleted', async () => {
    const other = await loginAs(t, 'User');
    await del(other.user.id);

    for (const id of [999999, other.user.id]) {
      const res = await del(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: messages.userNotFound });
    }
  });

  it('refuses to delete the signed-in administrator', async () => {
    const res = await del(admin.user.id);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.cannotDeleteSelf });
    expect((await t.app.inject({ url: '/api/users', headers: admin.headers })).statusCode).toBe(200);
  });

  it('answers 400 for an id that is not one', async () => {
    const res = await del('abc');

    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The id must be a number.');
  });
});
