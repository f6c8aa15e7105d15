import { useState, type ReactNode } from 'react';
import {
  useForm,
  useFormState,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { coreMessages } from '@strideadmin/contract';
import { loadChunk } from '../lib/load-chunk';
import { useUnsavedChanges } from '../lib/unsaved-changes';
import { toast } from '../lib/toast';

// The form wrapper's parts that do not need zod up front (components/form.tsx re-exports them):
// the sign-in screen uses these alone, so /login loads neither zod nor the zod resolver.

/**
 * useZodForm with a schema loaded on the first validation, not with the screen: a screen that
 * must stay light (/login) keeps zod and the schema out of its first load. Validation
 * is asynchronous in react-hook-form either way; the rules and messages are the same schema's.
 */
export function useLazyZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  load: () => Promise<S>,
  props: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const [resolver] = useState(() => lazyZodResolver(load));
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', ...props, resolver });
}

function lazyZodResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  load: () => Promise<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  let ready: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return async (values, context, options) => {
    let resolve: Resolver<z.input<S>, unknown, z.output<S>>;
    try {
      ready ??= loadChunk(() => Promise.all([load(), import('@hookform/resolvers/zod')])).then(
        ([schema, { zodResolver }]) => zodResolver<z.input<S>, unknown, z.output<S>>(schema as never),
      );
      resolve = await ready;
    } catch (err) {
      // The rules could not be loaded (connection lost): say so, keep the form from submitting,
      // and try again on the next validation.
      ready = undefined;
      console.error(err);
      toast.error(coreMessages.chunkLoadFailed);
      const errors = { root: { type: 'load', message: coreMessages.chunkLoadFailed } } as FieldErrors<z.input<S>>;
      return { values: {}, errors };
    }
    return resolve(values, context, options);
  };
}

/**
 * A form of the wrapper: submits through react-hook-form, shows the server's message under it, and
 * guards its unsaved edits (lib/unsaved-changes.ts; the signed-in shell asks before leaving them).
 */
export function Form<T extends FieldValues, O extends FieldValues>({
  form,
  onSubmit,
  children,
  className,
  formError,
  ...rest
}: {
  form: UseFormReturn<T, unknown, O>;
  onSubmit: SubmitHandler<O>;
  children: ReactNode;
  className?: string;
  /** A server message shown under the form (docs/behaviour.md §8). */
  formError?: string | null;
  'aria-label'?: string;
}) {
  // Edited and not saved: leaving the screen asks first (docs/behaviour.md §12). While a submit runs
  // it does not: a successful save navigates on its own, and a failed one holds the edits again.
  const { isDirty, isSubmitting } = useFormState({ control: form.control });
  useUnsavedChanges(isDirty && !isSubmitting);
  return (
    <form noValidate className={className} onSubmit={form.handleSubmit(onSubmit)} {...rest}>
      {children}
      {formError && (
        <p role="alert" data-testid="form-error" className="mt-3 text-sm text-red-600 dark:text-red-400">
          {formError}
        </p>
      )}
    </form>
  );
}
