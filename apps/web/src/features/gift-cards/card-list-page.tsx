import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { limits, messages, yesNoOptions, type GiftCard, type giftCardSortColumns } from '@strideadmin/contract';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { CardDetailsDialog } from '../../components/card-details-dialog';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { FilterBar, type FilterField, type FilterValues } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { Pagination, pageCount } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { capitalizeFirst, formatDate, formatNumber, yesNo } from '../../lib/format';
import { useListParams, type ListFilters } from '../../lib/list-params';
import { hrefs, paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useDeleteGiftCard } from './api/delete-gift-card';
import { giftCardListParamsSchema, useGiftCards, type GiftCardListParams } from './api/list-gift-cards';

type GiftCardSort = (typeof giftCardSortColumns)[number];
type GiftCardFilterName = keyof ListFilters<GiftCardListParams>;

/** spec §2 Search filters: giftcards (serialNumber, storeName) and the Yes/No select isExpired. */
const filterFields: readonly FilterField<GiftCardFilterName>[] = [
  { name: 'serialNumber', label: 'Serial Number', placeholder: 'Search by serial number' },
  { name: 'storeName', label: 'Store Name', placeholder: 'Search by store name' },
  { name: 'isExpired', label: 'Expired', type: 'select', options: yesNoOptions },
];

/** /card-list (PRODUCT.md §5): filters, sort and page in the URL; view (Card Details), edit and delete per row. */
export function CardListPage() {
  const list = useListParams(giftCardListParamsSchema);
  const { params } = list;
  const cards = useGiftCards(params);
  const navigate = useNavigate();
  const [viewing, setViewing] = useState<GiftCard | null>(null);
  const [toDelete, setToDelete] = useState<GiftCard | null>(null);
  const deleteGiftCard = useDeleteGiftCard();

  // A page past the end (the last row of the last page was deleted, or an old link): go to the last one.
  const data = cards.isPlaceholderData ? undefined : cards.data;
  const { setPage } = list;
  useEffect(() => {
    if (data && data.rows.length === 0 && data.count > 0 && params.page > 1)
      setPage(pageCount(data.count, params.limit), { replace: true });
  }, [data, params.page, params.limit, setPage]);

  const editHref = (c: GiftCard) => hrefs.withId(paths.updateCard, c.id);

  const columns: DataTableColumn<GiftCard, GiftCardSort>[] = [
    {
      id: 'serialNumber',
      header: 'Serial Number',
      sortKey: 'serialNumber',
      rowHeader: true,
      className: 'whitespace-nowrap',
      cell: (c) => (
        <div className="flex items-center gap-3">
          <CardThumbnail card={c} />
          <span className="font-medium text-slate-900 dark:text-slate-100">{c.serialNumber}</span>
        </div>
      ),
    },
    { id: 'storeName', header: 'Store Name', sortKey: 'storeName', cell: (c) => capitalizeFirst(c.storeName) },
    { id: 'price', header: 'Coin Price', sortKey: 'price', align: 'right', cell: (c) => formatNumber(c.price) },
    {
      id: 'amount',
      header: 'Amount',
      sortKey: 'amount',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (c) => `${formatNumber(c.amount)} ${c.currency}`,
    },
    {
      id: 'validTill',
      header: 'Valid Till',
      sortKey: 'validTill',
      className: 'whitespace-nowrap',
      cell: (c) => <time dateTime={c.validTill}>{formatDate(c.validTill)}</time>,
    },
    { id: 'expired', header: 'Expired', cell: (c) => <ExpiredBadge expired={c.isExpired} /> },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (c) => (
        <div className="flex justify-end gap-1">
          <RowButton label="View" serial={c.serialNumber} onClick={() => setViewing(c)} />
          <RowButton label="Edit" serial={c.serialNumber} onClick={() => void navigate(editHref(c))} />
          <RowButton label="Delete" serial={c.serialNumber} onClick={() => setToDelete(c)} danger />
        </div>
      ),
    },
  ];

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteGiftCard.mutate(toDelete.id, {
      onSuccess: (res) => toast.success(res.message ?? messages.giftCardDeleted),
      // A failure is toasted by the query client's policy (spec §8).
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <section>
      <PageHeader
        title="Gift Cards"
        actions={
          <>
            {cards.isFetching && !cards.isPending && <Spinner className="size-5 self-center text-slate-400" />}
            <ButtonLink to={paths.addMultipleCard} variant="secondary">
              Add Multiple Gift Cards
            </ButtonLink>
            <ButtonLink to={paths.addCard}>Add Gift Card</ButtonLink>
          </>
        }
      />
      <FilterBar
        label="Filter gift cards"
        fields={filterFields}
        values={list.filters}
        // The Expired select offers only yesNoOptions' values ('true', 'false'); the URL schema
        // drops anything else.
        onApply={(v: FilterValues<GiftCardFilterName>) => list.setFilters(v as Partial<typeof list.filters>)}
        onClear={list.clearFilters}
      />
      <DataTable
        caption="Gift Cards"
        columns={columns}
        rows={cards.data?.rows}
        rowKey={(c) => c.id}
        sort={{ column: params.sort, order: params.order }}
        onSortChange={list.toggleSort}
        isLoading={cards.isPending}
        isFetching={cards.isPlaceholderData}
        skeletonRows={Math.min(params.limit, 10)}
        loadingLabel="Loading gift cards"
        onRowClick={setViewing}
        error={
          // A failed background refetch keeps the rows on screen (the toast tells); no rows: the error state.
          cards.isError &&
          !cards.data && (
            <ErrorState
              title="Could not load gift cards"
              message={cards.error.message}
              onRetry={() => void cards.refetch()}
              retrying={cards.isFetching}
            />
          )
        }
        empty={
          <EmptyState
            title="No gift cards found"
            hint={
              list.isFiltered ? 'No gift card matches these filters. Try other words, or clear the filters.' : undefined
            }
            action={
              list.isFiltered ? (
                <Button variant="secondary" onClick={list.clearFilters}>
                  Clear filters
                </Button>
              ) : (
                <ButtonLink to={paths.addCard}>Add Gift Card</ButtonLink>
              )
            }
          />
        }
      />
      {cards.data && cards.data.count > 0 && (
        <Pagination
          label="Gift card pages"
          page={params.page}
          pageSize={params.limit}
          count={cards.data.count}
          onPageChange={list.setPage}
          pageSizes={limits.listPageSizes}
          onPageSizeChange={(n) => list.setPageSize(n as typeof params.limit)}
        />
      )}
      <CardDetailsDialog card={viewing} onClose={() => setViewing(null)} onEdit={(c) => void navigate(editHref(c))} />
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete gift card ${toDelete?.serialNumber ?? ''}?`}
        description={
          toDelete
            ? `The gift card ${toDelete.serialNumber} of ${capitalizeFirst(toDelete.storeName)} will be deleted. This cannot be undone.`
            : undefined
        }
        pending={deleteGiftCard.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

function RowButton({
  label,
  serial,
  onClick,
  danger = false,
}: {
  label: string;
  serial: string;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`${label} ${serial}`}
      className={`rounded-md px-2 py-1 text-sm font-medium focus-visible:outline-2 ${
        danger
          ? 'text-red-600 hover:bg-red-50 focus-visible:outline-red-600 dark:text-red-400 dark:hover:bg-red-950'
          : 'text-indigo-600 hover:bg-indigo-50 focus-visible:outline-indigo-600 dark:text-indigo-400 dark:hover:bg-slate-800'
      }`}
    >
      {label}
    </button>
  );
}

function CardThumbnail({ card }: { card: GiftCard }) {
  if (!card.cardPicture)
    return <span className="size-8 shrink-0 rounded-md bg-slate-100 dark:bg-slate-800" aria-hidden="true" />;
  return (
    <img
      src={card.cardPicture}
      alt=""
      loading="lazy"
      className="size-8 shrink-0 rounded-md border border-slate-200 object-cover dark:border-slate-700"
    />
  );
}

/** Expired Yes (red) or No (green): whether the card can still be redeemed. */
function ExpiredBadge({ expired }: { expired: boolean }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${
        expired
          ? 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-950 dark:text-red-300 dark:ring-red-400/30'
          : 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-400/30'
      }`}
    >
      {yesNo(expired)}
    </span>
  );
}
