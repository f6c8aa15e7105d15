import type { ReactNode } from 'react';
import type { GiftCard } from '@strideadmin/contract';
import { capitalizeFirst, formatDate, formatDuration, yesNo } from '../lib/format';
import { Button } from './button';
import { redemptionRows } from './card-redemption';
import { Modal } from './modal';

/**
 * docs/behaviour.md §2 Card Details dialog: card picture, Serial Number, Coin Price, Currency of Card, Amount of
 * Card, Store Name and Store Address (first letter capitalised), Valid Till, Expiry Duration
 * (Minutes), Expired, with when it was redeemed and when its code ends or ended (why a card with a
 * Valid Till years away can be expired); the card's History (docs/behaviour.md §13); closable; Edit leads to /update-card?id (the caller says where).
 */
export function CardDetailsDialog({
  card,
  onClose,
  onEdit,
  history,
}: {
  card: GiftCard | null;
  onClose: () => void;
  /** Without it (a role that may not change gift cards), no Edit button. */
  onEdit?: ((card: GiftCard) => void) | undefined;
  /** Below the fields: the card's History (HistoryPanel), where the caller shows it. */
  history?: ((card: GiftCard) => ReactNode) | undefined;
}) {
  const rows: [string, string][] = card
    ? [
        ['Serial Number', card.serialNumber],
        ['Coin Price', String(card.price)],
        ['Currency of Card', card.currency],
        ['Amount of Card', String(card.amount)],
        ['Store Name', capitalizeFirst(card.storeName)],
        ['Store Address', capitalizeFirst(card.storeAddress)],
        ['Valid Till', formatDate(card.validTill)],
        ['Expiry Duration (Minutes)', formatDuration(card.expiryDuration)],
        ...redemptionRows(card),
        ['Expired', yesNo(card.isExpired)],
      ]
    : [];
  return (
    <Modal
      open={card !== null}
      onClose={onClose}
      title="Card Details"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {onEdit && <Button onClick={() => card && onEdit(card)}>Edit</Button>}
        </>
      }
    >
      {card && (
        <div className="grid gap-6 sm:grid-cols-[12rem_1fr]">
          {card.cardPicture ? (
            <img
              src={card.cardPicture}
              alt={`Card ${card.serialNumber}`}
              className="w-48 rounded-lg border border-slate-200 object-cover dark:border-slate-700"
            />
          ) : (
            <div className="flex h-32 w-48 items-center justify-center rounded-lg bg-slate-100 text-sm text-slate-500 dark:bg-slate-800">
              No picture
            </div>
          )}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {rows.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-medium text-slate-500 dark:text-slate-400">{k}</dt>
                <dd className="break-all">{v}</dd>
              </div>
            ))}
          </dl>
          {history && (
            <div className="border-t border-slate-200 pt-4 sm:col-span-2 dark:border-slate-800">{history(card)}</div>
          )}
        </div>
      )}
    </Modal>
  );
}
