import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm, type FieldValues, type SubmitHandler, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The one form wrapper (STYLE.md): react-hook-form + the contract's zod schema, so the rule that
 * shows an error under a field is the same code that rejects the request on the server.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  props: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    ...props,
    // zodResolver's generics do not follow a generic schema parameter; the cast restores them.
    resolver: zodResolver<z.input<S>, unknown, z.output<S>>(schema as never),
  });
}

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
  /** A server message shown under the form (spec §8). */
  formError?: string | null;
  'aria-label'?: string;
}) {
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
