import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

export { Form, useLazyZodForm } from './form-core';

/**
 * The one form wrapper (docs/architecture.md): react-hook-form + the contract's zod schema, so the rule that
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
