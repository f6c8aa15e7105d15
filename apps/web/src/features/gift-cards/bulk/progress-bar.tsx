/** A labelled progress bar (images uploading, rows being created): "label  done / total". */
export function ProgressBar({ label, done, total }: { label: string; done: number; total: number }) {
  const pct = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div className="rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 dark:border-indigo-900 dark:bg-indigo-950/40">
      <div className="flex items-center justify-between text-sm font-medium text-indigo-900 dark:text-indigo-100">
        <span>{label}</span>
        <span className="tabular-nums" data-testid="progress-count">
          {done.toLocaleString()} / {total.toLocaleString()}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total}`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-indigo-200 dark:bg-indigo-900"
      >
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width] duration-200"
          style={{ width: `${pct}%` }}
        />
      </div>
    </div>
  );
}
