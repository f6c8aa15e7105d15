import { useId, type ReactNode } from 'react';

/** A titled section of a screen; with `region`, a landmark named by its title (for a panel found by name). */
export function Card({
  title,
  children,
  actions,
  className = '',
  region = false,
}: {
  title?: string;
  region?: boolean;
  children: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={region && title ? headingId : undefined}
      className={`rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      {(title || actions) && (
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-6 py-4 dark:border-slate-800">
          {title && (
            <h2 id={headingId} className="text-base font-semibold">
              {title}
            </h2>
          )}
          {actions}
        </div>
      )}
      <div className="px-6 py-5">{children}</div>
    </section>
  );
}
