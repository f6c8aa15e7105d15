import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client.js';
import {
  appendAuditEntry,
  auditChanges,
  pruneAuditEntries,
  verifyAuditChain,
} from '../../../src/modules/audit/index.js';
import { openTestDatabase, type TestDatabase } from '../../helpers/test-database.js';

// The audit log's core on a real database (docs/operations/audit-log.md): appends chained by hash,
// the database refusing changes, verification naming the first broken entry, and retention.
let t: TestDatabase;
let database: Database;
beforeEach(async () => {
  t = await openTestDatabase();
  database = t.database;
});
afterEach(() => t.dispose());

interface Row {
  id: string | number;
  prev_hash: string;
  hash: string;
}

async function rows(): Promise<Row[]> {
  return (await database.query<Row>('select id, prev_hash, hash from audit_entries order by id')).rows;
}

function append(n: number) {
  return appendAuditEntry(database.db, {
    actor: { id: 7, name: 'Ada Admin', email: 'ada@example.com' },
    action: 'update',
    entity: 'gift-card',
    entityId: n,
    changes: { value: { before: n, after: n + 1 }, nested: { after: { z: 1, a: [2, { y: 1, b: 2 }] }, before: null } },
    client: { ip: '203.0.113.9', userAgent: 'test-agent', requestId: `req-${n}` },
  });
}

describe('appending', () => {
  it('chains each entry to the one before, starting from 64 zeros', async () => {
    for (let i = 1; i <= 3; i++) await append(i);
    const r = await rows();
    expect(r).toHaveLength(3);
    expect(r[0]!.prev_hash).toBe('0'.repeat(64));
    expect(r[1]!.prev_hash).toBe(r[0]!.hash);
    expect(r[2]!.prev_hash).toBe(r[1]!.hash);
    expect(r.every((e) => /^[0-9a-f]{64}$/.test(e.hash))).toBe(true);
    expect(await verifyAuditChain(database.db)).toEqual({ ok: true, entries: 3 });
  });

  it('keeps one chain when 20 transactions append at once', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        database.db.transaction(async (tx) => {
          await appendAuditEntry(tx, { actor: null, action: 'create', entity: 'quiz', entityId: i });
        }),
      ),
    );
    const r = await rows();
    expect(r).toHaveLength(20);
    expect(new Set(r.map((e) => e.prev_hash)).size).toBe(20);
    expect(await verifyAuditChain(database.db, { batch: 3 })).toEqual({ ok: true, entries: 20 });
  });

  it('commits with the change it records, or not at all', async () => {
    await append(1);
    await expect(
      database.db.transaction(async (tx) => {
        await appendAuditEntry(tx, { actor: null, action: 'delete', entity: 'user', entityId: 5 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await append(2);
    expect(await rows()).toHaveLength(2);
    expect(await verifyAuditChain(database.db)).toEqual({ ok: true, entries: 2 });
  });
});

describe('the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of audit entries, and any change of the anchor', async () => {
    await append(1);
    for (const statement of [
      "update audit_entries set action = 'create'",
      'delete from audit_entries',
      'truncate audit_entries',
      "insert into audit_anchor (id, last_id, last_hash) values (1, 1, 'x')",
    ]) {
      await expect(database.query(statement), statement).rejects.toThrow('audit entries are append-only');
    }
    expect(await rows()).toHaveLength(1);
    expect(await verifyAuditChain(database.db)).toEqual({ ok: true, entries: 1 });
  });
});

describe('verification', () => {
  const disable = 'alter table audit_entries disable trigger audit_entries_append_only';

  it('names the entry whose contents were changed', async () => {
    for (let i = 1; i <= 5; i++) await append(i);
    const third = (await rows())[2]!;
    await database.query(disable);
    await database.query(
      `update audit_entries set changes = '{"value":{"before":1,"after":1000}}' where id = ${third.id}`,
    );
    expect(await verifyAuditChain(database.db, { batch: 2 })).toEqual({
      ok: false,
      firstBroken: { id: Number(third.id), reason: 'its contents do not match its hash: it was changed' },
    });
  });

  it('names the entry after one that was removed', async () => {
    for (let i = 1; i <= 5; i++) await append(i);
    const [, second, third] = await rows();
    await database.query(disable);
    await database.query(`delete from audit_entries where id = ${second!.id}`);
    const r = await verifyAuditChain(database.db);
    expect(r).toEqual({
      ok: false,
      firstBroken: { id: Number(third!.id), reason: expect.stringMatching(/does not follow entry #\d+/) },
    });
  });

  it('finds a changed entry even when its own hash was recomputed: the next one no longer follows', async () => {
    for (let i = 1; i <= 3; i++) await append(i);
    const [first, second] = await rows();
    await database.query(disable);
    await database.query(`update audit_entries set hash = repeat('a', 64) where id = ${first!.id}`);
    const r = await verifyAuditChain(database.db);
    expect(r.ok).toBe(false);
    // The first entry's hash no longer matches its contents: it is named first.
    expect(r).toMatchObject({ firstBroken: { id: Number(first!.id) } });
    await database.query(`update audit_entries set hash = '${first!.hash}' where id = ${first!.id}`);
    await database.query(`update audit_entries set prev_hash = repeat('b', 64) where id = ${second!.id}`);
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: false, firstBroken: { id: Number(second!.id) } });
  });
});

describe('retention', () => {
  const day = 86_400_000;
  async function atOf(id: string | number): Promise<Date> {
    const { rows: r } = await database.query<{ at: string }>(
      `select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at from audit_entries where id = ${id}`,
    );
    return new Date(r[0]!.at);
  }

  it('removes whole ranges older than the cutoff and keeps the chain verifiable from its anchor', async () => {
    for (let i = 1; i <= 5; i++) await append(i);
    const fifth = (await rows())[4]!;
    await sleep(5);
    for (let i = 6; i <= 9; i++) await append(i);
    // Seven days after the fifth entry (plus 1 ms): the first five are older than 7 days.
    const now = new Date((await atOf(fifth.id)).getTime() + 7 * day + 1);
    expect(await pruneAuditEntries(database.db, now, 7, { batch: 2 })).toEqual({ removed: 5 });
    const left = await rows();
    expect(left).toHaveLength(4);
    expect(left[0]!.prev_hash).toBe(fifth.hash);
    const { rows: anchor } = await database.query<{ last_id: string | number; last_hash: string }>(
      'select last_id, last_hash from audit_anchor',
    );
    expect(anchor).toEqual([{ last_id: expect.anything(), last_hash: fifth.hash }]);
    expect(Number(anchor[0]!.last_id)).toBe(Number(fifth.id));
    expect(await verifyAuditChain(database.db)).toEqual({ ok: true, entries: 4 });
    // Nothing more to remove at the same time.
    expect(await pruneAuditEntries(database.db, now, 7)).toEqual({ removed: 0 });

    // Later: new entries chain on, and a second prune moves the anchor.
    await append(10);
    const ninth = left[3]!;
    await sleep(5);
    await append(11);
    const later = new Date((await atOf(ninth.id)).getTime() + 5);
    expect(await pruneAuditEntries(database.db, new Date(later.getTime() + 30 * day), 30)).toEqual({ removed: 4 });
    expect((await rows())[0]!.prev_hash).toBe(ninth.hash);
    expect(await verifyAuditChain(database.db)).toEqual({ ok: true, entries: 2 });

    // Everything old: the log is empty, and the next entry chains to the anchor.
    expect(await pruneAuditEntries(database.db, new Date(Date.now() + 400 * day), 1)).toEqual({ removed: 2 });
    expect(await verifyAuditChain(database.db)).toEqual({ ok: true, entries: 0 });
    await append(12);
    expect(await verifyAuditChain(database.db)).toEqual({ ok: true, entries: 1 });
  });

  it('is noticed when the first entry after the anchor is removed by other means', async () => {
    await append(1);
    await sleep(5);
    for (let i = 2; i <= 4; i++) await append(i);
    const [first, second, third] = await rows();
    const now = new Date((await atOf(first!.id)).getTime() + day + 1);
    expect(await pruneAuditEntries(database.db, now, 1)).toEqual({ removed: 1 });
    await database.query('alter table audit_entries disable trigger audit_entries_append_only');
    await database.query(`delete from audit_entries where id = ${second!.id}`);
    expect(await verifyAuditChain(database.db)).toEqual({
      ok: false,
      firstBroken: {
        id: Number(third!.id),
        reason: `it does not follow the retention anchor (entry #${first!.id}): an entry before it was removed or changed`,
      },
    });
  });
});

describe('auditChanges', () => {
  it('records only changed fields, never secrets, and masks what it is told to', () => {
    expect(
      auditChanges(
        { name: 'Ada', value: 10, code: 'ABCD-1234', passwordHash: 'old', pin: '1111', tags: ['a'] },
        { name: 'Ada', value: 20, code: 'WXYZ-9876', passwordHash: 'new', pin: '2222', tags: ['a'] },
        { secret: ['pin'], masked: ['code'] },
      ),
    ).toEqual({ code: { before: '••••1234', after: '••••9876' }, value: { before: 10, after: 20 } });
    expect(auditChanges(null, { name: 'New', token: 't', when: new Date('2026-01-02T03:04:05Z') })).toEqual({
      name: { before: null, after: 'New' },
      when: { before: null, after: '2026-01-02T03:04:05.000Z' },
    });
    expect(auditChanges({ a: { x: 1, y: 2 } }, { a: { y: 2, x: 1 } })).toBeNull();
    expect(auditChanges({ code: '12' }, { code: null }, { masked: ['code'] })).toEqual({
      code: { before: '••••', after: null },
    });
  });
});
