import { undoHint } from '../../lib/undoable-delete';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { yesNoOptions, type GiftCard, type giftCardSortColumns } from '@strideadmin/contract';
import { Badge } from '../../components/badge';
import { ButtonLink } from '../../components/button-link';
import { CardDetailsDialog } from '../../components/card-details-dialog';
import { HistoryPanel } from '../../components/history-panel';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { DataTableColumn } from '../../components/data-table';
import type { FilterField } from '../../components/filter-bar';
import { ListBody } from '../../components/list-body';
import { actionsColumn, fluidColumn, RowButton, TruncatedText } from '../../components/list-columns';
import { ExportButton } from '../../components/export-button';
import { PageHeader } from '../../components/page-header';
import { ExpiryNote } from '../../components/card-redemption';
import { useDeleteConfirmation } from '../../lib/delete-confirmation';
import { useCan } from '../../lib/permissions';
import { capitalizeFirst, formatDate, formatNumber, formatShortDate, yesNo } from '../../lib/format';
import { useListParams, type ListFilters } from '../../lib/list-params';
import { hrefs, paths } from '../../lib/paths';
import { giftCardDeletion } from './api/delete-gift-card';
import { giftCardListParamsSchema, useGiftCards, type GiftCardListParams } from './api/list-gift-cards';

type GiftCardSort = (typeof giftCardSortColumns)[number];
type GiftCardFilterName = keyof ListFilters<GiftCardListParams>;

/** docs/behaviour.md §2 Search filters: giftcards (serialNumber, storeName) and the Yes/No select isExpired. */
const filterFields: readonly FilterField<GiftCardFilterName>[] = [
  { name: 'serialNumber', label: 'Serial Number', placeholder: 'Search by serial number' },
  { name: 'storeName', label: 'Store Name', placeholder: 'Search by store name' },
  { name: 'isExpired', label: 'Expired', type: 'select', options: yesNoOptions },
];

/**
 * /card-list (docs/behaviour.md §12): filters, sort and page in the URL; view (Card Details), edit
 * and delete per row.
 */
export function CardListPage() {
  const list = useListParams(giftCardListParamsSchema);
  const { params } = list;
  const cards = useGiftCards(params);
  const navigate = useNavigate();
  const [viewing, setViewing] = useState<GiftCard | null>(null);
  const deletion = useDeleteConfirmation<GiftCard>(giftCardDeletion);
  // docs/behaviour.md §13: a role that may only read gift cards gets no Add, Edit or Delete.
  const canWrite = useCan('giftCards:write');
  const canReadHistory = useCan('audit:read');

  const editHref = (c: GiftCard) => hrefs.withId(paths.updateCard, c.id);

  const columns: DataTableColumn<GiftCard, GiftCardSort>[] = [
    {
      id: 'serialNumber',
      header: 'Serial Number',
      sortKey: 'serialNumber',
      rowHeader: true,
      cell: (c) => (
        <div className="flex items-center gap-3">
          <CardThumbnail card={c} />
          <span
            className="block max-w-44 truncate font-medium text-slate-900 dark:text-slate-100"
            title={c.serialNumber}
          >
            {c.serialNumber}
          </span>
        </div>
      ),
    },
    {
      id: 'storeName',
      header: 'Store Name',
      sortKey: 'storeName',
      optional: true,
      className: fluidColumn,
      cell: (c) => <TruncatedText text={capitalizeFirst(c.storeName)} />,
    },
    {
      id: 'price',
      header: 'Coin Price',
      sortKey: 'price',
      align: 'right',
      optional: true,
      cell: (c) => formatNumber(c.price),
    },
    {
      id: 'amount',
      header: 'Amount',
      sortKey: 'amount',
      align: 'right',
      optional: true,
      className: 'whitespace-nowrap',
      cell: (c) => `${formatNumber(c.amount)} ${c.currency}`,
    },
    {
      id: 'validTill',
      header: 'Valid Till',
      sortKey: 'validTill',
      optional: true,
      className: 'whitespace-nowrap',
      // The short month keeps the column narrow; the full date on hover.
      cell: (c) => (
        <time dateTime={c.validTill} title={formatDate(c.validTill)}>
          {formatShortDate(c.validTill)}
        </time>
      ),
    },
    // Valid Till tells it too; the Expired filter works either way.
    {
      id: 'expired',
      header: 'Expired',
      defaultHidden: true,
      cell: (c) => (
        <>
          <ExpiredBadge expired={c.isExpired} />
          <ExpiryNote card={c} />
        </>
      ),
    },
    actionsColumn((c) => (
      <>
        <RowButton label="View" name={c.serialNumber} onClick={() => setViewing(c)} />
        {canWrite && (
          <>
            <RowButton label="Edit" name={c.serialNumber} onClick={() => void navigate(editHref(c))} />
            <RowButton label="Delete" name={c.serialNumber} onClick={() => deletion.ask(c)} danger />
          </>
        )}
      </>
    )),
  ];

  return (
    <section>
      <PageHeader
        title="Gift Cards"
        busy={cards.isFetching && !cards.isPending}
        actions={
          <>
            <ExportButton path="/giftcard" query={params} />
            {canWrite && (
              <>
                <ButtonLink to={paths.addMultipleCard} variant="secondary">
                  Add Multiple Gift Cards
                </ButtonLink>
                <ButtonLink to={paths.addCard}>Add Gift Card</ButtonLink>
              </>
            )}
          </>
        }
      />
      <ListBody
        list={list}
        query={cards}
        filterLabel="Filter gift cards"
        filterFields={filterFields}
        caption="Gift Cards"
        columns={columns}
        onRowClick={setViewing}
        loadingLabel="Loading gift cards"
        errorTitle="Could not load gift cards"
        emptyTitle="No gift cards found"
        filteredHint="No gift card matches these filters. Try other words, or clear the filters."
        emptyAction={canWrite ? <ButtonLink to={paths.addCard}>Add Gift Card</ButtonLink> : undefined}
        paginationLabel="Gift card pages"
        columnsId="giftCards"
        bulk={canWrite ? { target: giftCardDeletion, rowName: (c) => c.serialNumber } : undefined}
      />
      <CardDetailsDialog
        history={
          canReadHistory ? (c) => <HistoryPanel entity="gift-card" entityId={c.id} headingLevel={3} /> : undefined
        }
        card={viewing}
        onClose={() => setViewing(null)}
        onEdit={canWrite ? (c) => void navigate(editHref(c)) : undefined}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={`Delete gift card ${deletion.target?.serialNumber ?? ''}?`}
        description={
          deletion.target
            ? `The gift card ${deletion.target.serialNumber} of ${capitalizeFirst(deletion.target.storeName)} will be deleted. ${undoHint}`
            : undefined
        }
      />
    </section>
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
  return <Badge tone={expired ? 'red' : 'green'}>{yesNo(expired)}</Badge>;
}
