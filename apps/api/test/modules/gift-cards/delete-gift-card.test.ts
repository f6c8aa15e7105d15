import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { buildTestApp, createGiftCard, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';

describe('DELETE /api/giftcard/:id', () => {
  let t: TestApp;
  let admin: LoggedIn;

  const del = (id: number | string) =>
    t.app.inject({ method: 'DELETE', url: `/api/giftcard/${id}`, headers: admin.headers });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('deletes the card and only that card', async () => {
    const id = await createGiftCard(t.db);
    const kept = await createGiftCard(t.db);

    const res = await del(id);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.giftCardDeleted, body: null });
    expect((await t.app.inject({ url: `/api/giftcard/${id}`, headers: admin.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/giftcard/${kept}`, headers: admin.headers })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown (or already deleted) card, and 400 for an id that is not one', async () => {
    const id = await createGiftCard(t.db);
    expect((await del(id)).statusCode).toBe(200);

    for (const missing of [id, 999999]) {
      const res = await del(missing);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: messages.giftCardNotFound });
    }
    expect((await del('abc')).statusCode).toBe(400);
  });
});
