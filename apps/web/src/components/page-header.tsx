import type { ReactNode } from 'react';
import { Spinner } from './spinner';

export function PageHeader({
  title,
  actions,
  description,
  busy = false,
}: {
  title: string;
  actions?: ReactNode;
  description?: string;
  /** Data on screen is being refreshed in the background: a small spinner before the actions. */
  busy?: boolean;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>}
      </div>
      {(busy || actions) && (
        <div className="flex gap-3">
          {busy && <Spinner className="size-5 self-center text-slate-400" />}
          {actions}
        </div>
      )}
    </div>
  );
}
