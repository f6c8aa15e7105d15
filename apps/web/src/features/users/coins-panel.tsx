import { useState } from 'react';
import { adjustCoinsSchema, type AdminLedgerEntry, coinKindLabels, limits, messages } from '@strideadmin/contract';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Form, useZodForm } from '../../components/form';
import { Modal } from '../../components/modal';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { TextArea } from '../../components/text-area';
import { TextInput } from '../../components/text-input';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { useFormSubmit } from '../../lib/form-submit';
import { asNumber, numberInput } from '../../lib/number-field';
import { toast } from '../../lib/toast';
import { type AdjustCoins, useAdjustCoins } from './api/adjust-coins';
import { ledgerPageSize, useUserLedger } from './api/user-ledger';

/** What an entry was for, in words: the day, question, box or card; an adjustment's reason and who made it. */
function detailsOf(e: AdminLedgerEntry): string {
  switch (e.kind) {
    case 'steps':
      return e.refDay ? `Steps of ${formatDate(e.refDay)}` : '—';
    case 'quiz':
      return e.refId === null ? '—' : `Question #${e.refId}`;
    case 'giftbox':
      return e.refId === null ? '—' : `Box #${e.refId}`;
    case 'redeem':
      return e.refId === null ? '—' : `Gift card #${e.refId}`;
    case 'adjustment':
      return [e.reason, e.adminName ? `by ${e.adminName}` : null].filter(Boolean).join(' — ') || '—';
  }
}

/** A signed amount: "+15", "−20" (a true minus sign). */
const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : n < 0 ? `−${formatNumber(-n)}` : '0');

/**
 * User Details, Coins: the user's coin history, newest first, a page at a time, and (for those
 * who may edit users) Adjust coins. The balance itself is the details' Total Coins.
 */
export function CoinsPanel({ userId, balance, canAdjust }: { userId: number; balance: number; canAdjust: boolean }) {
  const [page, setPage] = useState(1);
  const [adjusting, setAdjusting] = useState(false);
  const ledger = useUserLedger(userId, page);

  let body;
  if (ledger.isPending) body = <Spinner label="Loading coin history" className="mx-auto my-4 size-5" />;
  else if (ledger.isError)
    body = (
      <p className="text-sm text-red-700 dark:text-red-400">Could not load the coin history: {ledger.error.message}</p>
    );
  else if (ledger.data.rows.length === 0)
    body = <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">{messages.noCoinHistory}</p>;
  else
    body = (
      <>
        <div className="-mx-6 overflow-x-auto">
          <table className="min-w-full text-sm" aria-label="Coin history">
            <thead className="text-left text-slate-500 dark:text-slate-400">
              <tr>
                <th className="px-6 py-2 font-medium">Date</th>
                <th className="px-6 py-2 font-medium">Kind</th>
                <th className="px-6 py-2 text-right font-medium">Coins</th>
                <th className="px-6 py-2 font-medium">Details</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {ledger.data.rows.map((e) => (
                <tr key={e.id}>
                  <td className="px-6 py-3 whitespace-nowrap">
                    <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                  </td>
                  <td className="px-6 py-3">{coinKindLabels[e.kind]}</td>
                  <td
                    className={`px-6 py-3 text-right font-medium tabular-nums ${
                      e.amount < 0 ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'
                    }`}
                  >
                    {signed(e.amount)}
                  </td>
                  <td className="px-6 py-3 break-words">{detailsOf(e)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mt-4">
          <Pagination
            label="coin movements"
            page={page}
            pageSize={ledgerPageSize}
            count={ledger.data.count}
            countCapped={ledger.data.countCapped}
            onPageChange={setPage}
          />
        </div>
      </>
    );

  return (
    <Card
      title="Coins"
      region
      actions={
        canAdjust ? (
          <Button variant="secondary" onClick={() => setAdjusting(true)}>
            Adjust coins
          </Button>
        ) : undefined
      }
    >
      {body}
      {adjusting && (
        <AdjustCoinsDialog
          userId={userId}
          balance={balance}
          onClose={() => setAdjusting(false)}
          onDone={() => {
            setPage(1);
            setAdjusting(false);
          }}
        />
      )}
    </Card>
  );
}

/**
 * Adjust coins: a signed whole number (not 0) and a reason, checked by the contract's
 * adjustCoinsSchema, the server's own. A change below 0 is refused by the server and said under the form.
 */
function AdjustCoinsDialog({
  userId,
  balance,
  onClose,
  onDone,
}: {
  userId: number;
  balance: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const adjust = useAdjustCoins(userId);
  const form = useZodForm(adjustCoinsSchema, { defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const { onSubmit, formError } = useFormSubmit(async (values: AdjustCoins) => {
    const res = await adjust.mutateAsync(values);
    toast.success(res.message ?? messages.coinAdjustSaved);
    form.reset(values);
    onDone();
  });
  const close = () => {
    if (!isSubmitting) onClose();
  };

  return (
    <Modal open onClose={close} title="Adjust coins" size="md">
      <Form form={form} onSubmit={onSubmit} formError={formError} aria-label="Adjust coins" className="space-y-5">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Current balance: <span className="font-medium">{formatNumber(balance)}</span> coins. A negative amount takes
          coins away.
        </p>
        <TextInput
          label="Amount"
          {...numberInput('signed')}
          requiredMark
          data-autofocus
          error={errors.amount?.message}
          {...form.register('amount', asNumber)}
        />
        <TextArea
          label="Reason"
          requiredMark
          rows={3}
          maxLength={limits.coinAdjustReasonMax}
          error={errors.reason?.message}
          {...form.register('reason')}
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Save
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
