import type { ReactNode } from 'react';

/** A list with nothing to show (docs/behaviour.md §12): what happened, and what to do about it. */
export function EmptyState({ title, hint, action }: { title: string; hint?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center text-center" data-testid="empty-state">
      <svg
        viewBox="0 0 24 24"
        className="size-10 text-slate-300 dark:text-slate-600"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        aria-hidden="true"
      >
        <path
          d="M21 21l-4.35-4.35M10.5 18a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15zM8 10.5h5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className="mt-3 text-base font-semibold text-slate-900 dark:text-slate-100">{title}</p>
      {hint && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{hint}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
