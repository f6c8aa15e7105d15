import { Link, useLocation } from 'react-router';
import { sidebarEntries } from '../../lib/paths';
import { Icon } from './icons';

/** spec §2 Shell: the menu, with the current entry highlighted. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className="flex flex-1 flex-col gap-1 px-3 py-4">
      {sidebarEntries.map((e) => {
        const current = (e.match as readonly string[]).includes(pathname);
        return (
          <Link
            key={e.to}
            to={e.to}
            onClick={onNavigate}
            aria-current={current ? 'page' : undefined}
            className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
              current
                ? 'bg-indigo-600 text-white'
                : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
            }`}
          >
            <Icon name={e.icon} />
            {e.label}
          </Link>
        );
      })}
    </nav>
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
