import { type Control, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { genderOptions } from '@strideadmin/contract';
import { SelectField } from './form-fields';
import { TextInput } from './text-input';
import { asNumber, numberInput } from '../lib/number-field';

/** The fields a form about a person shares (docs/behaviour.md §3 User): height, weight, gender, coins, daily goal. */
interface PersonFieldValues extends FieldValues {
  height?: number;
  weight?: number;
  gender?: 'male' | 'female' | null;
  totalCoins?: number;
  dailyFSGoal?: number;
}

const numberField = (name: string, label: string, kind: 'whole' | 'decimal') => ({ name, label, kind });
const before = [numberField('height', 'Height (cm)', 'decimal'), numberField('weight', 'Weight (kg)', 'decimal')];
const after = [
  numberField('totalCoins', 'Total Coins', 'whole'),
  numberField('dailyFSGoal', 'Daily Foot-Step Goal', 'whole'),
];

/**
 * docs/behaviour.md §5/§9: number inputs minimum 0, digits only (lib/number-field.ts); one left
 * empty is refused with its own "... is required" by the form's contract schema.
 */
export function PersonFields<T extends PersonFieldValues, O extends FieldValues>({
  form,
}: {
  form: UseFormReturn<T, unknown, O>;
}) {
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const number = ({ name, label, kind }: ReturnType<typeof numberField>) => (
    <TextInput
      key={name}
      label={label}
      {...numberInput(kind)}
      error={errors[name]?.message}
      {...form.register(name as Path<T>, asNumber)}
    />
  );
  return (
    <>
      {before.map(number)}
      <SelectField
        control={form.control as unknown as Control<FieldValues>}
        name="gender"
        label="Gender"
        options={genderOptions}
        placeholder="Select gender"
      />
      {after.map(number)}
    </>
  );
}
