import { undoHint } from '../../lib/undoable-delete';
import { Link, useNavigate } from 'react-router';
import { type GiftBoxConfig, type giftBoxSortColumns } from '@strideadmin/contract';
import { ActiveBadge } from '../../components/badge';
import { ButtonLink } from '../../components/button-link';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { DataTableColumn } from '../../components/data-table';
import type { FilterField } from '../../components/filter-bar';
import { ListBody } from '../../components/list-body';
import { actionsColumn, createdColumn, RowButton, RowLink } from '../../components/list-columns';
import { ExportButton } from '../../components/export-button';
import { PageHeader } from '../../components/page-header';
import { useDeleteConfirmation } from '../../lib/delete-confirmation';
import { formatNumber } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { hrefs, paths } from '../../lib/paths';
import { giftBoxConfigDeletion } from './api/delete-gift-box-config';
import { giftBoxListParamsSchema, useGiftBoxConfigs } from './api/list-gift-box-configs';

type GiftBoxSort = (typeof giftBoxSortColumns)[number];

/** docs/behaviour.md §2 Search filters: giftbox (type, labelled Config Name). */
const filterFields: readonly FilterField<'type'>[] = [
  { name: 'type', label: 'Config Name', placeholder: 'Search by config name' },
];

const placeBoxHref = (c: GiftBoxConfig) => `${paths.addBoxManual}?configId=${c.id}`;

/** /box-list (docs/behaviour.md §12): filters, sort and page in the URL; edit, place a box and delete per row. */
export function BoxListPage() {
  const list = useListParams(giftBoxListParamsSchema);
  const { params } = list;
  const configs = useGiftBoxConfigs(params);
  const navigate = useNavigate();
  const deletion = useDeleteConfirmation<GiftBoxConfig>(giftBoxConfigDeletion);

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
          title={c.type}
          className="block max-w-36 truncate font-medium text-slate-900 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-100 dark:hover:text-indigo-400"
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
      optional: true,
      className: 'whitespace-nowrap tabular-nums',
      cell: (c) => `${formatNumber(c.minCoins)}–${formatNumber(c.maxCoins)}`,
    },
    {
      id: 'stepsToUnlock',
      header: 'Steps to Unlock',
      sortKey: 'stepsToUnlock',
      align: 'right',
      optional: true,
      cell: (c) => formatNumber(c.stepsToUnlock),
    },
    {
      id: 'boxesPerDay',
      header: 'Boxes per Day',
      sortKey: 'boxesPerDay',
      align: 'right',
      optional: true,
      cell: (c) => formatNumber(c.boxesPerDay),
    },
    {
      id: 'manualBoxes',
      header: 'Manual boxes',
      align: 'right',
      optional: true,
      cell: (c) => formatNumber(c.manualBoxCount),
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'isActive',
      optional: true,
      cell: (c) => <ActiveBadge active={c.isActive} />,
    },
    // A config is known by its name; when it was made matters less than the room it takes.
    { ...createdColumn(), defaultHidden: true },
    actionsColumn((c) => (
      <>
        <RowLink to={editHref(c)} label="Edit" name={c.type} />
        <RowLink to={placeBoxHref(c)} label="Place box" name={c.type} ariaLabel={`Place box for ${c.type}`} />
        <RowButton label="Delete" name={c.type} onClick={() => deletion.ask(c)} danger />
      </>
    )),
  ];

  const boxesOf = (c: GiftBoxConfig) =>
    c.manualBoxCount === 1 ? 'its hand-placed box is' : `its ${formatNumber(c.manualBoxCount)} hand-placed boxes are`;

  const target = deletion.target;

  return (
    <section>
      <PageHeader
        title="Gift Box Config"
        busy={configs.isFetching && !configs.isPending}
        actions={
          <>
            <ExportButton path="/giftbox" query={params} />
            <ButtonLink to={paths.addBoxManual} variant="secondary">
              Place Gift Box
            </ButtonLink>
            <ButtonLink to={paths.addBox}>Add Config</ButtonLink>
          </>
        }
      />
      <ListBody
        list={list}
        query={configs}
        filterLabel="Filter gift box configs"
        filterFields={filterFields}
        caption="Gift Box Configs"
        columns={columns}
        onRowClick={(c) => void navigate(editHref(c))}
        loadingLabel="Loading gift box configs"
        errorTitle="Could not load gift box configs"
        emptyTitle="No gift box configs found"
        filteredHint="No config matches this name. Try other words, or clear the filters."
        emptyAction={<ButtonLink to={paths.addBox}>Add Config</ButtonLink>}
        paginationLabel="Gift box config pages"
        columnsId="giftBoxes"
        bulk={{ target: giftBoxConfigDeletion, rowName: (c) => c.type }}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={`Delete config ${target?.type ?? ''}?`}
        description={
          target
            ? target.manualBoxCount > 0
              ? `The config ${target.type} will be deleted, and ${boxesOf(target)} removed from the map too. ${undoHint}`
              : `The config ${target.type} will be deleted, with any box placed by hand under it. ${undoHint}`
            : undefined
        }
      />
    </section>
  );
}
