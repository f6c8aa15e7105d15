import { z } from '../zod.js';
import type { DropdownOption } from '../options.js';
import { listQueryBase, listResponse } from './common.js';
import { isIsoDateTime } from './gift-boxes.js';

/**
 * The audit log as the portal reads it (docs/operations/audit-log.md, docs/behaviour.md §13):
 * GET /audit (a page of entries, newest first), GET /audit/{id}, GET /audit/export.
 */

/** What an entry records (the server's appendAuditEntry writes only these). */
export const auditActions = [
  'create',
  'update',
  'delete',
  'bulk-delete',
  'bulk-import',
  'password-reset',
  'password-change',
  'notification-send',
  'giftbox-place',
  'role-change',
  'export',
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'coins-adjust',
  'erase',
] as const;
export type AuditActionName = (typeof auditActions)[number];

export const auditActionOptions = [
  { id: 1, label: 'Create', value: 'create' },
  { id: 2, label: 'Update', value: 'update' },
  { id: 3, label: 'Delete', value: 'delete' },
  { id: 4, label: 'Bulk delete', value: 'bulk-delete' },
  { id: 5, label: 'Bulk import', value: 'bulk-import' },
  { id: 6, label: 'Password reset', value: 'password-reset' },
  { id: 7, label: 'Own password changed', value: 'password-change' },
  { id: 8, label: 'Notification sent', value: 'notification-send' },
  { id: 9, label: 'Gift box placed', value: 'giftbox-place' },
  { id: 10, label: 'Role change', value: 'role-change' },
  { id: 11, label: 'Export', value: 'export' },
  { id: 12, label: 'Sign-in', value: 'sign-in' },
  { id: 13, label: 'Failed sign-in', value: 'sign-in-failed' },
  { id: 14, label: 'Sign-out', value: 'sign-out' },
  { id: 15, label: 'Coins adjusted', value: 'coins-adjust' },
  { id: 16, label: 'Account erased', value: 'erase' },
] as const satisfies ReadonlyArray<DropdownOption<AuditActionName>>;

/** What an entry's record is. */
export const auditEntities = [
  'user',
  'gift-card',
  'quiz',
  'gift-box-config',
  'gift-box',
  'notification',
  'complaint-query',
  'profile',
  'audit',
] as const;
export type AuditEntityName = (typeof auditEntities)[number];

export const auditEntityOptions = [
  { id: 1, label: 'User', value: 'user' },
  { id: 2, label: 'Gift card', value: 'gift-card' },
  { id: 3, label: 'Quiz', value: 'quiz' },
  { id: 4, label: 'Gift box config', value: 'gift-box-config' },
  { id: 5, label: 'Gift box', value: 'gift-box' },
  { id: 6, label: 'Notification', value: 'notification' },
  { id: 7, label: 'Complaint query', value: 'complaint-query' },
  { id: 8, label: 'Profile', value: 'profile' },
  { id: 9, label: 'Activity log', value: 'audit' },
] as const satisfies ReadonlyArray<DropdownOption<AuditEntityName>>;

export const auditMessages = {
  entryNotFound: 'Audit entry not found.',
  actionInvalid: 'Choose an action from the list.',
  entityInvalid: 'Choose a record type from the list.',
  dateInvalid: 'Enter a date (YYYY-MM-DD) or a date and time with its offset.',
  actorInvalid: 'The admin must be an account id.',
  rangeInvalid: "'From' must not be after 'to'.",
} as const;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** YYYY-MM-DD that exists. */
export function isIsoDay(s: string): boolean {
  if (!isoDay.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** A date (a whole UTC day) or a date-time with its offset. */
const dateOrDateTime = z
  .string({ error: auditMessages.dateInvalid })
  .trim()
  .refine((s) => isIsoDay(s) || isIsoDateTime(s), { message: auditMessages.dateInvalid })
  .optional();

/**
 * The bounds of a `from`/`to` filter as instants: `from` is the start of its day when a date,
 * `to` the start of the day after when a date (excluded: the whole day is in), else the moment
 * itself (included).
 */
export function auditRange(q: { from?: string; to?: string }): {
  from?: Date;
  to?: { at: Date; inclusive: boolean };
} {
  const from = q.from ? new Date(isIsoDay(q.from) ? `${q.from}T00:00:00Z` : q.from) : undefined;
  let to: { at: Date; inclusive: boolean } | undefined;
  if (q.to) {
    to = isIsoDay(q.to)
      ? { at: new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000), inclusive: false }
      : { at: new Date(q.to), inclusive: true };
  }
  return { from, to };
}

export const auditSortColumns = ['at', 'id'] as const;

/** GET /audit's fields (the portal's URL state extends these), without the rule between from and to. */
export const auditQueryObject = z.object({
  ...listQueryBase,
  /** Newest first is (at, id) descending whichever is chosen: ids grow with time. */
  sort: z.enum(auditSortColumns).default('at'),
  /** An account id, as text (the filter field's own value). */
  actorId: z
    .string({ error: auditMessages.actorInvalid })
    .trim()
    .regex(/^[1-9]\d{0,9}$/, { message: auditMessages.actorInvalid, abort: true })
    .refine((s) => Number(s) <= 2_147_483_647, auditMessages.actorInvalid)
    .optional(),
  action: z.enum(auditActions, { error: auditMessages.actionInvalid }).optional(),
  entity: z.enum(auditEntities, { error: auditMessages.entityInvalid }).optional(),
  entityId: z.string().trim().min(1).max(64).optional(),
  from: dateOrDateTime,
  to: dateOrDateTime,
});

/** GET /audit and GET /audit/export. */
export const listAuditQuerySchema = auditQueryObject.refine(
  (q) => {
    const { from, to } = auditRange(q);
    return !from || !to || (to.inclusive ? from.getTime() <= to.at.getTime() : from.getTime() < to.at.getTime());
  },
  { message: auditMessages.rangeInvalid, path: ['to'] },
);
/** What a client sends to GET /audit (every field may be left out). */
export type ListAuditQuery = Partial<z.output<typeof auditQueryObject>>;

const changeSchema = z.object({ before: z.unknown(), after: z.unknown() });

/**
 * One entry as the portal shows it. The hash chain (prev_hash, hash) is left out: it is for
 * `npm run audit:verify`, which checks the whole chain; one entry's hash tells a reader nothing.
 */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  entityIds: z.array(z.union([z.string(), z.number()])).nullable(),
  changes: z.record(z.string(), changeSchema).nullable(),
  clientIp: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = listResponse(auditEntrySchema);
