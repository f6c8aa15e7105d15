import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  defaultQuerySource,
  limits,
  messages,
  yesNoOptions,
  type ComplaintQuery,
  type complaintQuerySortColumns,
} from '@strideadmin/contract';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { FilterBar, type FilterField, type FilterValues } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { Pagination, pageCount } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { formatDateTime, yesNo } from '../../lib/format';
import { useListParams, type ListFilters } from '../../lib/list-params';
import { hrefs, paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useDeleteComplaintQuery } from './api/delete-complaint-query';
import {
  complaintQueryListParamsSchema,
  useComplaintQueries,
  type ComplaintQueryListParams,
} from './api/list-complaint-queries';

type ComplaintQuerySort = (typeof complaintQuerySortColumns)[number];
type ComplaintQueryFilterName = keyof ListFilters<ComplaintQueryListParams>;

/** spec §2 Search filters: queries (title) and the Yes/No select isRead. */
const filterFields: readonly FilterField<ComplaintQueryFilterName>[] = [
  { name: 'title', label: 'Title', placeholder: 'Search by title' },
  { name: 'isRead', label: 'Is Read', type: 'select', options: yesNoOptions },
];

/** The sender as the list shows them; the account may have been deleted since. */
function sender(q: ComplaintQuery) {
  return q.User ? { name: q.User.name, email: q.User.email } : null;
}

/**
 * /query-list (PRODUCT.md §5): filters, sort and page in the URL; unread queries stand out;
 * view (which marks a query read, spec §4) and delete per row.
 */
export function QueryListPage() {
  const list = useListParams(complaintQueryListParamsSchema);
  const { params } = list;
  const queries = useComplaintQueries(params);
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<ComplaintQuery | null>(null);
  const deleteQuery = useDeleteComplaintQuery();

  // A page past the end (the last row of the last page was deleted, or an old link): go to the last one.
  const data = queries.isPlaceholderData ? undefined : queries.data;
  const { setPage } = list;
  useEffect(() => {
    if (data && data.rows.length === 0 && data.count > 0 && params.page > 1)
      setPage(pageCount(data.count, params.limit), { replace: true });
  }, [data, params.page, params.limit, setPage]);

  const detailsHref = (q: ComplaintQuery) => hrefs.withId(paths.queryDetails, q.id);

  const columns: DataTableColumn<ComplaintQuery, ComplaintQuerySort>[] = [
    {
      id: 'title',
      header: 'Title',
      sortKey: 'title',
      rowHeader: true,
      className: 'max-w-xs',
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
            className={`truncate hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:text-indigo-400 ${
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
      cell: (q) => {
        const who = sender(q);
        if (!who) return <span className="text-slate-500 italic dark:text-slate-400">Deleted user</span>;
        return (
          <div className="min-w-0">
            <div className="truncate font-medium text-slate-900 dark:text-slate-100">{who.name}</div>
            <div className="truncate text-xs text-slate-500 dark:text-slate-400">{who.email}</div>
          </div>
        );
      },
    },
    { id: 'source', header: 'Source', cell: (q) => q.source || defaultQuerySource },
    { id: 'isRead', header: 'Is Read', sortKey: 'isRead', cell: (q) => yesNo(q.isRead) },
    {
      id: 'received',
      header: 'Received',
      sortKey: 'createdAt',
      className: 'whitespace-nowrap',
      cell: (q) => <time dateTime={q.createdAt}>{formatDateTime(q.createdAt)}</time>,
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (q) => (
        <div className="flex justify-end gap-1">
          <Link
            to={detailsHref(q)}
            aria-label={`View ${q.title}`}
            className="rounded-md px-2 py-1 text-sm font-medium text-indigo-600 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-400 dark:hover:bg-slate-800"
          >
            View
          </Link>
          <button
            type="button"
            onClick={() => setToDelete(q)}
            aria-label={`Delete ${q.title}`}
            className="rounded-md px-2 py-1 text-sm font-medium text-red-600 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 dark:text-red-400 dark:hover:bg-red-950"
          >
            Delete
          </button>
        </div>
      ),
    },
  ];

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteQuery.mutate(toDelete.id, {
      onSuccess: (res) => toast.success(res.message ?? messages.queryDeleted),
      // A failure is toasted by the query client's policy (spec §8).
      onSettled: () => setToDelete(null),
    });
  };

  const deletingFrom = toDelete ? sender(toDelete) : null;

  return (
    <section>
      <PageHeader
        title="Complaint Queries"
        description="Questions and complaints sent from the app."
        actions={queries.isFetching && !queries.isPending && <Spinner className="size-5 self-center text-slate-400" />}
      />
      <FilterBar
        label="Filter complaint queries"
        fields={filterFields}
        values={list.filters}
        // The Is Read select offers only yesNoOptions' values ('true', 'false'); the URL schema
        // drops anything else.
        onApply={(v: FilterValues<ComplaintQueryFilterName>) => list.setFilters(v as Partial<typeof list.filters>)}
        onClear={list.clearFilters}
      />
      <DataTable
        caption="Complaint Queries"
        columns={columns}
        rows={queries.data?.rows}
        rowKey={(q) => q.id}
        sort={{ column: params.sort, order: params.order }}
        onSortChange={list.toggleSort}
        isLoading={queries.isPending}
        isFetching={queries.isPlaceholderData}
        skeletonRows={Math.min(params.limit, 10)}
        loadingLabel="Loading complaint queries"
        onRowClick={(q) => void navigate(detailsHref(q))}
        error={
          // A failed background refetch keeps the rows on screen (the toast tells); no rows: the error state.
          queries.isError &&
          !queries.data && (
            <ErrorState
              title="Could not load complaint queries"
              message={queries.error.message}
              onRetry={() => void queries.refetch()}
              retrying={queries.isFetching}
            />
          )
        }
        empty={
          <EmptyState
            title="No complaint queries found"
            hint={
              list.isFiltered
                ? 'No complaint query matches these filters. Try other words, or clear the filters.'
                : 'Queries that app users send will appear here.'
            }
            action={
              list.isFiltered && (
                <Button variant="secondary" onClick={list.clearFilters}>
                  Clear filters
                </Button>
              )
            }
          />
        }
      />
      {queries.data && queries.data.count > 0 && (
        <Pagination
          label="Complaint query pages"
          page={params.page}
          pageSize={params.limit}
          count={queries.data.count}
          onPageChange={list.setPage}
          pageSizes={limits.listPageSizes}
          onPageSizeChange={(n) => list.setPageSize(n as typeof params.limit)}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete complaint query ${toDelete?.title ?? ''}?`}
        description={
          toDelete
            ? `The query${deletingFrom ? ` from ${deletingFrom.name}` : ''} will be deleted. This cannot be undone.`
            : undefined
        }
        pending={deleteQuery.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
