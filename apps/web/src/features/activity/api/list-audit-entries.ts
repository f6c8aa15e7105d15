import { useQuery } from '@tanstack/react-query';
import { auditQueryObject } from '@strideadmin/contract';
import type { z } from 'zod';
import { auditEntriesQueryOptions } from '../../../lib/audit';
import { pageSizeParam } from '../../../lib/list-params';

/**
 * /activity's URL state: the contract's GET /audit query (so the URL says exactly what the server
 * accepts), with the page size limited to the choices the screen offers. `from` and `to` are the
 * admin's own days (lib/audit turns them into moments).
 */
export const activityListParamsSchema = auditQueryObject.extend({ limit: pageSizeParam });
export type ActivityListParams = z.output<typeof activityListParamsSchema>;

/** GET /audit (docs/behaviour.md §13): one page of the audit log, newest first, and the count. */
export function useAuditEntries(params: ActivityListParams) {
  return useQuery(auditEntriesQueryOptions(params));
}
