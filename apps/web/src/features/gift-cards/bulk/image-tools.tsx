import { useState, type ChangeEvent, type DragEvent } from 'react';
import { Button } from '../../../components/button';
import type { ImageMatchReport } from './match-images';

const imageAccept = 'image/png,image/jpeg,image/gif';

const names = (files: readonly File[], max = 5) =>
  files.length <= max
    ? files.map((f) => f.name).join(', ')
    : `${files
        .slice(0, max)
        .map((f) => f.name)
        .join(', ')} and ${files.length - max} more`;

/**
 * Beyond the spec: images for many rows at once. Drop or choose images named after the
 * serial numbers; or tick rows and give them all one image; or take ticked rows out of the import.
 */
export function ImageTools({
  selectedCount,
  selectedWithoutErrors,
  disabled,
  report,
  onMatchFiles,
  onApplyToSelected,
  onRemoveSelected,
  onClearSelection,
}: {
  selectedCount: number;
  /** Ticked rows that can take an image (docs/behaviour.md §4: rows without errors). */
  selectedWithoutErrors: number;
  disabled?: boolean;
  report: ImageMatchReport | null;
  onMatchFiles: (files: File[]) => void;
  onApplyToSelected: (file: File) => void;
  onRemoveSelected: () => void;
  onClearSelection: () => void;
}) {
  const [dragging, setDragging] = useState(false);

  const take = (list: FileList | null | undefined) => {
    const files = Array.from(list ?? []);
    if (files.length > 0 && !disabled) onMatchFiles(files);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files);
  };
  const onChoose = (e: ChangeEvent<HTMLInputElement>) => {
    take(e.target.files);
    e.target.value = '';
  };
  const onApply = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) onApplyToSelected(file);
  };
  const applyDisabled = disabled || selectedWithoutErrors === 0;

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div>
        <label
          data-testid="image-drop-zone"
          onDragOver={(e) => {
            e.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`flex h-full cursor-pointer flex-col justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-4 text-sm transition-colors focus-within:ring-2 focus-within:ring-indigo-500/40 ${
            dragging
              ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950/40'
              : 'border-slate-300 hover:border-indigo-400 dark:border-slate-700'
          } ${disabled ? 'pointer-events-none opacity-60' : ''}`}
        >
          <span className="font-medium">
            <span className="text-indigo-600 dark:text-indigo-400">Choose images</span> or drop many at once
          </span>
          <span className="text-xs text-slate-500 dark:text-slate-400">
            Name each image after its card&apos;s serial number (GC-0001.png goes to serial GC-0001). PNG, JPG, GIF up
            to 10MB each.
          </span>
          <input
            type="file"
            multiple
            accept={imageAccept}
            className="sr-only"
            aria-label="Images named by serial number"
            disabled={disabled}
            onChange={onChoose}
          />
        </label>
      </div>
      <div className="flex flex-col justify-center gap-3 rounded-lg border border-slate-200 px-4 py-4 text-sm dark:border-slate-800">
        <p className="text-slate-600 dark:text-slate-400" data-testid="selection-summary">
          {selectedCount === 0
            ? 'Tick rows in the table to give them one image, or to take them out of the import.'
            : `${selectedCount.toLocaleString()} ${selectedCount === 1 ? 'row' : 'rows'} selected${
                selectedWithoutErrors < selectedCount
                  ? ` (${selectedWithoutErrors.toLocaleString()} without errors can take an image)`
                  : ''
              }.`}
        </p>
        <div className="flex flex-wrap gap-2">
          <label
            className={`inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600 ${
              applyDisabled ? 'cursor-not-allowed opacity-50' : 'cursor-pointer hover:bg-indigo-500'
            }`}
          >
            Apply one image to selected rows
            <input
              type="file"
              accept={imageAccept}
              className="sr-only"
              aria-label="Image for the selected rows"
              disabled={applyDisabled}
              onChange={onApply}
            />
          </label>
          <Button variant="secondary" disabled={disabled || selectedCount === 0} onClick={onRemoveSelected}>
            Remove selected rows
          </Button>
          {selectedCount > 0 && (
            <Button variant="ghost" disabled={disabled} onClick={onClearSelection}>
              Clear selection
            </Button>
          )}
        </div>
      </div>
      {report && <MatchReport report={report} />}
    </div>
  );
}

function MatchReport({ report }: { report: ImageMatchReport }) {
  const problems = [
    report.unmatched.length > 0 && `No row has the serial number of ${names(report.unmatched)}.`,
    report.rowHasErrors.length > 0 &&
      `Fix the errors of their rows first (images go only to rows without errors): ${names(report.rowHasErrors)}.`,
    report.duplicates.length > 0 && `Another image was already matched to the same row: ${names(report.duplicates)}.`,
    ...report.invalid.map((i) => `${i.file.name}: ${i.message}`),
  ].filter((p): p is string => typeof p === 'string');
  const n = report.matches.length;
  return (
    <div
      role="status"
      data-testid="image-match-report"
      className={`rounded-lg border px-4 py-3 text-sm lg:col-span-2 ${
        problems.length
          ? 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100'
          : 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100'
      }`}
    >
      <p className="font-medium">
        {n === 0 ? 'No image matched a row.' : `${n} ${n === 1 ? 'image matches a row' : 'images match rows'}.`}
      </p>
      {problems.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
