import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { authUserOf } from '../../plugins/auth/index.js';
import { type AuditEntryInput, appendAuditEntry, auditClient, type AuditClient } from './service.js';

/**
 * Who makes a change and from where (docs/operations/audit-log.md): built once per request by
 * auditContextOf and handed to the service that makes the change, which records it with
 * recordAudit as the LAST statement of the change's own transaction: both commit, or neither.
 */
export interface AuditContext {
  actor: { id: number; name: string; email: string };
  client: AuditClient;
}

/** The signed-in administrator of `request` (authUserOf) and its client address, user agent and request id. */
export function auditContextOf(request: FastifyRequest): AuditContext {
  const user = authUserOf(request);
  return { actor: { id: user.id, name: user.name, email: user.email }, client: auditClient(request) };
}

/** What a service says about its change: the entry without its actor and client (the context's). */
export type AuditRecord = Omit<AuditEntryInput, 'actor' | 'client'>;

/** Appends the entry of a change `audit`'s actor made, in `tx`: the change's transaction, last. */
export async function recordAudit(tx: Db, audit: AuditContext, entry: AuditRecord): Promise<void> {
  await appendAuditEntry(tx, { ...entry, actor: audit.actor, client: audit.client });
}

/**
 * The entry of an export (GET /<list>/export): no entity id; the list's filters and order as sent
 * (page, limit and count aside: an export ignores them) in `changes.filters.after`.
 */
export async function recordExport(
  db: Db,
  audit: AuditContext,
  entity: string,
  query: Record<string, unknown>,
): Promise<void> {
  const { page: _page, limit: _limit, count: _count, ...filters } = query;
  await recordAudit(db, audit, { action: 'export', entity, changes: { filters: { before: null, after: filters } } });
}
