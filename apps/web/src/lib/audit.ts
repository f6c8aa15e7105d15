import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type AuditEntry,
  auditActionOptions,
  auditEntityOptions,
  isIsoDay,
  type ListAuditQuery,
  type ListResponse,
} from '@strideadmin/contract';
import { api } from './api-client';
import { hrefs, paths } from './paths';
import { shownInPlace } from './query-client';

/**
 * The audit log as the portal reads it (docs/behaviour.md §13): GET /audit, its query keys, and
 * how an entry reads (labels, values, the record's screen). Here rather than in a feature: the
 * Activity screen and the History panels of other screens use it.
 */

export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (q: ListAuditQuery) => [...auditKeys.lists(), q] as const,
};

/** A local calendar day's first or last millisecond, as the server reads a moment. */
function localDayEdge(day: string, edge: 'start' | 'end'): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const start = new Date(y, m - 1, d);
  return edge === 'start' ? start.toISOString() : new Date(new Date(y, m - 1, d + 1).getTime() - 1).toISOString();
}

/** The portal's dates (YYYY-MM-DD, the admin's own days) as moments: `to` takes in its whole day. */
export function auditServerQuery(q: ListAuditQuery): ListAuditQuery {
  return {
    ...q,
    from: q.from && isIsoDay(q.from) ? localDayEdge(q.from, 'start') : q.from,
    to: q.to && isIsoDay(q.to) ? localDayEdge(q.to, 'end') : q.to,
  };
}

export const listAuditEntries = (q: ListAuditQuery, signal?: AbortSignal) =>
  api<ListResponse<AuditEntry>>('/audit', { query: auditServerQuery(q), signal }).then((r) => r.body);

export const auditEntriesQueryOptions = (q: ListAuditQuery) =>
  queryOptions({
    queryKey: auditKeys.list(q),
    queryFn: ({ signal }) => listAuditEntries(q, signal),
    meta: shownInPlace,
    placeholderData: keepPreviousData,
  });

export function auditActionLabel(action: string): string {
  return auditActionOptions.find((o) => o.value === action)?.label ?? action;
}

export function auditEntityLabel(entity: string | null): string {
  if (entity === null) return '—';
  return auditEntityOptions.find((o) => o.value === entity)?.label ?? entity;
}

/** The screen of an entry's record, where the portal has one. */
const recordScreens: Record<string, string> = {
  user: paths.userDetails,
  'gift-card': paths.updateCard,
  quiz: paths.updateQuiz,
  'gift-box-config': paths.updateBox,
  'complaint-query': paths.queryDetails,
};

export function auditRecordHref(entity: string | null, id: string | null): string | null {
  const screen = entity ? recordScreens[entity] : undefined;
  return screen && id ? hrefs.withId(screen, id) : null;
}

/** A before or after value as text: empty as "—", text as is, anything else as JSON. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The changed fields of an entry, in the order stored. */
export function auditChangeRows(entry: Pick<AuditEntry, 'changes'>) {
  return Object.entries(entry.changes ?? {}).map(([field, c]) => ({
    field,
    before: auditValue(c.before),
    after: auditValue(c.after),
  }));
}
