import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { limits, messages, type UserListItem, type userSortColumns } from '@strideadmin/contract';
import { Avatar } from '../../components/avatar';
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
import { formatDate, formatNumber } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { hrefs, paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useDeleteUser } from './api/delete-user';
import { userListParamsSchema, useUsers } from './api/list-users';

type UserSort = (typeof userSortColumns)[number];

/** spec §2 Search filters: users (name, email). */
const filterFields: readonly FilterField<'name' | 'email'>[] = [
  { name: 'name', label: 'Name', placeholder: 'Search by name' },
  { name: 'email', label: 'Email', placeholder: 'Search by email', inputMode: 'email' },
];

/** /user-list (PRODUCT.md §5): filters, sort and page in the URL; view, edit and delete per row. */
export function UserListPage() {
  const list = useListParams(userListParamsSchema);
  const { params } = list;
  const users = useUsers(params);
  const navigate = useNavigate();
  const myId = useSession()?.user.id;
  const [toDelete, setToDelete] = useState<UserListItem | null>(null);
  const deleteUser = useDeleteUser();

  // A page past the end (the last row of the last page was deleted, or an old link): go to the last one.
  const data = users.isPlaceholderData ? undefined : users.data;
  const { setPage } = list;
  useEffect(() => {
    if (data && data.rows.length === 0 && data.count > 0 && params.page > 1)
      setPage(pageCount(data.count, params.limit), { replace: true });
  }, [data, params.page, params.limit, setPage]);

  const detailsHref = (u: UserListItem) => hrefs.withId(paths.userDetails, u.id);

  const columns: DataTableColumn<UserListItem, UserSort>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      rowHeader: true,
      className: 'whitespace-nowrap',
      cell: (u) => (
        <div className="flex items-center gap-3">
          <Avatar src={u.profilePic} name={u.name} className="size-8 shrink-0" />
          <Link
            to={detailsHref(u)}
            className="font-medium text-slate-900 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-100 dark:hover:text-indigo-400"
          >
            {u.name}
          </Link>
        </div>
      ),
    },
    { id: 'email', header: 'Email', sortKey: 'email', cell: (u) => u.email, className: 'whitespace-nowrap' },
    { id: 'role', header: 'Role', cell: (u) => u.Role.name },
    { id: 'coins', header: 'Coins', sortKey: 'totalCoins', align: 'right', cell: (u) => formatNumber(u.totalCoins) },
    { id: 'status', header: 'Status', cell: (u) => <StatusBadge active={u.isActive} /> },
    {
      id: 'created',
      header: 'Created',
      sortKey: 'createdAt',
      className: 'whitespace-nowrap',
      cell: (u) => <time dateTime={u.createdAt}>{formatDate(u.createdAt)}</time>,
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (u) => (
        <div className="flex justify-end gap-1">
          <RowLink to={detailsHref(u)} label="View" name={u.name} />
          <RowLink to={hrefs.withId(paths.updateUser, u.id)} label="Edit" name={u.name} />
          <button
            type="button"
            onClick={() => setToDelete(u)}
            aria-label={`Delete ${u.name}`}
            disabled={u.id === myId}
            title={u.id === myId ? messages.cannotDeleteSelf : undefined}
            className="rounded-md px-2 py-1 text-sm font-medium text-red-600 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:text-red-400 dark:hover:bg-red-950"
          >
            Delete
          </button>
        </div>
      ),
    },
  ];

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteUser.mutate(toDelete.id, {
      onSuccess: (res) => toast.success(res.message ?? messages.userDeleted),
      // A failure is toasted by the query client's policy (spec §8).
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <section>
      <PageHeader
        title="Users"
        actions={
          <>
            {users.isFetching && !users.isPending && <Spinner className="size-5 self-center text-slate-400" />}
            <ButtonLink to={paths.addUser}>Add User</ButtonLink>
          </>
        }
      />
      <FilterBar
        label="Filter users"
        fields={filterFields}
        values={list.filters}
        onApply={list.setFilters}
        onClear={list.clearFilters}
      />
      <DataTable
        caption="Users"
        columns={columns}
        rows={users.data?.rows}
        rowKey={(u) => u.id}
        sort={{ column: params.sort, order: params.order }}
        onSortChange={list.toggleSort}
        isLoading={users.isPending}
        isFetching={users.isPlaceholderData}
        skeletonRows={Math.min(params.limit, 10)}
        loadingLabel="Loading users"
        onRowClick={(u) => void navigate(detailsHref(u))}
        error={
          // A failed background refetch keeps the rows on screen (the toast tells); no rows: the error state.
          users.isError &&
          !users.data && (
            <ErrorState
              title="Could not load users"
              message={users.error.message}
              onRetry={() => void users.refetch()}
              retrying={users.isFetching}
            />
          )
        }
        empty={
          <EmptyState
            title="No users found"
            hint={list.isFiltered ? 'No user matches these filters. Try other words, or clear the filters.' : undefined}
            action={
              list.isFiltered ? (
                <Button variant="secondary" onClick={list.clearFilters}>
                  Clear filters
                </Button>
              ) : (
                <ButtonLink to={paths.addUser}>Add User</ButtonLink>
              )
            }
          />
        }
      />
      {users.data && users.data.count > 0 && (
        <Pagination
          label="Users pages"
          page={params.page}
          pageSize={params.limit}
          count={users.data.count}
          onPageChange={list.setPage}
          pageSizes={limits.listPageSizes}
          onPageSizeChange={(n) => list.setPageSize(n as typeof params.limit)}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete user ${toDelete?.name ?? ''}?`}
        description={toDelete ? `The account ${toDelete.email} will be deleted. This cannot be undone.` : undefined}
        pending={deleteUser.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

function RowLink({ to, label, name }: { to: string; label: string; name: string }) {
  return (
    <Link
      to={to}
      aria-label={`${label} ${name}`}
      className="rounded-md px-2 py-1 text-sm font-medium text-indigo-600 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-400 dark:hover:bg-slate-800"
    >
      {label}
    </Link>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${
        active
          ? 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-400/30'
          : 'bg-slate-100 text-slate-600 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-400/30'
      }`}
    >
      {active ? 'Active' : 'Inactive'}
    </span>
  );
}
