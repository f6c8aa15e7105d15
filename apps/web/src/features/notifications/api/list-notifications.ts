import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listNotificationsQuerySchema, type ListResponse, type Notification } from '@strideadmin/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { pageSizeParam } from '../../../lib/list-params';
import { notificationKeys } from './keys';
import { shownInPlace } from '../../../lib/query-client';

/**
 * /notification-list's URL state: the contract's GET /notification query (so the URL says exactly
 * what the server accepts), with the page size limited to the choices the screen offers.
 */
export const notificationListParamsSchema = listNotificationsQuerySchema.extend({ limit: pageSizeParam });
export type NotificationListParams = z.output<typeof notificationListParamsSchema>;

/** While a queued notification is due, the list looks again this often (the worker is at it). */
export const queuedPollMs = 3_000;
/** A scheduled one is looked at no later than this before its time, and then as it comes due. */
const scheduledPollMaxMs = 60_000;

/**
 * How soon the list should refetch so statuses and counts move without a reload: every few seconds
 * while a queued notification on the page is due, when the next scheduled one comes due (at most a
 * minute away), never when nothing on the page is queued.
 */
export function notificationPollInterval(rows: readonly Notification[] | undefined, now = Date.now()): number | false {
  const queued = (rows ?? []).filter((n) => n.status === 'queued');
  if (queued.length === 0) return false;
  const nextDue = Math.min(...queued.map((n) => Date.parse(n.sendAt) || now));
  return Math.min(Math.max(nextDue - now, queuedPollMs), scheduledPollMaxMs);
}

/** GET /notification (docs/behaviour.md §10): one page of notifications, filtered by title and message (contains). */
export const listNotifications = (params: NotificationListParams, signal?: AbortSignal) =>
  api<ListResponse<Notification>>('/notification', { query: params, signal }).then((r) => r.body);

export const listNotificationsQueryOptions = (params: NotificationListParams) =>
  queryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) => listNotifications(params, signal),
    meta: shownInPlace,
    // The page on screen stays while the next one loads (no flash of an empty table).
    placeholderData: keepPreviousData,
    refetchInterval: (query) => notificationPollInterval(query.state.data?.rows),
  });

export function useNotifications(params: NotificationListParams) {
  return useQuery(listNotificationsQueryOptions(params));
}
