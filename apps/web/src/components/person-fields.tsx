import { type Control, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { genderOptions } from '@strideadmin/contract';
import { SelectField } from './form-fields';
import { TextInput } from './text-input';

/** The fields a form about a person shares (docs/behaviour.md §3 User): height, weight, gender, coins, daily goal. */
interface PersonFieldValues extends FieldValues {
  height?: number;
  weight?: number;
  gender?: 'male' | 'female' | null;
  totalCoins?: number;
  dailyFSGoal?: number;
}

const numberField = (name: string, label: string, step: number | 'any') => ({ name, label, step });
const before = [numberField('height', 'Height (cm)', 'any'), numberField('weight', 'Weight (kg)', 'any')];
const after = [numberField('totalCoins', 'Total Coins', 1), numberField('dailyFSGoal', 'Daily Foot-Step Goal', 1)];

/** docs/behaviour.md §5/§9: number inputs minimum 0; read as numbers, so '' is refused by the contract schema. */
export function PersonFields<T extends PersonFieldValues, O extends FieldValues>({
  form,
}: {
  form: UseFormReturn<T, unknown, O>;
}) {
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const number = ({ name, label, step }: ReturnType<typeof numberField>) => (
    <TextInput
      key={name}
      label={label}
      type="number"
      min={0}
      step={step}
      error={errors[name]?.message}
      {...form.register(name as Path<T>, { valueAsNumber: true })}
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
