import type { AuditActionName } from '@strideadmin/contract';
import { createHash } from 'node:crypto';
import { asc, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { auditEntries } from '../../db/schema.js';

/**
 * The audit log (docs/operations/audit-log.md): append-only entries, each chained to the one
 * before by a SHA-256 hash, so that a changed or removed entry is found by verifyAuditChain.
 */

/** What happened: an administrator's change, an export, or a sign-in. */
/** What an entry records (the contract's list, which the Activity screen filters by). */
export type AuditAction = AuditActionName;

/** A changed field: its value before and after (masked or left out by auditChanges). */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export interface AuditEntryInput {
  /** Who did it: an account (id, name and e-mail as they are now), or null (e.g. an unknown e-mail). */
  actor: { id: number | null; name?: string | null; email?: string | null } | null;
  action: AuditAction;
  /** What it was done to ('user', 'gift-card', ...) and its id; a bulk action gives entityIds instead. */
  entity?: string | null;
  entityId?: string | number | null;
  entityIds?: Array<string | number> | null;
  changes?: AuditChanges | null;
  /** Where from (auditClient(request)). */
  client?: AuditClient;
}

/** The request an entry comes from: the client's address (as TRUST_PROXY sees it), user agent, request id. */
export interface AuditClient {
  ip?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
}

export function auditClient(request: FastifyRequest): AuditClient {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null, requestId: request.id };
}

/** The hash before the first entry (while retention has removed none). */
export const genesisHash = '0'.repeat(64);

/** pg_advisory_xact_lock key that serialises appends (and retention's deletes). */
const appendLock = 727_275;

/** The fields an entry's hash covers, as stored. */
export interface AuditHashed {
  id: number;
  at: Date;
  actorId: number | null;
  actorName: string | null;
  actorEmail: string | null;
  action: string;
  entity: string | null;
  entityId: string | null;
  entityIds: unknown;
  changes: unknown;
  clientIp: string | null;
  userAgent: string | null;
  requestId: string | null;
}

/** Objects with their keys sorted, at every depth (arrays keep their order). */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/** One text for an entry's fields, the same whichever driver read them (keys sorted at every depth). */
export function canonicalEntry(e: AuditHashed): string {
  return JSON.stringify(
    sortKeys({
      id: e.id,
      at: e.at.toISOString(),
      actorId: e.actorId,
      actorName: e.actorName,
      actorEmail: e.actorEmail,
      action: e.action,
      entity: e.entity,
      entityId: e.entityId,
      entityIds: e.entityIds ?? null,
      changes: e.changes ?? null,
      clientIp: e.clientIp,
      userAgent: e.userAgent,
      requestId: e.requestId,
    }),
  );
}

/** sha256 hex of the previous entry's hash, a line end, and the entry's canonical text. */
export function entryHash(prevHash: string, e: AuditHashed): string {
  return createHash('sha256')
    .update(`${prevHash}\n${canonicalEntry(e)}`)
    .digest('hex');
}

/** A JSON value as jsonb gives it back (Dates as ISO text, undefined dropped), or null. */
function asStored(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value)) as unknown;
}

function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}

/**
 * Appends one entry, chained to the last one. Pass the transaction of the change it records, so
 * that both commit or neither; appends are serialised by an advisory lock held until that
 * transaction ends (append last in a transaction, to hold it briefly). READ COMMITTED only: the
 * last entry must be read after the lock is taken.
 */
export async function appendAuditEntry(db: Db, entry: AuditEntryInput): Promise<{ id: number }> {
  // A savepoint inside the caller's transaction, or a transaction of its own when given the database.
  return await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${appendLock})`);
    const [head] = rowsOf<{ id: string | number; prev: string | null; iso: string }>(
      await tx.execute(sql`
        select nextval(pg_get_serial_sequence('audit_entries', 'id')) as id,
          coalesce((select hash from audit_entries order by id desc limit 1),
                   (select last_hash from audit_anchor where id = 1)) as prev,
          current_setting('transaction_isolation') as iso`),
    );
    if (!head) throw new Error('audit: no sequence value');
    if (head.iso !== 'read committed') {
      throw new Error(`audit entries are appended in READ COMMITTED transactions only (this one is ${head.iso})`);
    }
    const fields: AuditHashed = {
      id: Number(head.id),
      at: new Date(),
      actorId: entry.actor?.id ?? null,
      actorName: entry.actor?.name ?? null,
      actorEmail: entry.actor?.email ?? null,
      action: entry.action,
      entity: entry.entity ?? null,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      entityIds: asStored(entry.entityIds),
      changes: asStored(entry.changes),
      clientIp: entry.client?.ip ?? null,
      userAgent: entry.client?.userAgent ?? null,
      requestId: entry.client?.requestId ?? null,
    };
    const prevHash = head.prev ?? genesisHash;
    await tx.insert(auditEntries).values({ ...fields, prevHash, hash: entryHash(prevHash, fields) });
    return { id: fields.id };
  });
}

export type AuditVerification =
  { ok: true; entries: number } | { ok: false; firstBroken: { id: number; reason: string } };

/**
 * Walks the log in id order, `batch` entries at a time (flat memory at any size), from the
 * retention anchor if any: each entry must name the previous entry's hash and hash to its own.
 */
export async function verifyAuditChain(db: Db, opts: { batch?: number } = {}): Promise<AuditVerification> {
  const batch = opts.batch ?? 1000;
  const [anchor] = rowsOf<{ last_id: string | number; last_hash: string }>(
    await db.execute(sql`select last_id, last_hash from audit_anchor where id = 1`),
  );
  let expected = anchor?.last_hash ?? genesisHash;
  let previous: number | undefined = anchor ? Number(anchor.last_id) : undefined;
  let lastId = previous ?? 0;
  let count = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditEntries)
      .where(gt(auditEntries.id, lastId))
      .orderBy(asc(auditEntries.id))
      .limit(batch);
    for (const row of rows) {
      if (row.prevHash !== expected) {
        const before =
          previous === undefined
            ? 'the start of the log'
            : count === 0
              ? `the retention anchor (entry #${previous})`
              : `entry #${previous}`;
        return {
          ok: false,
          firstBroken: {
            id: row.id,
            reason: `it does not follow ${before}: an entry before it was removed or changed`,
          },
        };
      }
      if (entryHash(row.prevHash, row) !== row.hash) {
        return { ok: false, firstBroken: { id: row.id, reason: 'its contents do not match its hash: it was changed' } };
      }
      expected = row.hash;
      previous = row.id;
      count += 1;
    }
    if (rows.length < batch) break;
    lastId = rows[rows.length - 1]!.id;
  }
  return { ok: true, entries: count };
}

/**
 * Retention: removes the entries older than `days` days before `now`, as a whole range (every
 * entry up to the last one older than the cutoff), `batch` at a time, each batch in a transaction
 * that records the last removed entry's id and hash as the chain's new anchor.
 */
export async function pruneAuditEntries(
  db: Db,
  now: Date,
  days: number,
  opts: { batch?: number } = {},
): Promise<{ removed: number }> {
  const batch = opts.batch ?? 10_000;
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const [last] = rowsOf<{ id: string | number }>(
    await db.execute(
      sql`select id from audit_entries where at < ${cutoff.toISOString()}::timestamptz order by at desc, id desc limit 1`,
    ),
  );
  if (!last) return { removed: 0 };
  const through = Number(last.id);
  let removed = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${appendLock})`);
      const [end] = rowsOf<{ id: string | number }>(
        await tx.execute(
          sql`select id from audit_entries where id <= ${through} order by id offset ${batch - 1} limit 1`,
        ),
      );
      const upTo = end
        ? Number(end.id)
        : rowsOf<{ id: string | number | null }>(
            await tx.execute(sql`select max(id) as id from audit_entries where id <= ${through}`),
          )[0]?.id;
      if (upTo === null || upTo === undefined) return true;
      const [r] = rowsOf<{ n: string | number }>(
        await tx.execute(sql`select strideadmin_audit_prune(${Number(upTo)}) as n`),
      );
      removed += Number(r?.n ?? 0);
      return Number(upTo) >= through;
    });
    if (done) break;
  }
  return { removed };
}

/** Secret fields never recorded, whatever the caller says. */
const alwaysSecret = new Set(['password', 'passwordHash', 'password_hash', 'token', 'tokenHash', 'token_hash']);

function masked(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 4 ? `••••${text.slice(-4)}` : '••••';
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(asStored(a))) === JSON.stringify(sortKeys(asStored(b)));
}

/**
 * An entry's `changes`: the fields whose value differs between `before` and `after` (either may be
 * null: a create or a delete), { before, after } each. `secret` fields (and passwords, password
 * hashes and tokens always) are never recorded; `masked` ones keep only their last 4 characters
 * (a gift card's control code: '••••1234'). Null when nothing changed.
 */
export function auditChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  opts: { secret?: string[]; masked?: string[] } = {},
): AuditChanges | null {
  const secret = new Set([...alwaysSecret, ...(opts.secret ?? [])]);
  const mask = new Set(opts.masked ?? []);
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChanges = {};
  for (const key of [...keys].sort()) {
    if (secret.has(key)) continue;
    const b = before?.[key];
    const a = after?.[key];
    if (same(b, a)) continue;
    changes[key] = mask.has(key)
      ? { before: masked(b), after: masked(a) }
      : { before: asStored(b), after: asStored(a) };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** Retention at start and then daily, when AUDIT_RETENTION_DAYS is set; the function it gives stops it. */
export function startAuditRetention(opts: {
  db: Db;
  days: number;
  now?: () => Date;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  intervalMs?: number;
}): () => Promise<void> {
  const now = opts.now ?? (() => new Date());
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = pruneAuditEntries(opts.db, now(), opts.days)
      .then(({ removed }) => {
        if (removed > 0) opts.log.info({ removed, days: opts.days }, 'audit retention removed old entries');
      })
      .catch((err: unknown) => opts.log.error({ err }, 'audit retention failed'))
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, opts.intervalMs ?? 86_400_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
