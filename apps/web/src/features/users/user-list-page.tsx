import { undoHint } from '../../lib/undoable-delete';
import { Link, useNavigate } from 'react-router';
import { messages, type UserListItem, type userSortColumns } from '@strideadmin/contract';
import { Avatar } from '../../components/avatar';
import { ActiveBadge, Badge } from '../../components/badge';
import { ButtonLink } from '../../components/button-link';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { DataTableColumn } from '../../components/data-table';
import type { FilterField } from '../../components/filter-bar';
import { ListBody } from '../../components/list-body';
import {
  actionsColumn,
  createdColumn,
  fluidColumn,
  RowButton,
  RowLink,
  TruncatedText,
} from '../../components/list-columns';
import { ExportButton } from '../../components/export-button';
import { PageHeader } from '../../components/page-header';
import { useDeleteConfirmation } from '../../lib/delete-confirmation';
import { useCan } from '../../lib/permissions';
import { formatNumber } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { hrefs, paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { userDeletion } from './api/delete-user';
import { userListParamsSchema, useUsers } from './api/list-users';

type UserSort = (typeof userSortColumns)[number];

/** docs/behaviour.md §2 Search filters: users (name, email). */
const filterFields: readonly FilterField<'name' | 'email'>[] = [
  { name: 'name', label: 'Name', placeholder: 'Search by name' },
  { name: 'email', label: 'Email', placeholder: 'Search by email', inputMode: 'email' },
];

/** /user-list (docs/behaviour.md §12): filters, sort and page in the URL; view, edit and delete per row. */
export function UserListPage() {
  const list = useListParams(userListParamsSchema);
  const { params } = list;
  const users = useUsers(params);
  const navigate = useNavigate();
  const myId = useSession()?.user.id;
  const deletion = useDeleteConfirmation<UserListItem>(userDeletion);
  // docs/behaviour.md §13: a role that may only read users gets no Add, Edit or Delete.
  const canWrite = useCan('users:write');

  const detailsHref = (u: UserListItem) => hrefs.withId(paths.userDetails, u.id);

  const columns: DataTableColumn<UserListItem, UserSort>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      rowHeader: true,
      cell: (u) => (
        <div className="flex items-center gap-3">
          <Avatar src={u.profilePic} name={u.name} className="size-8 shrink-0" />
          <Link
            to={detailsHref(u)}
            title={u.name}
            className="block max-w-52 truncate font-medium text-slate-900 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-100 dark:hover:text-indigo-400"
          >
            {u.name}
          </Link>
        </div>
      ),
    },
    {
      id: 'email',
      header: 'Email',
      sortKey: 'email',
      optional: true,
      className: fluidColumn,
      cell: (u) => <TruncatedText text={u.email} />,
    },
    { id: 'role', header: 'Role', defaultHidden: true, cell: (u) => u.Role.name },
    {
      id: 'coins',
      header: 'Coins',
      sortKey: 'totalCoins',
      align: 'right',
      optional: true,
      cell: (u) => formatNumber(u.totalCoins),
    },
    {
      id: 'status',
      header: 'Status',
      optional: true,
      cell: (u) =>
        u.deletedAt ? <Badge tone="red">{messages.userErasedStatus}</Badge> : <ActiveBadge active={u.isActive} />,
    },
    { ...createdColumn(), optional: true },
    actionsColumn((u) => (
      <>
        <RowLink to={detailsHref(u)} label="View" name={u.name} />
        {canWrite && (
          <>
            <RowLink to={hrefs.withId(paths.updateUser, u.id)} label="Edit" name={u.name} />
            <RowButton
              label="Delete"
              name={u.name}
              onClick={() => deletion.ask(u)}
              danger
              disabled={u.id === myId}
              title={u.id === myId ? messages.cannotDeleteSelf : undefined}
            />
          </>
        )}
      </>
    )),
  ];

  return (
    <section>
      <PageHeader
        title="Users"
        busy={users.isFetching && !users.isPending}
        actions={
          <>
            <ExportButton path="/users" query={params} />
            {canWrite && <ButtonLink to={paths.addUser}>Add User</ButtonLink>}
          </>
        }
      />
      <ListBody
        list={list}
        query={users}
        filterLabel="Filter users"
        filterFields={filterFields}
        caption="Users"
        columns={columns}
        onRowClick={(u) => void navigate(detailsHref(u))}
        loadingLabel="Loading users"
        errorTitle="Could not load users"
        emptyTitle="No users found"
        filteredHint="No user matches these filters. Try other words, or clear the filters."
        emptyAction={canWrite ? <ButtonLink to={paths.addUser}>Add User</ButtonLink> : undefined}
        paginationLabel="Users pages"
        columnsId="users"
        bulk={canWrite ? { target: userDeletion, rowName: (u) => u.name } : undefined}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={`Delete user ${deletion.target?.name ?? ''}?`}
        description={deletion.target ? `The account ${deletion.target.email} will be deleted. ${undoHint}` : undefined}
      />
    </section>
  );
}
