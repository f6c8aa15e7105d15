import type { DefaultValues } from 'react-hook-form';
import {
  createGiftBoxConfigSchema,
  limits,
  statusOptions,
  type CreateGiftBoxConfig,
  type CreateGiftBoxConfigInput,
} from '@strideadmin/contract';
import { Button } from '../../components/button';
import { Form, useZodForm } from '../../components/form';
import { SelectField } from '../../components/form-fields';
import { TextInput } from '../../components/text-input';
import { useFormSubmit } from '../../lib/form-submit';
import { asNumber, numberInput } from '../../lib/number-field';

export interface BoxConfigFormProps {
  /** The form's accessible name. */
  label: string;
  defaultValues: DefaultValues<CreateGiftBoxConfigInput>;
  submitLabel: string;
  /** Saves the checked values; a rejection is shown under the form (the query client toasts it). */
  onSubmit: (values: CreateGiftBoxConfig) => Promise<void>;
  onCancel: () => void;
}

/**
 * The gift box config form of /add-box and /update-box (docs/behaviour.md §11): every rule and message
 * comes from the contract's createGiftBoxConfigSchema, the same code the server runs (a Config
 * Name, whole numbers 0 or more, Min Coins not above Max Coins). A taken name is the server's 409.
 */
export function BoxConfigForm({ label, defaultValues, submitLabel, onSubmit, onCancel }: BoxConfigFormProps) {
  const form = useZodForm(createGiftBoxConfigSchema, { defaultValues });
  const { errors, isSubmitting } = form.formState;
  const { onSubmit: submit, formError } = useFormSubmit(onSubmit);

  // The coin range is reported on Max Coins: a new Min Coins checks it again, once the user has
  // been through Max Coins (an untouched, empty Max Coins stays quiet until the submit).
  const recheckMaxCoins = () => {
    const max = form.getFieldState('maxCoins');
    if (max.isTouched || max.invalid) void form.trigger('maxCoins');
  };

  const wholeNumber = { ...numberInput('whole'), requiredMark: true } as const;

  return (
    <Form form={form} onSubmit={submit} formError={formError} aria-label={label} className="grid gap-5 sm:grid-cols-2">
      <TextInput
        label="Config Name"
        requiredMark
        autoComplete="off"
        maxLength={limits.configNameMax}
        className="sm:col-span-2"
        error={errors.type?.message}
        {...form.register('type')}
      />
      <TextInput
        label="Min Coins"
        {...wholeNumber}
        error={errors.minCoins?.message}
        {...form.register('minCoins', { ...asNumber, onChange: recheckMaxCoins })}
      />
      <TextInput
        label="Max Coins"
        {...wholeNumber}
        error={errors.maxCoins?.message}
        {...form.register('maxCoins', asNumber)}
      />
      <TextInput
        label="Steps to Unlock"
        {...wholeNumber}
        error={errors.stepsToUnlock?.message}
        {...form.register('stepsToUnlock', asNumber)}
      />
      <TextInput
        label="Boxes per Day"
        {...wholeNumber}
        error={errors.boxesPerDay?.message}
        {...form.register('boxesPerDay', asNumber)}
      />
      <SelectField control={form.control} name="isActive" label="Status" options={statusOptions} />
      <div className="flex items-end justify-end gap-3 sm:col-span-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
