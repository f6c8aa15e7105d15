import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, messages } from '@strideadmin/contract';
import { complaintQueries, users } from '../../../src/db/schema.js';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';

describe('POST /api/app/message', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let walker: LoggedIn;

  const post = (payload: object, headers: Record<string, string> = walker.headers) =>
    t.app.inject({ method: 'POST', url: '/api/app/message', payload, headers });
  const stored = async () => (await t.db.select({ n: count() }).from(complaintQueries))[0]!.n;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    walker = await loginAs(t, 'User', { user: { name: 'Sara Ek' } });
  });
  afterAll(() => t?.close());

  it('stores the app user’s query, unread, source Mobile; the portal lists it', async () => {
    const res = await post({ title: '  Coins missing ', message: 'I answered the quiz but got no coins.' });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.messageSent, body: { id: expect.any(Number) } });
    const id = res.json<{ body: { id: number } }>().body.id;
    const detail = await t.app.inject({ url: `/api/message/${id}`, headers: admin.headers });
    expect(detail.json().body).toEqual({
      id,
      title: 'Coins missing',
      message: 'I answered the quiz but got no coins.',
      source: 'Mobile',
      isRead: false,
      createdAt: expect.stringMatching(/Z$/),
      User: { id: walker.user.id, name: 'Sara Ek', email: walker.user.email },
    });
    const unread = await t.app.inject({ url: '/api/message', query: { isRead: 'false' }, headers: admin.headers });
    expect(unread.json<{ body: { rows: Array<{ id: number }> } }>().body.rows.map((r) => r.id)).toContain(id);
  });

  it('refuses invalid input with the form messages, and stores nothing', async () => {
    const valid = { title: 'Title', message: 'Message' };
    const cases: Array<[object, string]> = [
      [{ ...valid, title: undefined }, messages.titleRequired],
      [{ ...valid, title: '  ' }, messages.titleRequired],
      [{ ...valid, title: 'x'.repeat(limits.queryTitleMax + 1) }, `At most ${limits.queryTitleMax} characters.`],
      [{ ...valid, message: undefined }, messages.messageRequired],
      [{ ...valid, message: '' }, messages.messageRequired],
      [{ ...valid, message: 'x'.repeat(limits.queryMessageMax + 1) }, `At most ${limits.queryMessageMax} characters.`],
    ];
    const before = await stored();
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400);
      expect(res.json()).toEqual({ message, errors: [message] });
    }
    const both = await post({});
    expect(both.json()).toEqual({
      message: messages.validationFailed,
      errors: [messages.titleRequired, messages.messageRequired],
    });
    expect(await stored()).toBe(before);
  });

  it('refuses a request without a valid token, and an account deactivated since it signed in', async () => {
    const before = await stored();
    const badHeaders: Array<Record<string, string>> = [{}, { authorization: 'Bearer not-a-token' }];
    for (const headers of badHeaders) {
      const res = await post({ title: 'T', message: 'M' }, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: messages.unauthorized });
    }
    const leaving = await loginAs(t, 'User');
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, leaving.user.id));
    await t.app.authSettled();
    const res = await post({ title: 'T', message: 'M' }, leaving.headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.unauthorized });
    expect(await stored()).toBe(before);
  });
});
