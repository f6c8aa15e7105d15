import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AuditEntry, auditMessages, type ListResponse, type OkEnvelope } from '@strideadmin/contract';
import { appendAuditEntry } from '../../../src/modules/audit/index.js';
import { buildTestApp, createUser, type LoggedIn, loginAs, type TestApp, type TestUser } from '../../helpers/index.js';

// GET /api/audit, /api/audit/{id}, /api/audit/export (docs/operations/audit-log.md "Reading the log"):
// entries written by appendAuditEntry, read back filtered, newest first, counted and as CSV.
let t: TestApp;
let admin: LoggedIn;
let ada: TestUser;
let bob: TestUser;
let target: TestUser;
const card = '990007';
const ids: Record<string, number> = {};

async function at(iso: string, key: string, entry: Parameters<typeof appendAuditEntry>[1]) {
  vi.setSystemTime(new Date(iso));
  ids[key] = (await appendAuditEntry(t.db, entry)).id;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t, 'Admin');
  ada = await createUser(t.db, { role: 'Admin', name: 'Ada Admin' });
  bob = await createUser(t.db, { role: 'Admin', name: 'Bob Boss' });
  target = await createUser(t.db, { name: 'Target Person' });
  const as = (u: TestUser) => ({ id: u.id, name: u.name, email: u.email });
  const client = { ip: '203.0.113.9', userAgent: 'list test', requestId: 'req-1' };
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    await at('2024-03-01T10:00:00Z', 'create', {
      actor: as(ada),
      action: 'create',
      entity: 'user',
      entityId: target.id,
      client,
    });
    await at('2024-03-02T10:00:00Z', 'rename', {
      actor: as(ada),
      action: 'update',
      entity: 'user',
      entityId: target.id,
      changes: { name: { before: 'Old Name', after: 'Target Person' } },
      client,
    });
    await at('2024-03-02T23:30:00Z', 'cardDelete', {
      actor: as(bob),
      action: 'delete',
      entity: 'gift-card',
      entityId: card,
    });
    await at('2024-03-03T00:00:00Z', 'bulk', {
      actor: as(bob),
      action: 'bulk-delete',
      entity: 'quiz',
      entityIds: [11, 12, 13],
    });
    await at('2024-03-03T12:00:00Z', 'cardUpdate', {
      actor: as(ada),
      action: 'update',
      entity: 'gift-card',
      entityId: card,
      changes: { storeName: { before: 'Old, "Store"', after: 'New Store' } },
    });
  } finally {
    vi.useRealTimers();
  }
});
afterAll(() => t.close());

async function list(query: string, headers = admin.headers) {
  const res = await t.app.inject({ url: `/api/audit?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OkEnvelope<ListResponse<AuditEntry>>>().body;
}
const keysOf = (body: ListResponse<AuditEntry>) =>
  body.rows.map((r) => Object.entries(ids).find(([, id]) => id === r.id)?.[0] ?? `other ${r.action}`);
const march = 'from=2024-03-01&to=2024-03-31';

describe('GET /api/audit', () => {
  it('lists every entry newest first, with the count, and each field but the hashes', async () => {
    const body = await list(march);
    expect(keysOf(body)).toEqual(['cardUpdate', 'bulk', 'cardDelete', 'rename', 'create']);
    expect(body.count).toBe(5);
    expect(body.rows[3]).toEqual({
      id: ids.rename,
      at: '2024-03-02T10:00:00.000Z',
      actorId: ada.id,
      actorName: 'Ada Admin',
      actorEmail: ada.email,
      action: 'update',
      entity: 'user',
      entityId: String(target.id),
      entityIds: null,
      changes: { name: { before: 'Old Name', after: 'Target Person' } },
      clientIp: '203.0.113.9',
      userAgent: 'list test',
      requestId: 'req-1',
    });
    expect(body.rows[1]).toMatchObject({ entityIds: [11, 12, 13], entityId: null });
    // The portal's own sign-in (loginAs) is an entry too, today.
    const all = await list('action=sign-in');
    expect(all.rows.map((r) => r.actorId)).toContain(admin.user.id);
  });

  it('filters by admin, action, record, and time, each alone', async () => {
    expect(keysOf(await list(`actorId=${ada.id}`))).toEqual(['cardUpdate', 'rename', 'create']);
    expect(keysOf(await list(`${march}&action=update`))).toEqual(['cardUpdate', 'rename']);
    expect(keysOf(await list(`${march}&entity=quiz`))).toEqual(['bulk']);
    expect(keysOf(await list(`entityId=${card}`))).toEqual(['cardUpdate', 'cardDelete']);
    // A date `to` takes in its whole day; a date-time `to` is included, to the second.
    expect(keysOf(await list('from=2024-03-02&to=2024-03-02'))).toEqual(['cardDelete', 'rename']);
    expect(keysOf(await list('from=2024-03-02T10:00:00Z&to=2024-03-02T23:30:00Z'))).toEqual(['cardDelete', 'rename']);
    expect(keysOf(await list('from=2024-03-02T10:00:01Z&to=2024-03-02T23:29:59%2B00:00'))).toEqual([]);
    expect(keysOf(await list('to=2024-03-01'))).toEqual(['create']);
  });

  it('combines the filters', async () => {
    expect(keysOf(await list(`entity=user&entityId=${target.id}`))).toEqual(['rename', 'create']);
    expect(keysOf(await list(`actorId=${ada.id}&action=update&from=2024-03-03`))).toEqual(['cardUpdate']);
    expect(keysOf(await list(`actorId=${bob.id}&entity=gift-card&entityId=${card}&${march}`))).toEqual(['cardDelete']);
    expect(await list(`actorId=${bob.id}&action=create`)).toEqual({ rows: [], count: 0 });
  });

  it('pages, orders and counts', async () => {
    const page2 = await list(`${march}&limit=2&page=2`);
    expect(keysOf(page2)).toEqual(['cardDelete', 'rename']);
    expect(keysOf(await list(`${march}&limit=2&page=3`))).toEqual(['create']);
    expect(page2.count).toBe(5);
    expect(keysOf(await list(`${march}&order=asc&limit=2`))).toEqual(['create', 'rename']);
    expect(keysOf(await list(`${march}&sort=id&order=asc&limit=2&page=3`))).toEqual(['cardUpdate']);
    expect(await list(`${march}&limit=1&count=exact`)).toMatchObject({ count: 5 });
  });

  it('refuses a bad filter with 400 and its message', async () => {
    for (const [query, message] of [
      ['from=2024-02-30', auditMessages.dateInvalid],
      ['to=yesterday', auditMessages.dateInvalid],
      ['from=2024-03-02T10:00:00', auditMessages.dateInvalid],
      ['action=hack', auditMessages.actionInvalid],
      ['entity=planet', auditMessages.entityInvalid],
      ['actorId=abc', auditMessages.actorInvalid],
      ['from=2024-03-03&to=2024-03-02', auditMessages.rangeInvalid],
    ]) {
      const res = await t.app.inject({ url: `/api/audit?${query}`, headers: admin.headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toContain(message);
    }
  });

  it('is for administrators only', async () => {
    expect((await t.app.inject({ url: '/api/audit' })).statusCode).toBe(401);
    const walker = await loginAs(t, 'User');
    for (const url of ['/api/audit', `/api/audit/${ids.create}`, '/api/audit/export']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ url, headers: walker.headers })).statusCode, url).toBe(403);
    }
  });
});

describe('GET /api/audit/{id}', () => {
  it('answers one entry, and 404 with a message for an unknown one', async () => {
    const res = await t.app.inject({ url: `/api/audit/${ids.bulk}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json<OkEnvelope<AuditEntry>>().body).toMatchObject({
      id: ids.bulk,
      action: 'bulk-delete',
      entity: 'quiz',
      entityIds: [11, 12, 13],
      actorName: 'Bob Boss',
    });
    const missing = await t.app.inject({ url: '/api/audit/2000000000', headers: admin.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe(auditMessages.entryNotFound);
    expect((await t.app.inject({ url: '/api/audit/abc', headers: admin.headers })).statusCode).toBe(400);
  });
});

describe('GET /api/audit/export', () => {
  it('streams the filtered entries as CSV, changes as JSON text', async () => {
    const res = await t.app.inject({
      url: `/api/audit/export?entityId=${card}&page=2&limit=1`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    // jsonb's own text: keys by length then name, a space after each colon and comma.
    const changes = '{"storeName": {"after": "New Store", "before": "Old, \\"Store\\""}}';
    expect(res.body).toBe(
      '\uFEFFID,Time (UTC),Admin ID,Admin name,Admin email,Action,Record type,Record ID,Record IDs,Changes,Client address,User agent,Request ID\r\n' +
        `${ids.cardUpdate},2024-03-03 12:00:00,${ada.id},Ada Admin,${ada.email},update,gift-card,${card},,` +
        `"${changes.replaceAll('"', '""')}",,,\r\n` +
        `${ids.cardDelete},2024-03-02 23:30:00,${bob.id},Bob Boss,${bob.email},delete,gift-card,${card},,,,,\r\n`,
    );
  });
});
