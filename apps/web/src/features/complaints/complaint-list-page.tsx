import { undoHint } from '../../lib/undoable-delete';
import { Link, useNavigate } from 'react-router';
import {
  defaultQuerySource,
  yesNoOptions,
  type ComplaintQuery,
  type complaintQuerySortColumns,
} from '@strideadmin/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { DataTableColumn } from '../../components/data-table';
import type { FilterField } from '../../components/filter-bar';
import { ListBody } from '../../components/list-body';
import { actionsColumn, fluidColumn, RowButton, RowLink } from '../../components/list-columns';
import { ExportButton } from '../../components/export-button';
import { PageHeader } from '../../components/page-header';
import { useDeleteConfirmation } from '../../lib/delete-confirmation';
import { formatDateTime, yesNo } from '../../lib/format';
import { useListParams, type ListFilters } from '../../lib/list-params';
import { hrefs, paths } from '../../lib/paths';
import { complaintQueryDeletion } from './api/delete-complaint-query';
import {
  complaintQueryListParamsSchema,
  useComplaintQueries,
  type ComplaintQueryListParams,
} from './api/list-complaint-queries';

type ComplaintQuerySort = (typeof complaintQuerySortColumns)[number];
type ComplaintQueryFilterName = keyof ListFilters<ComplaintQueryListParams>;

/** docs/behaviour.md §2 Search filters: queries (title) and the Yes/No select isRead. */
const filterFields: readonly FilterField<ComplaintQueryFilterName>[] = [
  { name: 'title', label: 'Title', placeholder: 'Search by title' },
  { name: 'isRead', label: 'Is Read', type: 'select', options: yesNoOptions },
];

/** The sender as the list shows them; the account may have been deleted since. */
function sender(q: ComplaintQuery) {
  return q.User ? { name: q.User.name, email: q.User.email } : null;
}

/**
 * /query-list (docs/behaviour.md §12): filters, sort and page in the URL; unread queries stand out;
 * view (which marks a query read, docs/behaviour.md §4) and delete per row.
 */
export function ComplaintListPage() {
  const list = useListParams(complaintQueryListParamsSchema);
  const { params } = list;
  const queries = useComplaintQueries(params);
  const navigate = useNavigate();
  const deletion = useDeleteConfirmation<ComplaintQuery>(complaintQueryDeletion);

  const detailsHref = (q: ComplaintQuery) => hrefs.withId(paths.queryDetails, q.id);

  const columns: DataTableColumn<ComplaintQuery, ComplaintQuerySort>[] = [
    {
      id: 'title',
      header: 'Title',
      sortKey: 'title',
      rowHeader: true,
      cell: (q) => (
        <div className="flex items-center gap-2">
          {/* Unread: a dot, a bold title and, for assistive technology, the word itself. */}
          <span
            aria-hidden="true"
            className={`size-2 shrink-0 rounded-full ${q.isRead ? 'bg-transparent' : 'bg-indigo-600 dark:bg-indigo-400'}`}
          />
          <Link
            to={detailsHref(q)}
            data-unread={q.isRead ? undefined : ''}
            className={`block max-w-56 truncate hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:text-indigo-400 ${
              q.isRead
                ? 'font-normal text-slate-700 dark:text-slate-300'
                : 'font-semibold text-slate-900 dark:text-slate-100'
            }`}
            title={q.title}
          >
            {q.title}
          </Link>
          {/* The space keeps "Unread" a word of its own when the cell is read out. */}
          {!q.isRead && (
            <>
              {' '}
              <span className="sr-only">Unread</span>
            </>
          )}
        </div>
      ),
    },
    {
      id: 'user',
      header: 'User',
      optional: true,
      className: fluidColumn,
      cell: (q) => {
        const who = sender(q);
        if (!who) return <span className="text-slate-500 italic dark:text-slate-400">Deleted user</span>;
        return (
          <div className="min-w-24">
            <div className="truncate font-medium text-slate-900 dark:text-slate-100">{who.name}</div>
            <div className="truncate text-xs text-slate-500 dark:text-slate-400">{who.email}</div>
          </div>
        );
      },
    },
    { id: 'source', header: 'Source', optional: true, cell: (q) => q.source || defaultQuerySource },
    { id: 'isRead', header: 'Is Read', sortKey: 'isRead', optional: true, cell: (q) => yesNo(q.isRead) },
    {
      id: 'received',
      header: 'Received',
      optional: true,
      sortKey: 'createdAt',
      className: 'whitespace-nowrap',
      cell: (q) => <time dateTime={q.createdAt}>{formatDateTime(q.createdAt)}</time>,
    },
    actionsColumn((q) => (
      <>
        <RowLink to={detailsHref(q)} label="View" name={q.title} />
        <RowButton label="Delete" name={q.title} onClick={() => deletion.ask(q)} danger />
      </>
    )),
  ];

  const deletingFrom = deletion.target ? sender(deletion.target) : null;

  return (
    <section>
      <PageHeader
        title="Complaint Queries"
        description="Questions and complaints sent from the app."
        busy={queries.isFetching && !queries.isPending}
        actions={<ExportButton path="/message" query={params} />}
      />
      <ListBody
        list={list}
        query={queries}
        filterLabel="Filter complaint queries"
        filterFields={filterFields}
        caption="Complaint Queries"
        columns={columns}
        onRowClick={(q) => void navigate(detailsHref(q))}
        loadingLabel="Loading complaint queries"
        errorTitle="Could not load complaint queries"
        emptyTitle="No complaint queries found"
        filteredHint="No complaint query matches these filters. Try other words, or clear the filters."
        emptyHint="Queries that app users send will appear here."
        paginationLabel="Complaint query pages"
        columnsId="complaintQueries"
        bulk={{ target: complaintQueryDeletion, rowName: (q) => q.title }}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={`Delete complaint query ${deletion.target?.title ?? ''}?`}
        description={
          deletion.target
            ? `The query${deletingFrom ? ` from ${deletingFrom.name}` : ''} will be deleted. ${undoHint}`
            : undefined
        }
      />
    </section>
  );
}
