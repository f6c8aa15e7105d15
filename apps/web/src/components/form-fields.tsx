import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { DropdownOption } from '@strideadmin/contract';
import { Select } from './select';

interface SelectFieldProps<T extends FieldValues, V extends string | boolean> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: readonly DropdownOption<V>[];
  placeholder?: string;
  requiredMark?: boolean;
  /** The options are still loading: a spinner. */
  loading?: boolean;
}

/** A Select bound to a react-hook-form field (the form's value is the option's value). */
export function SelectField<T extends FieldValues, V extends string | boolean>(props: SelectFieldProps<T, V>) {
  return <BoundSelect<T, V> {...props} toOption={(value) => value as V | undefined} fromOption={(v) => v} />;
}

/**
 * A Select bound to a number field (an id, an option's number): the options' values are the
 * numbers as text, the form holds the number.
 */
export function NumberSelectField<T extends FieldValues>(props: SelectFieldProps<T, string>) {
  return (
    <BoundSelect<T, string>
      {...props}
      toOption={(value) => (typeof value === 'number' ? String(value) : null)}
      fromOption={Number}
    />
  );
}

function BoundSelect<T extends FieldValues, V extends string | boolean>({
  control,
  name,
  toOption,
  fromOption,
  ...select
}: SelectFieldProps<T, V> & {
  /** The form's value -> the chosen option's value, and back. */
  toOption: (value: unknown) => V | null | undefined;
  fromOption: (value: V) => unknown;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select<V>
          {...select}
          name={field.name}
          value={toOption(field.value)}
          onChange={(v) => {
            field.onChange(fromOption(v));
            field.onBlur();
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
