import { useEffect, useState } from 'react';
import {
  audienceOptions,
  languageOptions,
  limits,
  messages,
  notificationStatusLabels,
  type Notification,
  type NotificationStatus,
  type notificationSortColumns,
} from '@strideadmin/contract';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { FilterBar, type FilterField } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { Pagination, pageCount } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useDeleteNotification } from './api/delete-notification';
import { notificationListParamsSchema, useNotifications } from './api/list-notifications';

type NotificationSort = (typeof notificationSortColumns)[number];

/** spec §2 Search filters: notifications (title, message). */
const filterFields: readonly FilterField<'title' | 'message'>[] = [
  { name: 'title', label: 'Title', placeholder: 'Search by title' },
  { name: 'message', label: 'Message', placeholder: 'Search by message' },
];

const optionLabel = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((o) => o.value === value)?.label ?? value;

/**
 * /notification-list (PRODUCT.md §4, §5): filters, sort and page in the URL; status and delivery
 * counts that move on their own while a notification is being sent; delete per row.
 */
export function NotificationListPage() {
  const list = useListParams(notificationListParamsSchema);
  const { params } = list;
  const notifications = useNotifications(params);
  const [toDelete, setToDelete] = useState<Notification | null>(null);
  const deleteNotification = useDeleteNotification();

  // A page past the end (the last row of the last page was deleted, or an old link): go to the last one.
  const data = notifications.isPlaceholderData ? undefined : notifications.data;
  const { setPage } = list;
  useEffect(() => {
    if (data && data.rows.length === 0 && data.count > 0 && params.page > 1)
      setPage(pageCount(data.count, params.limit), { replace: true });
  }, [data, params.page, params.limit, setPage]);

  const columns: DataTableColumn<Notification, NotificationSort>[] = [
    {
      id: 'title',
      header: 'Title',
      sortKey: 'title',
      rowHeader: true,
      className: 'max-w-[14rem]',
      cell: (n) => (
        <span className="block truncate font-medium text-slate-900 dark:text-slate-100" title={n.title}>
          {n.title}
        </span>
      ),
    },
    {
      id: 'message',
      header: 'Message',
      className: 'max-w-xs',
      // The full text on hover; the cell keeps one line.
      cell: (n) => (
        <span className="block truncate text-slate-600 dark:text-slate-400" title={n.message}>
          {n.message}
        </span>
      ),
    },
    { id: 'language', header: 'Language', cell: (n) => optionLabel(languageOptions, n.language) },
    {
      id: 'audience',
      header: 'Audience',
      className: 'whitespace-nowrap',
      cell: (n) => optionLabel(audienceOptions, n.audience),
    },
    { id: 'sendAt', header: 'Send time', sortKey: 'sendAt', cell: (n) => <When value={n.sendAt} /> },
    { id: 'status', header: 'Status', sortKey: 'status', cell: (n) => <StatusBadge status={n.status} /> },
    {
      id: 'delivered',
      header: 'Delivered',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (n) => (
        <>
          <span>
            {formatNumber(n.deliveredCount)} / {formatNumber(n.recipientCount)}
          </span>
          {n.failedCount > 0 && (
            <span className="block text-xs text-red-600 dark:text-red-400">{formatNumber(n.failedCount)} failed</span>
          )}
        </>
      ),
    },
    { id: 'created', header: 'Created', sortKey: 'createdAt', cell: (n) => <When value={n.createdAt} /> },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (n) => (
        <button
          type="button"
          onClick={() => setToDelete(n)}
          aria-label={`Delete ${n.title}`}
          className="rounded-md px-2 py-1 text-sm font-medium text-red-600 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 dark:text-red-400 dark:hover:bg-red-950"
        >
          Delete
        </button>
      ),
    },
  ];

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteNotification.mutate(toDelete.id, {
      onSuccess: (res) => toast.success(res.message ?? messages.notificationDeleted),
      // A failure is toasted by the query client's policy (spec §8).
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <section>
      <PageHeader
        title="Push Notifications"
        actions={
          <>
            {notifications.isFetching && !notifications.isPending && (
              <Spinner className="size-5 self-center text-slate-400" />
            )}
            <ButtonLink to={paths.addNotification}>Send Notification</ButtonLink>
          </>
        }
      />
      <FilterBar
        label="Filter notifications"
        fields={filterFields}
        values={list.filters}
        onApply={list.setFilters}
        onClear={list.clearFilters}
      />
      <DataTable
        caption="Push Notifications"
        columns={columns}
        rows={notifications.data?.rows}
        rowKey={(n) => n.id}
        sort={{ column: params.sort, order: params.order }}
        onSortChange={list.toggleSort}
        isLoading={notifications.isPending}
        isFetching={notifications.isPlaceholderData}
        skeletonRows={Math.min(params.limit, 10)}
        loadingLabel="Loading notifications"
        error={
          // A failed background refetch keeps the rows on screen (the toast tells); no rows: the error state.
          notifications.isError &&
          !notifications.data && (
            <ErrorState
              title="Could not load notifications"
              message={notifications.error.message}
              onRetry={() => void notifications.refetch()}
              retrying={notifications.isFetching}
            />
          )
        }
        empty={
          <EmptyState
            title="No notifications found"
            hint={
              list.isFiltered
                ? 'No notification matches these filters. Try other words, or clear the filters.'
                : undefined
            }
            action={
              list.isFiltered ? (
                <Button variant="secondary" onClick={list.clearFilters}>
                  Clear filters
                </Button>
              ) : (
                <ButtonLink to={paths.addNotification}>Send Notification</ButtonLink>
              )
            }
          />
        }
      />
      {notifications.data && notifications.data.count > 0 && (
        <Pagination
          label="Notification pages"
          page={params.page}
          pageSize={params.limit}
          count={notifications.data.count}
          onPageChange={list.setPage}
          pageSizes={limits.listPageSizes}
          onPageSizeChange={(n) => list.setPageSize(n as typeof params.limit)}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete notification ${toDelete?.title ?? ''}?`}
        description={
          toDelete?.status === 'queued'
            ? 'It will not be sent. This cannot be undone.'
            : "It will also disappear from its recipients' app inbox. This cannot be undone."
        }
        pending={deleteNotification.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

/** A time on two short lines (the table has many columns); the full date and time on hover. */
function When({ value }: { value: string }) {
  const d = new Date(value);
  return (
    <time dateTime={value} title={formatDateTime(value)} className="block whitespace-nowrap">
      <span className="block">
        {d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })}
      </span>
      <span className="block text-xs text-slate-500 dark:text-slate-400">
        {d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}
      </span>
    </time>
  );
}

const statusStyles: Record<NotificationStatus, string> = {
  queued: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-400/30',
  sent: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-400/30',
  failed: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-950 dark:text-red-300 dark:ring-red-400/30',
};

/** Queued (amber), Sent (green) or Failed (red). */
function StatusBadge({ status }: { status: NotificationStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${statusStyles[status]}`}
    >
      {notificationStatusLabels[status]}
    </span>
  );
}
