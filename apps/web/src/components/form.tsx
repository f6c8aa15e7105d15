import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { constraintAttributes } from '../lib/constraint-attributes';

export { Form, useLazyZodForm } from './form-core';

/**
 * The one form wrapper (docs/architecture.md): react-hook-form + the contract's zod schema, so the rule that
 * shows an error under a field is the same code that rejects the request on the server.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  props: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    ...props,
    // zodResolver's generics do not follow a generic schema parameter; the cast restores them.
    resolver: zodResolver<z.input<S>, unknown, z.output<S>>(schema as never),
  });
  withConstraintAttributes(form, schema);
  return form;
}

const registers = new WeakMap<object, unknown>();

/**
 * A registered input also carries the attributes its rule implies (required, maxLength, min,
 * max, pattern: lib/constraint-attributes), once per form object (useForm keeps one for the
 * form's life).
 */
function withConstraintAttributes<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>, schema: z.ZodType) {
  if (registers.get(form) === form.register) return;
  const attributes = constraintAttributes(schema);
  const register = form.register;
  const withAttributes: typeof register = (name, options) => ({ ...attributes[name], ...register(name, options) });
  form.register = withAttributes;
  registers.set(form, withAttributes);
}
