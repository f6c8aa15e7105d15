import { useState } from 'react';
import { manualBoxesShown, messages, type GiftBox, type GiftBoxConfigDetail } from '@strideadmin/contract';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { formatDateTime, formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useDeleteManualGiftBox } from './api/delete-manual-gift-box';
import { formatCoordinate } from './format';

/** The place of a box, as its row and its dialog name it. */
const placeOf = (b: GiftBox) => `${formatCoordinate(b.latitude)}, ${formatCoordinate(b.longitude)}`;

/**
 * "Manually placed boxes" of /update-box (docs/behaviour.md §11: manual boxes are listed under their
 * config): where, how many coins, until when, opened or not; each can be removed.
 */
export function ManualBoxes({ config }: { config: GiftBoxConfigDetail }) {
  const [toRemove, setToRemove] = useState<GiftBox | null>(null);
  const removeBox = useDeleteManualGiftBox();
  const placeHref = `${paths.addBoxManual}?configId=${config.id}`;
  const boxes = config.ManualBoxes;

  const columns: DataTableColumn<GiftBox>[] = [
    {
      id: 'latitude',
      header: 'Latitude',
      rowHeader: true,
      className: 'tabular-nums',
      cell: (b) => formatCoordinate(b.latitude),
    },
    { id: 'longitude', header: 'Longitude', className: 'tabular-nums', cell: (b) => formatCoordinate(b.longitude) },
    { id: 'coins', header: 'Coins', align: 'right', cell: (b) => formatNumber(b.coins) },
    {
      id: 'expires',
      header: 'Expires',
      className: 'whitespace-nowrap',
      cell: (b) => <time dateTime={b.expiresAt}>{formatDateTime(b.expiresAt)}</time>,
    },
    {
      id: 'opened',
      header: 'Opened',
      className: 'whitespace-nowrap',
      cell: (b) =>
        b.openedAt ? (
          <span>
            Yes, <time dateTime={b.openedAt}>{formatDateTime(b.openedAt)}</time>
          </span>
        ) : (
          'No'
        ),
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (b) => (
        <button
          type="button"
          onClick={() => setToRemove(b)}
          aria-label={`Remove the box at ${placeOf(b)}`}
          className="rounded-md px-2 py-1 text-sm font-medium text-red-600 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 dark:text-red-400 dark:hover:bg-red-950"
        >
          Remove
        </button>
      ),
    },
  ];

  const confirmRemove = () => {
    if (!toRemove) return;
    removeBox.mutate(
      { id: toRemove.id, configId: config.id },
      {
        onSuccess: (res) => toast.success(res.message ?? messages.giftBoxDeleted),
        // A failure is toasted by the query client's policy (docs/behaviour.md §8).
        onSettled: () => setToRemove(null),
      },
    );
  };

  return (
    <Card
      title="Manually placed boxes"
      actions={
        <ButtonLink to={placeHref} variant="secondary">
          Place a box
        </ButtonLink>
      }
    >
      {config.manualBoxCount > boxes.length && (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400" data-testid="manual-boxes-shown">
          The newest {Math.min(boxes.length, manualBoxesShown)} of {formatNumber(config.manualBoxCount)} boxes.
        </p>
      )}
      <DataTable
        caption="Manually placed boxes"
        columns={columns}
        rows={boxes}
        rowKey={(b) => b.id}
        empty={
          <EmptyState
            title="No boxes placed by hand yet"
            hint="Place one at a point on the map; it shows up here."
            action={<ButtonLink to={placeHref}>Place a box</ButtonLink>}
          />
        }
      />
      <ConfirmDialog
        open={toRemove !== null}
        title="Remove this gift box?"
        description={
          toRemove
            ? `The box at ${placeOf(toRemove)} (${formatNumber(toRemove.coins)} coins) will be removed from the map. This cannot be undone.`
            : undefined
        }
        confirmLabel="Remove"
        pending={removeBox.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setToRemove(null)}
      />
    </Card>
  );
}
