import { useEffect, useId, useMemo, useState, type DragEvent } from 'react';
import { Spinner } from './spinner';

export interface FileUploadProps {
  label: string;
  /** 'image' shows a preview; 'csv' a generic file icon and the name (docs/behaviour.md §2). */
  kind: 'image' | 'csv';
  /** The chosen file, or the stored address of the current image. */
  value?: File | string | null;
  onFile: (file: File) => void;
  error?: string;
  busy?: boolean;
  requiredMark?: boolean;
  hint?: string;
  disabled?: boolean;
}

const accept = { image: 'image/png,image/jpeg,image/gif', csv: '.csv,text/csv' } as const;
const defaultHint = { image: 'PNG, JPG, GIF up to 10MB', csv: 'CSV file' } as const;

/**
 * docs/behaviour.md §2 file upload box: hint, image preview, CSV files as a generic icon and file name, drag and
 * drop. Keyboard: the box is the (visually hidden) file input's label, so Tab reaches it and
 * Enter/Space open the file picker.
 */
export function FileUpload({ label, kind, value, onFile, error, busy, requiredMark, hint, disabled }: FileUploadProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const preview = useMemo(() => {
    if (!value) return null;
    if (typeof value === 'string') return value;
    return kind === 'image' ? URL.createObjectURL(value) : null;
  }, [value, kind]);
  useEffect(
    () => () => {
      if (preview?.startsWith('blob:')) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const fileName = value instanceof File ? value.name : null;

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  }

  return (
    <div>
      <span className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
        {requiredMark && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </span>
      <label
        htmlFor={id}
        data-testid="file-upload"
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`mt-1 flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-5 text-center text-sm transition-colors focus-within:ring-2 focus-within:ring-indigo-500/40 ${
          dragging
            ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950/40'
            : error
              ? 'border-red-400'
              : 'border-slate-300 hover:border-indigo-400 dark:border-slate-700'
        } ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}
      >
        {kind === 'image' && preview ? (
          <img src={preview} alt="Preview" className="max-h-40 rounded-md object-contain" />
        ) : kind === 'csv' && fileName ? (
          <span className="flex items-center gap-2 font-medium" data-testid="csv-file">
            <svg
              viewBox="0 0 24 24"
              className="size-8 text-emerald-600"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              aria-hidden="true"
            >
              <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M8 13h8M8 17h8" />
            </svg>
            {fileName}
          </span>
        ) : (
          <svg
            viewBox="0 0 24 24"
            className="size-9 text-slate-400"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            aria-hidden="true"
          >
            <path d="M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2M12 4v12M7 9l5-5 5 5" />
          </svg>
        )}
        <span>
          <span className="font-semibold text-indigo-600 dark:text-indigo-400">Upload a file</span> or drag and drop
        </span>
        <span className="text-xs text-slate-500 dark:text-slate-400">{hint ?? defaultHint[kind]}</span>
        {busy && <Spinner className="size-5" label="Uploading" />}
        <input
          id={id}
          type="file"
          accept={accept[kind]}
          className="sr-only"
          disabled={disabled || busy}
          aria-invalid={error ? true : undefined}
          aria-label={label}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onFile(file);
            e.target.value = ''; // choosing the same file again still fires
          }}
        />
      </label>
      {error && <p className="mt-1 text-sm text-red-600 dark:text-red-400">{error}</p>}
    </div>
  );
}
