import { useNavigate } from 'react-router';
import { canOpen } from '@strideadmin/contract';
import { Avatar } from '../../components/avatar';
import { Menu } from '../../components/menu';
import { ThemeToggle } from '../../components/theme-toggle';
import { useSession } from '../../lib/session';
import { signOut } from '../../lib/sign-out';
import { jumpScreens, paths } from '../../lib/paths';
import { QuickSearch } from '../../features/quick-search/quick-search';
import { Icon } from './icons';

/**
 * docs/behaviour.md §2 Shell: avatar and name with a menu of Profile and Logout; plus the theme toggle and the
 * quick search (docs/behaviour.md §12) over the screens the sidebar leads to, users and gift cards.
 */
export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const s = useSession();
  const navigate = useNavigate();
  const name = s?.user.name ?? '';
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6 dark:border-slate-800 dark:bg-slate-900/90">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label="Open menu"
        className="rounded-md p-2 hover:bg-slate-100 lg:hidden dark:hover:bg-slate-800"
      >
        <Icon name="menu" />
      </button>
      <div className="flex min-w-0 flex-1">
        <QuickSearch screens={jumpScreens.filter((j) => canOpen(s?.user.roleName, j.to))} />
      </div>
      <ThemeToggle />
      <Menu
        label="Account menu"
        button={
          <>
            <Avatar src={s?.user.profilePic} name={name} />
            <span className="hidden max-w-48 truncate font-medium sm:inline" data-testid="user-name">
              {name}
            </span>
          </>
        }
        items={[
          { label: 'Profile', onSelect: () => void navigate(paths.profile) },
          {
            label: 'Logout',
            // Ends the session on the server too (a copied token stops working), then here.
            onSelect: () => void signOut().then(() => navigate(paths.login, { replace: true })),
          },
        ]}
      />
    </header>
  );
}
