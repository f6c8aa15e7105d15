import { asc, count, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRecord } from '../../src/plugins/route-recorder.js';
import { auditEntries, giftCards, quizQuestions, users } from '../../src/db/schema.js';
import { verifyAuditChain } from '../../src/modules/audit/index.js';
import {
  buildTestApp,
  createGiftCard,
  createQuiz,
  createUser,
  type LoggedIn,
  loginAs,
  type TestApp,
  validCard,
  validQuiz,
} from '../helpers/index.js';
import { bulkRow } from '../modules/gift-cards/gift-card-data.js';
import { routeKey, routeRequests, urlOf } from './route-requests.js';

/**
 * The audit log (docs/operations/audit-log.md): every change an administrator makes through the
 * API, and every export, writes exactly one entry, in the change's own transaction. This file walks
 * the route table (app.routeTable): a new administrator's change without a row in `expected`
 * fails here, so it cannot be added without deciding its entry.
 */

/** The entry each administrator's change (and export) writes: action and entity. */
const expected: Record<string, { action: string; entity: string }> = {
  'POST /api/users': { action: 'create', entity: 'user' },
  'PUT /api/users': { action: 'update', entity: 'user' },
  'PUT /api/users/updatepassword': { action: 'password-reset', entity: 'user' },
  'POST /api/users/:id/clear-steps-flag': { action: 'update', entity: 'user' },
  'DELETE /api/users/:id': { action: 'delete', entity: 'user' },
  'POST /api/users/:id/coins': { action: 'coins-adjust', entity: 'user' },
  'POST /api/users/bulk-delete': { action: 'bulk-delete', entity: 'user' },
  'GET /api/users/export': { action: 'export', entity: 'user' },
  'PUT /api/profile': { action: 'update', entity: 'user' },
  'POST /api/profile/change_password': { action: 'password-change', entity: 'user' },
  'POST /api/giftcard': { action: 'create', entity: 'gift-card' },
  'PUT /api/giftcard': { action: 'update', entity: 'gift-card' },
  'DELETE /api/giftcard/:id': { action: 'delete', entity: 'gift-card' },
  'POST /api/giftcard/bulk-delete': { action: 'bulk-delete', entity: 'gift-card' },
  'POST /api/multiplegiftcard': { action: 'bulk-import', entity: 'gift-card' },
  'GET /api/giftcard/export': { action: 'export', entity: 'gift-card' },
  'POST /api/quiz': { action: 'create', entity: 'quiz' },
  'PUT /api/quiz': { action: 'update', entity: 'quiz' },
  'DELETE /api/quiz/:id': { action: 'delete', entity: 'quiz' },
  'POST /api/quiz/bulk-delete': { action: 'bulk-delete', entity: 'quiz' },
  'GET /api/quiz/export': { action: 'export', entity: 'quiz' },
  'POST /api/giftbox': { action: 'create', entity: 'gift-box-config' },
  'PUT /api/giftbox': { action: 'update', entity: 'gift-box-config' },
  'DELETE /api/giftbox/:id': { action: 'delete', entity: 'gift-box-config' },
  'POST /api/giftbox/bulk-delete': { action: 'bulk-delete', entity: 'gift-box-config' },
  'GET /api/giftbox/export': { action: 'export', entity: 'gift-box-config' },
  'POST /api/giftbox/manual': { action: 'giftbox-place', entity: 'gift-box' },
  'DELETE /api/giftbox/manual/:id': { action: 'delete', entity: 'gift-box' },
  'POST /api/notification': { action: 'notification-send', entity: 'notification' },
  'DELETE /api/notification/:id': { action: 'delete', entity: 'notification' },
  'POST /api/notification/bulk-delete': { action: 'bulk-delete', entity: 'notification' },
  'GET /api/notification/export': { action: 'export', entity: 'notification' },
  'PUT /api/message': { action: 'update', entity: 'complaint-query' },
  'DELETE /api/message/:id': { action: 'delete', entity: 'complaint-query' },
  'POST /api/message/bulk-delete': { action: 'bulk-delete', entity: 'complaint-query' },
  'GET /api/message/export': { action: 'export', entity: 'complaint-query' },
  'GET /api/audit/export': { action: 'export', entity: 'audit' },
  // The app user's download of their own data (GET /app/me/export): its caller is the app user.
  'GET /api/app/me/export': { action: 'export', entity: 'user' },
};

/**
 * Administrator's calls with a changing method that change no record, so write no entry. Each is
 * a decision, made here, with its reason.
 */
const notChanges: Record<string, string> = {
  // A signed URL to upload an image to: nothing is stored until a record names the image, and
  // that record's own create or update is the entry.
  'POST /api/getPresignedUrl': 'presigned upload URL',
};

/** What this file holds to its rule: an administrator's POST/PUT/PATCH/DELETE, and every export. */
const audited = (r: RouteRecord) =>
  (r.guard === 'staff' && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method)) ||
  (r.method === 'GET' && r.url.endsWith('/export'));

let t: TestApp;
let admin: LoggedIn;
let walker: LoggedIn;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t, 'Admin');
  walker = await loginAs(t, 'User', { user: { isTracking: true } });
});
afterAll(() => t?.close());

/** The newest entry's id (0 when none). */
async function lastId(): Promise<number> {
  const [row] = await t.db.select({ id: max(auditEntries.id) }).from(auditEntries);
  return Number(row?.id ?? 0);
}
/** The entries written after entry `after`. */
function entriesAfter(after: number) {
  return t.db.select().from(auditEntries).where(gt(auditEntries.id, after)).orderBy(asc(auditEntries.id));
}

describe('every change an administrator makes, and every export, writes exactly one audit entry', () => {
  it('covers every route of the table that changes or exports (none without a valid request here)', () => {
    const routes = t.app.routeTable.filter(audited).map(routeKey);
    const unknown = routes.filter((k) => !(k in expected) && !(k in notChanges));
    // A route here is new: give it its entry (service + `expected`), or say in notChanges why it changes nothing.
    expect(unknown).toEqual([]);
    // And nothing listed is gone from the table.
    expect(Object.keys({ ...expected, ...notChanges }).filter((k) => !routes.includes(k))).toEqual([]);
  });

  it('writes one entry with its action, entity and actor for each, in the change that commits', async () => {
    const wrong: string[] = [];
    for (const route of t.app.routeTable.filter(audited)) {
      const key = routeKey(route);
      const want = expected[key];
      if (!want) continue; // notChanges (the test above fails for any other)
      // change_password ends the caller's sessions: a fresh administrator of its own.
      const caller =
        key === 'POST /api/profile/change_password'
          ? await loginAs(t, 'Admin')
          : key.startsWith('GET /api/app/')
            ? walker
            : admin;
      const { ids, payloads } = await routeRequests(t, admin, walker);
      const payload = payloads[key];
      if (route.method !== 'GET' && route.method !== 'DELETE' && !payload) {
        wrong.push(`${key}: no valid request known (route-requests.ts)`);
        continue;
      }
      const before = await lastId();
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: urlOf(route, ids),
        headers: { ...caller.headers, 'user-agent': 'audit coverage' },
        ...(payload && route.method !== 'GET' && route.method !== 'DELETE' ? { payload: payload(caller) } : {}),
      });
      if (res.statusCode < 200 || res.statusCode >= 300) {
        wrong.push(`${key}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        continue;
      }
      const written = await entriesAfter(before);
      const got = written.map((e) => `${e.action} ${e.entity} by ${e.actorId}`);
      if (written.length !== 1 || got[0] !== `${want.action} ${want.entity} by ${caller.user.id}`) {
        wrong.push(`${key}: [${got.join('; ')}], not ${want.action} ${want.entity} by ${caller.user.id}`);
        continue;
      }
      const entry = written[0]!;
      const bulk = want.action === 'bulk-delete' || want.action === 'bulk-import';
      const named =
        want.action === 'export'
          ? entry.entityId === null && entry.entityIds === null
          : bulk
            ? Array.isArray(entry.entityIds) && entry.entityIds.length > 0
            : entry.entityId !== null;
      if (!named) wrong.push(`${key}: entity id ${entry.entityId}, ids ${JSON.stringify(entry.entityIds)}`);
      if (entry.actorEmail !== caller.user.email || entry.userAgent !== 'audit coverage' || !entry.requestId) {
        wrong.push(`${key}: actor ${entry.actorEmail}, agent ${entry.userAgent}, request ${entry.requestId}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });
});

describe('what the entries hold, and what writes none', () => {
  it('a refused change (400, 404, 409) writes no entry', async () => {
    const card = validCard();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/giftcard', headers: admin.headers, payload: card })).statusCode,
    ).toBe(200);
    const target = await createUser(t.db);
    const before = await lastId();
    const refused = [
      { method: 'POST', url: '/api/users', payload: { name: '', email: 'not-an-email' } },
      {
        method: 'PUT',
        url: '/api/users',
        payload: { updateId: admin.user.id, name: 'Me', isActive: false, role: 'Admin' },
      },
      {
        method: 'PUT',
        url: '/api/users',
        payload: { updateId: target.id, name: 'Stale', version: 999, isActive: true, role: 'User' },
      },
      { method: 'PUT', url: '/api/users/updatepassword', payload: { updateId: 999_999, password: 'some-password-1' } },
      { method: 'DELETE', url: '/api/users/999999' },
      { method: 'POST', url: '/api/giftcard', payload: { ...validCard(), serialNumber: card.serialNumber } },
      { method: 'PUT', url: '/api/giftcard', payload: { updateId: 999_999, ...validCard() } },
      { method: 'PUT', url: '/api/quiz', payload: { updateId: 999_999, ...validQuiz() } },
      { method: 'DELETE', url: '/api/quiz/999999' },
      { method: 'DELETE', url: '/api/giftbox/manual/999999' },
      { method: 'PUT', url: '/api/message', payload: { updateId: 999_999, isRead: true } },
      {
        method: 'POST',
        url: '/api/profile/change_password',
        payload: { oldPassword: 'wrong-one-here', newPassword: 'another-password-9' },
      },
      { method: 'GET', url: '/api/users/export?sort=nope' },
    ] as const;
    const statuses: number[] = [];
    for (const r of refused) {
      const res = await t.app.inject({
        method: r.method,
        url: r.url,
        headers: admin.headers,
        ...('payload' in r ? { payload: r.payload } : {}),
      });
      statuses.push(res.statusCode);
    }
    expect(
      statuses.every((s) => s >= 400 && s < 500),
      statuses.join(' '),
    ).toBe(true);
    expect(statuses).toContain(404);
    expect(statuses).toContain(409);
    // A bulk delete of ids none of which is there answers 200 and deletes nothing: no entry either.
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/quiz/bulk-delete',
      headers: admin.headers,
      payload: { ids: [999_998, 999_999] },
    });
    expect(none.statusCode).toBe(200);
    expect(await entriesAfter(before)).toEqual([]);
  });

  it('a change whose entry cannot be appended is rolled back: no change without its entry', async () => {
    const quizBefore = (await t.db.select({ n: count() }).from(quizQuestions))[0]!.n;
    const cardId = await createGiftCard(t.db);
    const doomed = await createUser(t.db);
    const before = await lastId();
    // The database refuses every new entry (test database only), as a full disk or a bug would.
    await t.database.query(
      "create function audit_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'no audit entry today'; end $$",
    );
    await t.database.query(
      'create trigger audit_test_refuse before insert on audit_entries for each row execute function audit_test_refuse()',
    );
    try {
      const answers = [
        await t.app.inject({ method: 'POST', url: '/api/quiz', headers: admin.headers, payload: validQuiz() }),
        await t.app.inject({ method: 'DELETE', url: `/api/giftcard/${cardId}`, headers: admin.headers }),
        await t.app.inject({
          method: 'POST',
          url: '/api/users/bulk-delete',
          headers: admin.headers,
          payload: { ids: [doomed.id] },
        }),
        await t.app.inject({
          method: 'POST',
          url: '/api/multiplegiftcard',
          headers: admin.headers,
          payload: { giftCards: [bulkRow()] },
        }),
        await t.app.inject({
          method: 'PUT',
          url: '/api/users/updatepassword',
          headers: admin.headers,
          payload: { updateId: doomed.id, password: 'rolled-back-password-7' },
        }),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([500, 500, 500, 500, 500]);
    } finally {
      await t.database.query('drop trigger audit_test_refuse on audit_entries');
      await t.database.query('drop function audit_test_refuse()');
    }
    expect((await t.db.select({ n: count() }).from(quizQuestions))[0]!.n).toBe(quizBefore);
    expect(await t.db.select().from(giftCards).where(eq(giftCards.id, cardId))).toHaveLength(1);
    const [still] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, doomed.id));
    expect(still).toBeDefined();
    // The old password still signs in: the new hash was rolled back with the entry.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: doomed.email, password: doomed.password },
    });
    expect(login.statusCode).toBe(200);
    expect((await entriesAfter(before)).filter((e) => e.action !== 'sign-in')).toEqual([]);
  });

  it('a bulk delete is one entry with every id it deleted (not those it refused)', async () => {
    const ids = [await createQuiz(t.db), await createQuiz(t.db), await createQuiz(t.db)];
    const before = await lastId();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quiz/bulk-delete',
      headers: admin.headers,
      payload: { ids: [...ids, 999_999] },
    });
    expect(res.statusCode).toBe(200);
    const written = await entriesAfter(before);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ action: 'bulk-delete', entity: 'quiz', entityId: null, entityIds: ids });
  });

  it("a gift card's control code is masked but for its last 4 characters, on create and update", async () => {
    const before = await lastId();
    const card = validCard({ controlCode: 'SECRET-CODE-9876' });
    const created = await t.app.inject({ method: 'POST', url: '/api/giftcard', headers: admin.headers, payload: card });
    expect(created.statusCode).toBe(200);
    const id = created.json<{ body: { id: number } }>().body.id;
    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/giftcard',
      headers: admin.headers,
      payload: { ...card, updateId: id, controlCode: 'OTHER-CODE-5432', storeName: 'new shop' },
    });
    expect(updated.statusCode).toBe(200);
    const [create, update] = await entriesAfter(before);
    expect(create!.changes).toMatchObject({
      controlCode: { before: null, after: '••••9876' },
      serialNumber: { after: card.serialNumber },
    });
    expect(update!.changes).toEqual({
      controlCode: { before: '••••9876', after: '••••5432' },
      storeName: { before: card.storeName, after: 'new shop' },
    });
    const text = JSON.stringify([create, update]);
    expect(text).not.toContain('SECRET-CODE');
    expect(text).not.toContain('OTHER-CODE');
  });

  it('an update records only the fields it changed, before and after', async () => {
    const target = await createUser(t.db, {
      name: 'Before Name',
      totalCoins: 10,
      height: 170,
      weight: 60,
      dailyFSGoal: 1000,
      isTracking: false,
    });
    const before = await lastId();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: admin.headers,
      payload: {
        updateId: target.id,
        name: 'After Name',
        dob: null,
        height: 170,
        weight: 60,
        gender: null,
        totalCoins: 25,
        dailyFSGoal: 1000,
        isActive: true,
        isTracking: false,
        role: 'User',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await entriesAfter(before);
    expect(entry).toMatchObject({ action: 'update', entity: 'user', entityId: String(target.id) });
    expect(entry!.changes).toMatchObject({
      name: { before: 'Before Name', after: 'After Name' },
      totalCoins: { before: 10, after: 25 },
    });
    expect(Object.keys(entry!.changes as object)).not.toContain('role');
  });

  it("an export's entry holds the list's filters and no entity id", async () => {
    const before = await lastId();
    const res = await t.app.inject({ url: '/api/users/export?name=ada&role=Admin&page=3', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const [entry] = await entriesAfter(before);
    expect(entry).toMatchObject({ action: 'export', entity: 'user', entityId: null, entityIds: null });
    const filters = (entry!.changes as { filters: { before: null; after: Record<string, unknown> } }).filters;
    expect(filters.before).toBeNull();
    expect(filters.after).toMatchObject({ name: 'ada', role: 'Admin' });
    expect(filters.after).not.toHaveProperty('page');
  });

  it('no password, nor a password hash, is in any entry (create, password reset, own password change)', async () => {
    const target = await createUser(t.db);
    const me = await loginAs(t, 'Admin');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { name: 'New Person', email: 'new-person@example.com' },
    });
    expect(created.statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/users/updatepassword',
      headers: admin.headers,
      payload: { updateId: target.id, password: 'Reset-Password-Text-1' },
    });
    expect(reset.statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/profile/change_password',
      headers: me.headers,
      payload: { oldPassword: me.user.password, newPassword: 'Changed-Password-Text-2' },
    });
    expect(changed.statusCode).toBe(200);
    const all = JSON.stringify(await t.db.select().from(auditEntries));
    for (const secret of ['Reset-Password-Text-1', 'Changed-Password-Text-2', me.user.password!, '$argon2']) {
      expect(all).not.toContain(secret);
    }
    expect(all).toContain('"password-reset"');
    expect(all).toContain('"password-change"');
  });
});
