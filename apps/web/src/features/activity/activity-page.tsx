import { useState } from 'react';
import { Link } from 'react-router';
import { auditActionOptions, auditEntityOptions, type AuditEntry, type auditSortColumns } from '@strideadmin/contract';
import type { DataTableColumn } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import type { FilterField } from '../../components/filter-bar';
import { ListBody } from '../../components/list-body';
import { actionsColumn, fluidColumn, RowButton } from '../../components/list-columns';
import { PageHeader } from '../../components/page-header';
import { auditActionLabel, auditEntityLabel, auditRecordHref, auditServerQuery } from '../../lib/audit';
import { formatDateTime } from '../../lib/format';
import { useListParams, type ListFilters } from '../../lib/list-params';
import { activityListParamsSchema, useAuditEntries, type ActivityListParams } from './api/list-audit-entries';
import { EntryDetailsDialog } from './entry-details-dialog';

type ActivitySort = (typeof auditSortColumns)[number];
type ActivityFilterName = keyof ListFilters<ActivityListParams>;

const filterFields: readonly FilterField<ActivityFilterName>[] = [
  { name: 'actorId', label: 'Admin ID', placeholder: 'Account id', inputMode: 'numeric' },
  { name: 'action', label: 'Action', type: 'select', options: auditActionOptions },
  { name: 'entity', label: 'Record type', type: 'select', options: auditEntityOptions },
  { name: 'entityId', label: 'Record ID', placeholder: 'Record id' },
  { name: 'from', label: 'From', type: 'date' },
  { name: 'to', label: 'To', type: 'date' },
];

const entryName = (e: AuditEntry) => `${auditActionLabel(e.action)} #${e.id}`;

/**
 * /activity (docs/behaviour.md §13): the audit log, newest first, filtered by admin, action, record
 * and days, in the URL; Details per entry; Export. No selection or delete: the log is append-only.
 */
export function ActivityPage() {
  const list = useListParams(activityListParamsSchema);
  const { params } = list;
  const entries = useAuditEntries(params);
  const [viewing, setViewing] = useState<AuditEntry | null>(null);

  const columns: DataTableColumn<AuditEntry, ActivitySort>[] = [
    {
      id: 'time',
      header: 'Time',
      sortKey: 'at',
      rowHeader: true,
      className: 'whitespace-nowrap',
      cell: (e) => <time dateTime={e.at}>{formatDateTime(e.at)}</time>,
    },
    {
      id: 'admin',
      header: 'Admin',
      optional: true,
      className: fluidColumn,
      cell: (e) => (
        <div className="min-w-24">
          <div className="truncate font-medium text-slate-900 dark:text-slate-100">
            {e.actorName ?? (e.actorId === null ? 'Unknown' : `#${e.actorId}`)}
          </div>
          {e.actorEmail && <div className="truncate text-xs text-slate-500 dark:text-slate-400">{e.actorEmail}</div>}
        </div>
      ),
    },
    { id: 'action', header: 'Action', optional: true, cell: (e) => auditActionLabel(e.action) },
    {
      id: 'record',
      header: 'Record',
      optional: true,
      cell: (e) => {
        const label = auditEntityLabel(e.entity);
        if (e.entityIds && e.entityIds.length > 0) return `${label} × ${e.entityIds.length}`;
        if (e.entityId === null) return label;
        const href = auditRecordHref(e.entity, e.entityId);
        return href ? (
          <Link
            to={href}
            className="text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-400"
          >
            {label} #{e.entityId}
          </Link>
        ) : (
          `${label} #${e.entityId}`
        );
      },
    },
    { id: 'client', header: 'Client address', optional: true, cell: (e) => e.clientIp ?? '—' },
    actionsColumn((e) => <RowButton label="Details" name={entryName(e)} onClick={() => setViewing(e)} />),
  ];

  return (
    <section>
      <PageHeader
        title="Activity"
        description="What administrators did, and when: every change, export and sign-in, newest first."
        busy={entries.isFetching && !entries.isPending}
        actions={<ExportButton path="/audit" query={auditServerQuery(params)} />}
      />
      <ListBody
        list={list}
        query={entries}
        filterLabel="Filter activity"
        filterFields={filterFields}
        caption="Activity"
        columns={columns}
        onRowClick={(e) => setViewing(e)}
        loadingLabel="Loading activity"
        errorTitle="Could not load the activity"
        emptyTitle="No activity found"
        filteredHint="No entry matches these filters. Try others, or clear the filters."
        emptyHint="Changes, exports and sign-ins will appear here."
        paginationLabel="Activity pages"
        columnsId="activity"
      />
      <EntryDetailsDialog entry={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}
