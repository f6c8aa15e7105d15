import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messages, type GiftCard, type UserDetail } from '@strideadmin/contract';
import { Avatar } from '../../components/avatar';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { CardDetailsDialog } from '../../components/card-details-dialog';
import { ExpiryNote } from '../../components/card-redemption';
import { HistoryPanel } from '../../components/history-panel';
import { LoadFailed } from '../../components/load-failed';
import { Modal } from '../../components/modal';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { formatDate, formatDateTime, formatNumber, yesNo } from '../../lib/format';
import { errorMessage } from '../../lib/api-client';
import { useIdParam } from '../../lib/id-param';
import { useCan } from '../../lib/permissions';
import { hrefs, paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useClearStepsFlag } from './api/clear-steps-flag';
import { useUser } from './api/get-user';
import { CoinsPanel } from './coins-panel';

/** Where a record that cannot be loaded sends the user back to. */
const backToList = { backTo: paths.userList, backLabel: 'Go to users' };

/** docs/behaviour.md §2 User Details: read-only, avatar that enlarges, Edit User, Go Back, Associated Gift Cards, Coins (§11). */
export function UserDetailsPage() {
  const id = useIdParam();
  const user = useUser(id);
  if (id === null) return <LoadFailed notFound={messages.userNotFound} {...backToList} />;
  if (user.isPending) return <Spinner label="Loading" className="mx-auto mt-24 size-6" />;
  if (user.isError)
    return (
      <LoadFailed
        error={user.error}
        notFound={messages.userNotFound}
        onRetry={() => void user.refetch()}
        {...backToList}
      />
    );
  return <UserDetails user={user.data} />;
}

function UserDetails({ user }: { user: UserDetail }) {
  const navigate = useNavigate();
  const [avatarOpen, setAvatarOpen] = useState(false);
  const [card, setCard] = useState<GiftCard | null>(null);
  const canWriteUsers = useCan('users:write');
  const canWriteCards = useCan('giftCards:write');
  const canReadHistory = useCan('audit:read');
  const facts: [string, string][] = [
    ['Email', user.email],
    ['Role', user.Role.name],
    ['Status', user.deletedAt ? messages.userErasedStatus : user.isActive ? 'Active' : 'Inactive'],
    ['Tracking', user.isTracking ? 'Enabled' : 'Disabled'],
    ['Gender', user.gender ? user.gender.charAt(0).toUpperCase() + user.gender.slice(1) : '—'],
    ['Date of Birth', formatDate(user.dob)],
    ['Height (cm)', formatNumber(user.height)],
    ['Weight (kg)', formatNumber(user.weight)],
    ['Total Coins', formatNumber(user.totalCoins)],
    ['Daily Foot-Step Goal', formatNumber(user.dailyFSGoal)],
    ['Created', formatDate(user.createdAt)],
  ];
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        title="User Details"
        actions={
          <>
            <Button variant="secondary" onClick={() => void navigate(paths.userList)}>
              Go Back
            </Button>
            {/* An account its owner erased cannot be edited (the API refuses it too). */}
            {canWriteUsers && !user.deletedAt && (
              <Button onClick={() => void navigate(hrefs.withId(paths.updateUser, user.id))}>Edit User</Button>
            )}
          </>
        }
      />
      <Card>
        <div className="flex flex-col gap-6 sm:flex-row">
          <button
            type="button"
            onClick={() => setAvatarOpen(true)}
            aria-label="Enlarge picture"
            className="self-start rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            <Avatar src={user.profilePic} name={user.name} className="size-24 text-2xl" />
          </button>
          <div className="flex-1">
            <h2 className="flex items-center gap-2 text-xl font-semibold" data-testid="user-details-name">
              {user.name}
              {user.deletedAt && <Badge tone="red">{messages.userErasedStatus}</Badge>}
            </h2>
            {user.stepsFlaggedAt && <StepsFlag userId={user.id} since={user.stepsFlaggedAt} canClear={canWriteUsers} />}
            <dl className="mt-4 grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
              {facts.map(([k, v]) => (
                <div
                  key={k}
                  className="flex justify-between gap-4 border-b border-slate-100 pb-2 dark:border-slate-800"
                >
                  <dt className="text-slate-500 dark:text-slate-400">{k}</dt>
                  <dd className="text-right font-medium">{v}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </Card>
      <Card title="Associated Gift Cards">
        {user.GiftCards.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">
            {messages.noAssociatedGiftCards}
          </p>
        ) : (
          <div className="-mx-6 overflow-x-auto">
            <table className="min-w-full text-sm">
              <thead className="text-left text-slate-500 dark:text-slate-400">
                <tr>
                  <th className="px-6 py-2 font-medium">Serial Number</th>
                  <th className="px-6 py-2 font-medium">Store Name</th>
                  <th className="px-6 py-2 font-medium">Coin Price</th>
                  <th className="px-6 py-2 font-medium">Valid Till</th>
                  <th className="px-6 py-2 font-medium">Redeemed</th>
                  <th className="px-6 py-2 font-medium">Expired</th>
                  <th className="px-6 py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {user.GiftCards.map((c) => (
                  <tr key={c.id}>
                    <td className="px-6 py-3 font-medium">{c.serialNumber}</td>
                    <td className="px-6 py-3">{c.storeName}</td>
                    <td className="px-6 py-3">{c.price}</td>
                    <td className="px-6 py-3">{formatDate(c.validTill)}</td>
                    <td className="px-6 py-3">{c.redeemedAt ? formatDateTime(c.redeemedAt) : 'Not redeemed'}</td>
                    <td className="px-6 py-3">
                      {yesNo(c.isExpired)}
                      <ExpiryNote card={c} />
                    </td>
                    <td className="px-6 py-3 text-right">
                      <Button variant="ghost" onClick={() => setCard(c)}>
                        View Details
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <CoinsPanel userId={user.id} balance={user.totalCoins} canAdjust={canWriteUsers} />
      {canReadHistory && (
        <Card>
          <HistoryPanel entity="user" entityId={user.id} />
        </Card>
      )}
      <Modal open={avatarOpen} onClose={() => setAvatarOpen(false)} title={user.name} size="md">
        {user.profilePic ? (
          <img src={user.profilePic} alt={user.name} className="mx-auto max-h-[70vh] rounded-lg object-contain" />
        ) : (
          <div className="flex justify-center py-6">
            <Avatar name={user.name} className="size-48 text-5xl" />
          </div>
        )}
      </Modal>
      <CardDetailsDialog
        history={
          canReadHistory ? (c) => <HistoryPanel entity="gift-card" entityId={c.id} headingLevel={3} /> : undefined
        }
        card={card}
        onClose={() => setCard(null)}
        onEdit={canWriteCards ? (c) => void navigate(hrefs.withId(paths.updateCard, c.id)) : undefined}
      />
    </div>
  );
}

/** The steps flag (docs/behaviour.md §11): since when, why, and for who may edit users, Clear. */
function StepsFlag({ userId, since, canClear }: { userId: number; since: string; canClear: boolean }) {
  const clear = useClearStepsFlag(userId);
  return (
    <p
      role="status"
      data-testid="steps-flag"
      className="mt-3 flex flex-wrap items-center gap-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-300"
    >
      <span>
        Steps flagged since {formatDate(since)}: {messages.stepsFlagReason}
      </span>
      {canClear && (
        <Button
          variant="secondary"
          disabled={clear.isPending}
          onClick={() =>
            clear.mutate(undefined, {
              onSuccess: (message) => toast.success(message ?? messages.stepsFlagCleared),
              onError: (err) => toast.error(errorMessage(err)),
            })
          }
        >
          Clear flag
        </Button>
      )}
    </p>
  );
}
