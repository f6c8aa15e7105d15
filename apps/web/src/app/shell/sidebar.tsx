import { useId } from 'react';
import { canOpen } from '@strideadmin/contract';
import { Link, useLocation } from 'react-router';
import { useUnreadComplaintQueryCount } from '../../features/complaints/api/count-unread-complaint-queries';
import { sidebarHref } from '../../lib/list-memory';
import { paths, sidebarEntries } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { Icon } from './icons';

/**
 * docs/behaviour.md §2 Shell: the menu, with the current entry highlighted. A list's entry leads back
 * to its last search; on that list, to where it is now (docs/behaviour.md §12).
 */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname, search } = useLocation();
  const user = useSession()?.user;
  const userId = user?.id;
  // docs/behaviour.md §13: only the entries the role may open (the contract's pagePermissions).
  const entries = sidebarEntries.filter((e) => canOpen(user?.roleName, e.to));
  const unread = useUnreadComplaintQueryCount(canOpen(user?.roleName, paths.queryList)).data ?? 0;
  const badgeId = useId();
  return (
    <nav aria-label="Main" className="flex flex-1 flex-col gap-1 px-3 py-4">
      {entries.map((e) => {
        const current = (e.match as readonly string[]).includes(pathname);
        const badge = e.to === paths.queryList && unread > 0;
        return (
          // The badge sits beside the link, not in it: the link's name stays the entry's label, and
          // the count is its description ("3 unread").
          <div key={e.to} className="relative">
            <Link
              to={sidebarHref(e.to, { pathname, search }, userId)}
              onClick={onNavigate}
              aria-current={current ? 'page' : undefined}
              aria-describedby={badge ? badgeId : undefined}
              className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                current
                  ? 'bg-indigo-600 text-white'
                  : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
              } ${badge ? 'pr-14' : ''}`}
            >
              <Icon name={e.icon} />
              {e.label}
            </Link>
            {badge && <UnreadBadge id={badgeId} count={unread} onCurrent={current} />}
          </div>
        );
      })}
    </nav>
  );
}

/** Complaint Queries' unread count: "99+" above 99; read out as "N unread". */
function UnreadBadge({ id, count, onCurrent }: { id: string; count: number; onCurrent: boolean }) {
  return (
    <span
      id={id}
      data-testid="unread-queries-badge"
      className={`pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ${
        onCurrent ? 'bg-white text-indigo-700' : 'bg-indigo-600 text-white dark:bg-indigo-500'
      }`}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{count} unread</span>
    </span>
  );
}

export function Brand() {
  return (
    <div className="flex h-16 items-center gap-2 px-6 text-lg font-bold tracking-tight">
      <img src="/favicon.svg" alt="" className="size-7" />
      StrideAdmin
    </div>
  );
}
