import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { DropdownOption } from '@strideadmin/contract';
import { Select } from './select';

/** A Select bound to a react-hook-form field (the form's value is the option's value). */
export function SelectField<T extends FieldValues, V extends string | boolean>({
  control,
  name,
  label,
  options,
  placeholder,
  requiredMark,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: readonly DropdownOption<V>[];
  placeholder?: string;
  requiredMark?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select<V>
          label={label}
          name={field.name}
          options={options}
          value={field.value}
          onChange={(v) => {
            field.onChange(v);
            field.onBlur();
          }}
          placeholder={placeholder}
          requiredMark={requiredMark}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
