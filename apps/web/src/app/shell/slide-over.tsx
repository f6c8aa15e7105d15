import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Brand, SidebarNav } from './sidebar';
import { Icon } from './icons';

/** docs/behaviour.md §2 Shell: on small screens the sidebar is a slide-over. */
export function SlideOver({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 lg:hidden">
      <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
      <div className="fixed inset-0 flex">
        <DialogPanel className="relative flex w-72 max-w-[85vw] flex-col bg-white shadow-xl dark:bg-slate-900">
          <DialogTitle className="sr-only">Menu</DialogTitle>
          <div className="flex items-center justify-between pr-3">
            <Brand />
            <button
              type="button"
              onClick={onClose}
              aria-label="Close menu"
              className="rounded-md p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <Icon name="close" />
            </button>
          </div>
          <SidebarNav onNavigate={onClose} />
        </DialogPanel>
      </div>
    </Dialog>
  );
}
