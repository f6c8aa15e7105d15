import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkDeletedMessage, limits, messages } from '@strideadmin/contract';
import { buildTestApp, createGiftBox, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { lists, newMarker } from './lists.js';

/** POST /api/<list>/bulk-delete for the six lists (docs/behaviour.md §12). */
describe('POST /api/<list>/bulk-delete', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let walker: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    walker = await loginAs(t, 'User');
  });
  afterAll(() => t?.close());

  const bulkDelete = (path: string, payload: unknown, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'POST', url: `${path}/bulk-delete`, payload: payload as object, headers });

  /** The ids the list shows for `marker`, through its own GET call. */
  const listed = async (path: string, filter: string, marker: string) => {
    const res = await t.app.inject({
      url: `${path}?${filter}=${marker}&sort=id&order=asc&limit=100`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ body: { rows: Array<{ id: number }> } }>().body.rows.map((r) => r.id);
  };

  describe.each(lists)('$path', ({ path, list, table, notFound, filter, seed }) => {
    it('deletes the rows asked for and only those; a missing one is refused with its message, a duplicate counts once', async () => {
      const marker = newMarker();
      const [a, b, c, d] = await seed(t, marker, 4);
      const missing = 2_000_000_000;

      const res = await bulkDelete(path, { ids: [b, missing, d, b] });

      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: bulkDeletedMessage(list, 2, 1),
        body: { deleted: [b, d], refused: [{ id: missing, message: notFound }] },
      });
      expect(await listed(path, filter, marker)).toEqual([a, c]);
      // A single delete of a deleted row answers the same message the bulk delete gave for the missing one.
      const gone = await t.app.inject({ method: 'DELETE', url: `${path}/${b}`, headers: admin.headers });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ message: notFound });
    });

    it('answers every id refused when none is there, deleting nothing', async () => {
      const marker = newMarker();
      const kept = await seed(t, marker, 1);

      const res = await bulkDelete(path, { ids: [2_000_000_001, 2_000_000_002] });

      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: bulkDeletedMessage(list, 0, 2),
        body: {
          deleted: [],
          refused: [
            { id: 2_000_000_001, message: notFound },
            { id: 2_000_000_002, message: notFound },
          ],
        },
      });
      expect(await listed(path, filter, marker)).toEqual(kept);
    });

    it('deletes in one transaction: when one row cannot be deleted, none is', async () => {
      const marker = newMarker();
      const ids = await seed(t, marker, 3);
      // A row the database refuses to delete, mid-way through the statement.
      const fn = `refuse_delete_${table}`;
      await t.database.query(
        `create function ${fn}() returns trigger language plpgsql as $$ begin ` +
          `if old.id = ${ids[1]} then raise exception 'this row stays'; end if; return old; end $$`,
      );
      await t.database.query(`create trigger ${fn} before delete on ${table} for each row execute function ${fn}()`);
      try {
        const res = await bulkDelete(path, { ids });
        expect(res.statusCode).toBe(500);
      } finally {
        await t.database.query(`drop trigger ${fn} on ${table}`);
        await t.database.query(`drop function ${fn}()`);
      }
      expect(await listed(path, filter, marker)).toEqual(ids);
    });

    it(`refuses more than ${limits.bulkDeleteMax} ids, and none, with their messages`, async () => {
      const marker = newMarker();
      const kept = await seed(t, marker, 1);
      const tooMany = Array.from({ length: limits.bulkDeleteMax + 1 }, (_, i) => kept[0]! + i);

      const over = await bulkDelete(path, { ids: tooMany });
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({ message: messages.bulkDeleteTooMany, errors: [messages.bulkDeleteTooMany] });

      for (const payload of [{ ids: [] }, {}]) {
        const none = await bulkDelete(path, payload);
        expect(none.statusCode).toBe(400);
        expect(none.json()).toEqual({
          message: messages.bulkDeleteIdsRequired,
          errors: [messages.bulkDeleteIdsRequired],
        });
      }

      const notIds = await bulkDelete(path, { ids: ['abc'] });
      expect(notIds.statusCode).toBe(400);
      expect(notIds.json().message).toBe('The id must be a number.');
      expect(await listed(path, filter, marker)).toEqual(kept);
    });

    it(`takes exactly ${limits.bulkDeleteMax} ids`, async () => {
      const marker = newMarker();
      const ids = await seed(t, marker, limits.bulkDeleteMax);

      const res = await bulkDelete(path, { ids });

      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: bulkDeletedMessage(list, ids.length, 0),
        body: { deleted: ids, refused: [] },
      });
      expect(await listed(path, filter, marker)).toEqual([]);
    });

    it('answers 401 without a token and 403 to an app user, deleting nothing', async () => {
      const marker = newMarker();
      const ids = await seed(t, marker, 2);

      const anonymous = await bulkDelete(path, { ids }, {});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: messages.unauthorized });
      const app = await bulkDelete(path, { ids }, walker.headers);
      expect(app.statusCode).toBe(403);
      expect(app.json()).toEqual({ message: messages.forbidden });
      expect(await listed(path, filter, marker)).toEqual(ids);
    });
  });

  describe('/api/users', () => {
    it('refuses your own account with the message a single delete answers, and signs the deleted users out', async () => {
      const other = await loginAs(t, 'User');
      const otherAdmin = await loginAs(t, 'Admin');

      const res = await bulkDelete('/api/users', { ids: [other.user.id, admin.user.id, otherAdmin.user.id] });

      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: '2 users deleted, 1 refused.',
        body: {
          deleted: [other.user.id, otherAdmin.user.id],
          refused: [{ id: admin.user.id, message: messages.cannotDeleteSelf }],
        },
      });
      // The signed-in administrator is still there and signed in; the deleted accounts' tokens are dead.
      expect((await t.app.inject({ url: `/api/users/${admin.user.id}`, headers: admin.headers })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/users', headers: otherAdmin.headers })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/app/notifications', headers: other.headers })).statusCode).toBe(401);
    });

    it('says "1 user deleted." for one', async () => {
      const one = await loginAs(t, 'User');
      const res = await bulkDelete('/api/users', { ids: [one.user.id] });
      expect(res.json().message).toBe('1 user deleted.');
    });
  });

  describe('/api/giftbox', () => {
    it('deletes the boxes placed under the configs deleted, as a single delete does', async () => {
      const [config] = await lists.find((l) => l.path === '/api/giftbox')!.seed(t, newMarker(), 1);
      await createGiftBox(t.db, config!);
      const count = async () =>
        (
          await t.database.query<{ n: number }>('select count(*)::int as n from gift_boxes where config_id = $1', [
            config,
          ])
        ).rows[0]!.n;
      expect(await count()).toBe(1);

      const res = await bulkDelete('/api/giftbox', { ids: [config] });

      expect(res.json().body).toEqual({ deleted: [config], refused: [] });
      expect(await count()).toBe(0);
    });
  });
});
