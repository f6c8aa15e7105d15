import { undoHint } from '../../lib/undoable-delete';
import {
  audienceOptions,
  languageOptions,
  notificationStatusLabels,
  type Notification,
  type NotificationStatus,
  type notificationSortColumns,
} from '@strideadmin/contract';
import { Badge, type BadgeTone } from '../../components/badge';
import { ButtonLink } from '../../components/button-link';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { DataTableColumn } from '../../components/data-table';
import type { FilterField } from '../../components/filter-bar';
import { ListBody } from '../../components/list-body';
import { actionsColumn, fluidColumn, RowButton, TruncatedText } from '../../components/list-columns';
import { ExportButton } from '../../components/export-button';
import { PageHeader } from '../../components/page-header';
import { useDeleteConfirmation } from '../../lib/delete-confirmation';
import { formatDateTime, formatNumber, formatShortDate, formatTime } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { paths } from '../../lib/paths';
import { notificationDeletion } from './api/delete-notification';
import { notificationListParamsSchema, useNotifications } from './api/list-notifications';

type NotificationSort = (typeof notificationSortColumns)[number];

/** docs/behaviour.md §2 Search filters: notifications (title, message). */
const filterFields: readonly FilterField<'title' | 'message'>[] = [
  { name: 'title', label: 'Title', placeholder: 'Search by title' },
  { name: 'message', label: 'Message', placeholder: 'Search by message' },
];

const optionLabel = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((o) => o.value === value)?.label ?? value;

/**
 * /notification-list (docs/behaviour.md §11, §12): filters, sort and page in the URL; status and delivery
 * counts that move on their own while a notification is being sent; delete per row.
 */
export function NotificationListPage() {
  const list = useListParams(notificationListParamsSchema);
  const { params } = list;
  const notifications = useNotifications(params);
  const deletion = useDeleteConfirmation<Notification>(notificationDeletion);

  const columns: DataTableColumn<Notification, NotificationSort>[] = [
    {
      id: 'title',
      header: 'Title',
      sortKey: 'title',
      rowHeader: true,
      cell: (n) => (
        <span className="block max-w-48 truncate font-medium text-slate-900 dark:text-slate-100" title={n.title}>
          {n.title}
        </span>
      ),
    },
    {
      id: 'message',
      header: 'Message',
      optional: true,
      className: fluidColumn,
      // The full text on hover; the cell keeps one line.
      cell: (n) => <TruncatedText text={n.message} className="text-slate-600 dark:text-slate-400" />,
    },
    {
      id: 'language',
      header: 'Language',
      defaultHidden: true,
      cell: (n) => optionLabel(languageOptions, n.language),
    },
    {
      id: 'audience',
      header: 'Audience',
      optional: true,
      className: 'whitespace-nowrap',
      cell: (n) => optionLabel(audienceOptions, n.audience),
    },
    { id: 'sendAt', header: 'Send time', sortKey: 'sendAt', optional: true, cell: (n) => <When value={n.sendAt} /> },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      optional: true,
      cell: (n) => <StatusBadge status={n.status} />,
    },
    {
      id: 'delivered',
      header: 'Delivered',
      optional: true,
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
    // The send time is what matters; when it was written, on demand.
    {
      id: 'created',
      header: 'Created',
      sortKey: 'createdAt',
      defaultHidden: true,
      cell: (n) => <When value={n.createdAt} />,
    },
    actionsColumn((n) => <RowButton label="Delete" name={n.title} onClick={() => deletion.ask(n)} danger />),
  ];

  return (
    <section>
      <PageHeader
        title="Push Notifications"
        busy={notifications.isFetching && !notifications.isPending}
        actions={
          <>
            <ExportButton path="/notification" query={params} />
            <ButtonLink to={paths.addNotification}>Send Notification</ButtonLink>
          </>
        }
      />
      <ListBody
        list={list}
        query={notifications}
        filterLabel="Filter notifications"
        filterFields={filterFields}
        caption="Push Notifications"
        columns={columns}
        loadingLabel="Loading notifications"
        errorTitle="Could not load notifications"
        emptyTitle="No notifications found"
        filteredHint="No notification matches these filters. Try other words, or clear the filters."
        emptyAction={<ButtonLink to={paths.addNotification}>Send Notification</ButtonLink>}
        paginationLabel="Notification pages"
        columnsId="notifications"
        bulk={{ target: notificationDeletion, rowName: (n) => n.title }}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={`Delete notification ${deletion.target?.title ?? ''}?`}
        description={
          deletion.target?.status === 'queued'
            ? `It will not be sent. ${undoHint}`
            : `It will also disappear from its recipients' app inbox. ${undoHint}`
        }
      />
    </section>
  );
}

/** A time on two short lines (the table has many columns); the full date and time on hover. */
function When({ value }: { value: string }) {
  return (
    <time dateTime={value} title={formatDateTime(value)} className="block whitespace-nowrap">
      <span className="block">{formatShortDate(value)}</span>
      <span className="block text-xs text-slate-500 dark:text-slate-400">{formatTime(value)}</span>
    </time>
  );
}

const statusTones: Record<NotificationStatus, BadgeTone> = { queued: 'amber', sent: 'green', failed: 'red' };

/** Queued (amber), Sent (green) or Failed (red). */
function StatusBadge({ status }: { status: NotificationStatus }) {
  return <Badge tone={statusTones[status]}>{notificationStatusLabels[status]}</Badge>;
}
