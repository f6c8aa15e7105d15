import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { complaintQueries, users } from '../../../src/db/schema.js';
import {
  buildTestApp,
  createComplaintQuery,
  createUser,
  type LoggedIn,
  loginAs,
  type TestApp,
  type TestUser,
} from '../../helpers/index.js';

describe('one complaint query: GET /api/message/{id}, PUT /api/message, DELETE /api/message/{id}', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let sender: TestUser;

  const get = (id: number | string) => t.app.inject({ url: `/api/message/${id}`, headers: admin.headers });
  const put = (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/message', payload, headers: admin.headers });
  const remove = (id: number | string) =>
    t.app.inject({ method: 'DELETE', url: `/api/message/${id}`, headers: admin.headers });
  const isReadOf = async (id: number) =>
    (
      await t.db.select({ isRead: complaintQueries.isRead }).from(complaintQueries).where(eq(complaintQueries.id, id))
    )[0]?.isRead;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    sender = await createUser(t.db, { name: 'Erik Lund', email: 'erik@example.com' });
  });
  afterAll(() => t?.close());

  describe('GET /api/message/{id}', () => {
    it('answers the query (docs/behaviour.md §7: id, isRead, title, message, source, User) and changes nothing', async () => {
      const id = await createComplaintQuery(t.db, {
        userId: sender.id,
        title: 'Steps not counted',
        message: 'My walk on Sunday is missing.',
        createdAt: new Date('2025-03-01T08:00:00Z'),
      });

      const res = await get(id);

      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        body: {
          id,
          title: 'Steps not counted',
          message: 'My walk on Sunday is missing.',
          source: 'Mobile',
          isRead: false,
          createdAt: '2025-03-01T08:00:00.000Z',
          User: { id: sender.id, name: 'Erik Lund', email: 'erik@example.com' },
        },
      });
      expect(await isReadOf(id)).toBe(false); // reading is not marking read: the portal PUTs that
    });

    it('answers User null once the sender was deleted', async () => {
      const gone = await createUser(t.db);
      const id = await createComplaintQuery(t.db, { userId: gone.id });
      await t.db.delete(users).where(eq(users.id, gone.id));

      const res = await get(id);
      expect(res.statusCode).toBe(200);
      expect(res.json().body).toMatchObject({ id, User: null });
    });

    it('answers 404 for an unknown id, 400 for one that is no id', async () => {
      const res = await get(999_999);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: messages.queryNotFound });
      expect((await get('abc')).statusCode).toBe(400);
    });
  });

  describe('PUT /api/message', () => {
    it('marks a query read (docs/behaviour.md §4 Message read), and unread again', async () => {
      const id = await createComplaintQuery(t.db, { userId: sender.id, title: 'Read me' });

      const res = await put({ isRead: true, updateId: id });

      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: messages.queryUpdated,
        body: expect.objectContaining({
          id,
          title: 'Read me',
          isRead: true,
          User: expect.objectContaining({ id: sender.id }),
        }),
      });
      expect(await isReadOf(id)).toBe(true);
      // Marking read twice is harmless.
      expect((await put({ isRead: true, updateId: id })).statusCode).toBe(200);
      expect(await isReadOf(id)).toBe(true);

      const back = await put({ isRead: false, updateId: id });
      expect(back.statusCode).toBe(200);
      expect(back.json().body.isRead).toBe(false);
      expect(await isReadOf(id)).toBe(false);
    });

    it('changes only the query it names', async () => {
      const [a, b] = [
        await createComplaintQuery(t.db, { userId: sender.id }),
        await createComplaintQuery(t.db, { userId: sender.id }),
      ];
      await put({ isRead: true, updateId: a });
      expect([await isReadOf(a), await isReadOf(b)]).toEqual([true, false]);
    });

    it('answers 404 for an unknown id', async () => {
      const res = await put({ isRead: true, updateId: 999_999 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: messages.queryNotFound });
    });

    it('refuses a body it cannot apply, with the reason', async () => {
      const id = await createComplaintQuery(t.db, { userId: sender.id });
      const cases: Array<[object, string]> = [
        [{ updateId: id }, 'isRead is required.'],
        [{ isRead: 'yes', updateId: id }, 'isRead must be true or false.'],
        [{ isRead: true }, 'updateId is required.'],
        [{ isRead: true, updateId: 'abc' }, 'The id must be a number.'],
        [{ isRead: true, updateId: 0 }, 'The id must be a number.'],
      ];
      for (const [payload, message] of cases) {
        const res = await put(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json(), JSON.stringify(payload)).toEqual({ message, errors: [message] });
      }
      expect(await isReadOf(id)).toBe(false);
    });
  });

  describe('DELETE /api/message/{id}', () => {
    it('deletes the query', async () => {
      const id = await createComplaintQuery(t.db, { userId: sender.id });
      const other = await createComplaintQuery(t.db, { userId: sender.id });

      const res = await remove(id);

      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: messages.queryDeleted, body: null });
      expect((await get(id)).statusCode).toBe(404);
      expect((await get(other)).statusCode).toBe(200);
    });

    it('answers 404 for an unknown id (or one already deleted), and deletes nothing', async () => {
      const id = await createComplaintQuery(t.db, { userId: sender.id });
      await remove(id);
      const total = async () => (await t.db.select({ n: count() }).from(complaintQueries))[0]!.n;
      const before = await total();
      for (const missing of [id, 999_999]) {
        const res = await remove(missing);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: messages.queryNotFound });
      }
      expect(await total()).toBe(before);
      expect((await remove('abc')).statusCode).toBe(400);
    });
  });
});
