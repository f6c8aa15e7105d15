import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messages, type SessionInfo } from '@strideadmin/contract';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useMySessions, useSignOutEverywhere } from './api/sessions';

/** Where a session was signed in, in a few words: the portal or the app, and the address. */
function describe(s: SessionInfo): string {
  const where = s.audience === 'admin' ? 'Portal' : 'App';
  return s.ip ? `${where} · ${s.ip}` : where;
}

/**
 * The account's open sessions, and "Sign out everywhere": ends every one of them on the server
 * (a stolen or forgotten token included), this one too, then back to the sign-in screen.
 */
export function SessionsCard() {
  const sessions = useMySessions();
  const everywhere = useSignOutEverywhere();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  async function onConfirm() {
    try {
      const res = await everywhere.mutateAsync();
      toast.success(res.message ?? messages.signedOutEverywhere);
      session.signOut();
      void navigate(paths.login, { replace: true });
    } catch {
      // The query client's policy told why (a toast; signed out if the session had already ended).
      setConfirming(false);
    }
  }

  return (
    <Card
      title="Sessions"
      actions={
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Sign out everywhere
        </Button>
      }
    >
      {sessions.data ? (
        <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label="Open sessions">
          {sessions.data.map((s) => (
            <li key={`${s.createdAt}-${s.ip ?? ''}-${s.audience}`} className="py-2">
              <p className="font-medium">
                {describe(s)}
                {s.current && <span className="ml-2 text-slate-500 dark:text-slate-400">(this session)</span>}
              </p>
              <p className="truncate text-slate-500 dark:text-slate-400" title={s.userAgent ?? undefined}>
                Signed in {formatDateTime(s.createdAt)} · last used {formatDateTime(s.lastSeenAt)}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {sessions.isError ? 'Could not load the sessions.' : 'Loading sessions…'}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title="Sign out everywhere?"
        description={messages.signOutEverywhereConfirm}
        confirmLabel="Sign out everywhere"
        pending={everywhere.isPending}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
