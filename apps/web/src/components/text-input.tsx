import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** What a labelled text control takes besides its element's attributes (docs/behaviour.md §2 shared widgets). */
export interface FieldProps {
  label: string;
  /** Shows the required asterisk (docs/behaviour.md §2 shared widgets). */
  requiredMark?: boolean;
  error?: string;
}

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement>, FieldProps {}

/** docs/behaviour.md §2: text input with an optional required asterisk and error text. */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { label, requiredMark, error, id, className, maxLength, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldFrame inputId={inputId} label={label} requiredMark={requiredMark} error={error} className={className}>
      <input
        ref={ref}
        {...controlProps(inputId, error)}
        // A password is never cut short without a word (a pasted one would silently lose its end):
        // its rule's "too long" message says it instead.
        maxLength={rest.type === 'password' ? undefined : maxLength}
        {...rest}
      />
    </FieldFrame>
  );
});

/** The frame of a text control (TextInput, TextArea): its label with the asterisk, and its error text. */
export function FieldFrame({
  inputId,
  label,
  requiredMark,
  error,
  className,
  children,
}: FieldProps & { inputId: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
        {requiredMark && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** A text control's id, look and error wiring: invalid, and described by its error text, when it has one. */
export function controlProps(inputId: string, error: string | undefined) {
  return {
    id: inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${inputId}-error` : undefined,
    className: `mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-sm shadow-sm outline-none placeholder:text-slate-400 focus:ring-2 dark:bg-slate-900 ${
      error
        ? 'border-red-500 focus:ring-red-500/30'
        : 'border-slate-300 focus:border-indigo-500 focus:ring-indigo-500/30 dark:border-slate-700'
    }`,
  } as const;
}
