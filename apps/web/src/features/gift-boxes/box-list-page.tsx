import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { limits, messages, type GiftBoxConfig, type giftBoxSortColumns } from '@strideadmin/contract';
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
import { toast } from '../../lib/toast';
import { useDeleteGiftBoxConfig } from './api/delete-gift-box-config';
import { giftBoxListParamsSchema, useGiftBoxConfigs } from './api/list-gift-box-configs';

type GiftBoxSort = (typeof giftBoxSortColumns)[number];

/** spec §2 Search filters: giftbox (type, labelled Config Name). */
const filterFields: readonly FilterField<'type'>[] = [
  { name: 'type', label: 'Config Name', placeholder: 'Search by config name' },
];

const placeBoxHref = (c: GiftBoxConfig) => `${paths.addBoxManual}?configId=${c.id}`;

/** /box-list (PRODUCT.md §5): filters, sort and page in the URL; edit, place a box and delete per row. */
export function BoxListPage() {
  const list = useListParams(giftBoxListParamsSchema);
  const { params } = list;
  const configs = useGiftBoxConfigs(params);
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<GiftBoxConfig | null>(null);
  const deleteConfig = useDeleteGiftBoxConfig();

  // A page past the end (the last row of the last page was deleted, or an old link): go to the last one.
  const data = configs.isPlaceholderData ? undefined : configs.data;
  const { setPage } = list;
  useEffect(() => {
    if (data && data.rows.length === 0 && data.count > 0 && params.page > 1)
      setPage(pageCount(data.count, params.limit), { replace: true });
  }, [data, params.page, params.limit, setPage]);

  const editHref = (c: GiftBoxConfig) => hrefs.withId(paths.updateBox, c.id);

  const columns: DataTableColumn<GiftBoxConfig, GiftBoxSort>[] = [
    {
      id: 'type',
      header: 'Config Name',
      sortKey: 'type',
      rowHeader: true,
      cell: (c) => (
        <Link
          to={editHref(c)}
          className="font-medium text-slate-900 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-100 dark:hover:text-indigo-400"
        >
          {c.type}
        </Link>
      ),
    },
    {
      id: 'coins',
      header: 'Coins',
      sortKey: 'minCoins',
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      cell: (c) => `${formatNumber(c.minCoins)}–${formatNumber(c.maxCoins)}`,
    },
    {
      id: 'stepsToUnlock',
      header: 'Steps to Unlock',
      sortKey: 'stepsToUnlock',
      align: 'right',
      cell: (c) => formatNumber(c.stepsToUnlock),
    },
    {
      id: 'boxesPerDay',
      header: 'Boxes per Day',
      sortKey: 'boxesPerDay',
      align: 'right',
      cell: (c) => formatNumber(c.boxesPerDay),
    },
    { id: 'manualBoxes', header: 'Manual boxes', align: 'right', cell: (c) => formatNumber(c.manualBoxCount) },
    { id: 'status', header: 'Status', sortKey: 'isActive', cell: (c) => <StatusBadge active={c.isActive} /> },
    {
      id: 'created',
      header: 'Created',
      sortKey: 'createdAt',
      className: 'whitespace-nowrap',
      cell: (c) => <time dateTime={c.createdAt}>{formatDate(c.createdAt)}</time>,
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (c) => (
        <div className="flex justify-end gap-1">
          <RowLink to={editHref(c)} label="Edit" name={c.type} />
          <RowLink to={placeBoxHref(c)} label="Place box" name={c.type} ariaLabel={`Place box for ${c.type}`} />
          <button
            type="button"
            onClick={() => setToDelete(c)}
            aria-label={`Delete ${c.type}`}
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
    deleteConfig.mutate(toDelete.id, {
      onSuccess: (res) => toast.success(res.message ?? messages.giftBoxConfigDeleted),
      // A failure is toasted by the query client's policy (spec §8).
      onSettled: () => setToDelete(null),
    });
  };

  const boxesOf = (c: GiftBoxConfig) =>
    c.manualBoxCount === 1 ? 'its hand-placed box is' : `its ${formatNumber(c.manualBoxCount)} hand-placed boxes are`;

  return (
    <section>
      <PageHeader
        title="Gift Box Config"
        actions={
          <>
            {configs.isFetching && !configs.isPending && <Spinner className="size-5 self-center text-slate-400" />}
            <ButtonLink to={paths.addBoxManual} variant="secondary">
              Place Gift Box
            </ButtonLink>
            <ButtonLink to={paths.addBox}>Add Config</ButtonLink>
          </>
        }
      />
      <FilterBar
        label="Filter gift box configs"
        fields={filterFields}
        values={list.filters}
        onApply={list.setFilters}
        onClear={list.clearFilters}
      />
      <DataTable
        caption="Gift Box Configs"
        columns={columns}
        rows={configs.data?.rows}
        rowKey={(c) => c.id}
        sort={{ column: params.sort, order: params.order }}
        onSortChange={list.toggleSort}
        isLoading={configs.isPending}
        isFetching={configs.isPlaceholderData}
        skeletonRows={Math.min(params.limit, 10)}
        loadingLabel="Loading gift box configs"
        onRowClick={(c) => void navigate(editHref(c))}
        error={
          // A failed background refetch keeps the rows on screen (the toast tells); no rows: the error state.
          configs.isError &&
          !configs.data && (
            <ErrorState
              title="Could not load gift box configs"
              message={configs.error.message}
              onRetry={() => void configs.refetch()}
              retrying={configs.isFetching}
            />
          )
        }
        empty={
          <EmptyState
            title="No gift box configs found"
            hint={list.isFiltered ? 'No config matches this name. Try other words, or clear the filters.' : undefined}
            action={
              list.isFiltered ? (
                <Button variant="secondary" onClick={list.clearFilters}>
                  Clear filters
                </Button>
              ) : (
                <ButtonLink to={paths.addBox}>Add Config</ButtonLink>
              )
            }
          />
        }
      />
      {configs.data && configs.data.count > 0 && (
        <Pagination
          label="Gift box config pages"
          page={params.page}
          pageSize={params.limit}
          count={configs.data.count}
          onPageChange={list.setPage}
          pageSizes={limits.listPageSizes}
          onPageSizeChange={(n) => list.setPageSize(n as typeof params.limit)}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete config ${toDelete?.type ?? ''}?`}
        description={
          toDelete
            ? toDelete.manualBoxCount > 0
              ? `The config ${toDelete.type} will be deleted, and ${boxesOf(toDelete)} removed from the map too. This cannot be undone.`
              : `The config ${toDelete.type} will be deleted, with any box placed by hand under it. This cannot be undone.`
            : undefined
        }
        pending={deleteConfig.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

function RowLink({ to, label, name, ariaLabel }: { to: string; label: string; name: string; ariaLabel?: string }) {
  return (
    <Link
      to={to}
      aria-label={ariaLabel ?? `${label} ${name}`}
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
