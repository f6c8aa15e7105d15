import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../components/spinner';
import { UnsavedChangesDialog } from '../../components/unsaved-changes-dialog';
import { useKeepSessionAlive } from '../../lib/keep-alive';
import { lazyPart, useLazyPart } from '../../lib/lazy-part';
import { ScreenProgress } from './screen-progress';
import { Brand, SidebarNav } from './sidebar';
import { TopBar } from './top-bar';
import { useCurrentUser } from './use-current-user';

/** The small screens' slide-over (a dialog): fetched when first opened, not with the shell. */
const slideOverPart = lazyPart(() => import('./slide-over'));

/**
 * The signed-in shell: sidebar (a slide-over on small screens), top bar, the screen, and the
 * question before leaving unsaved changes (docs/behaviour.md §12).
 */
export function ShellLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const slideOver = useLazyPart(slideOverPart, menuOpen, () => setMenuOpen(false));
  useKeepSessionAlive();
  return (
    <div className="min-h-screen">
      <CurrentUserRefresh />
      <ScreenProgress />
      <aside
        className="fixed inset-y-0 left-0 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex dark:border-slate-800 dark:bg-slate-900"
        data-testid="sidebar"
      >
        <Brand />
        <SidebarNav />
      </aside>
      {slideOver && <slideOver.SlideOver open={menuOpen} onClose={() => setMenuOpen(false)} />}
      <div className="lg:pl-64">
        <TopBar onOpenMenu={() => setMenuOpen(true)} />
        <main className="px-4 py-6 sm:px-6 lg:px-8">
          <Suspense
            fallback={
              <div className="flex justify-center py-24">
                <Spinner label="Loading" />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
      <UnsavedChangesDialog />
    </div>
  );
}

/**
 * The refresh of the signed-in administrator (use-current-user.ts), in a component of its own: its
 * answer re-renders this, not the whole shell and the screen inside it.
 */
function CurrentUserRefresh() {
  useCurrentUser();
  return null;
}
