import { useId, useState } from 'react';
import { Controller, type DefaultValues } from 'react-hook-form';
import {
  giftCardFormSchema,
  limits,
  messages,
  todayIso,
  type GiftCardForm,
  type GiftCardFormInput,
} from '@strideadmin/contract';
import { Button } from '../../components/button';
import { FileUpload } from '../../components/file-upload';
import { Form, useZodForm } from '../../components/form';
import { TextInput } from '../../components/text-input';
import { formatDuration } from '../../lib/format';
import { useFormSubmit } from '../../lib/form-submit';
import { asNumber, numberInput } from '../../lib/number-field';
import { toast } from '../../lib/toast';
import { checkImageFile, uploadImage } from '../../lib/upload';
import { reportSaveError } from './save-error';

export interface CardFormProps {
  /** The form's accessible name. */
  label: string;
  defaultValues: DefaultValues<GiftCardFormInput>;
  submitLabel: string;
  /** Saves the checked values; a rejection is reported by the form (toasts, messages under it). */
  onSubmit: (values: GiftCardForm) => Promise<void>;
  onCancel: () => void;
}

/**
 * The gift card form of /add-card and /update-card (docs/behaviour.md §2, §3): every rule and message of
 * docs/behaviour.md §5 "Update gift card" comes from the contract's giftCardFormSchema, the same code the
 * server runs. The Coin Price field is `coinPrice` (docs/behaviour.md §3); the page maps it to `price`.
 */
export function CardForm({ label, defaultValues, submitLabel, onSubmit, onCancel }: CardFormProps) {
  const form = useZodForm(giftCardFormSchema, { defaultValues });
  const { errors, isSubmitting } = form.formState;
  // A failed save: its messages toasted (reportSaveError), a taken serial number or control code
  // under its field, the rest under the form.
  const { onSubmit: submit, formError } = useFormSubmit(onSubmit, (err) => {
    const failure = reportSaveError(err);
    for (const [field, message] of Object.entries(failure.fieldErrors))
      form.setError(field as keyof typeof failure.fieldErrors, { type: 'server', message }, { shouldFocus: true });
    return failure.formError;
  });
  const [uploading, setUploading] = useState(false);
  const [pictureProblem, setPictureProblem] = useState<string | undefined>();
  const expiryId = useId();
  const expiry = form.watch('expiryDuration');

  async function onPicture(file: File) {
    const problem = checkImageFile(file);
    setPictureProblem(problem ?? undefined);
    if (problem) return;
    setUploading(true);
    try {
      const address = await uploadImage(file, 'gift_card_images');
      form.setValue('cardPicture', address, { shouldDirty: true, shouldValidate: true });
    } catch {
      // docs/behaviour.md §8, verbatim; the form keeps the address it had.
      toast.error(messages.uploadFailed);
    } finally {
      setUploading(false);
    }
  }

  // docs/behaviour.md §9: minutes over 59 read as 'N Hours M Minutes'; shown while typing.
  const expiryHint =
    typeof expiry === 'number' && Number.isInteger(expiry) && expiry >= 0 && expiry <= limits.expiryDurationMax
      ? formatDuration(expiry)
      : null;
  const expiryError = errors.expiryDuration?.message;

  return (
    <Form form={form} onSubmit={submit} formError={formError} aria-label={label} className="grid gap-5 sm:grid-cols-2">
      <TextInput
        label="Serial No"
        requiredMark
        autoComplete="off"
        error={errors.serialNumber?.message}
        {...form.register('serialNumber')}
      />
      <TextInput
        label="Control Code"
        requiredMark
        autoComplete="off"
        error={errors.controlCode?.message}
        {...form.register('controlCode')}
      />
      <TextInput
        label="Coin Price"
        {...numberInput('whole')}
        requiredMark
        error={errors.coinPrice?.message}
        {...form.register('coinPrice', asNumber)}
      />
      <TextInput
        label="Currency"
        requiredMark
        autoComplete="off"
        placeholder="e.g. SEK"
        error={errors.currency?.message}
        {...form.register('currency')}
      />
      <TextInput
        label="Amount"
        {...numberInput('whole')}
        requiredMark
        error={errors.amount?.message}
        {...form.register('amount', asNumber)}
      />
      <TextInput
        label="Store Name"
        requiredMark
        autoComplete="off"
        error={errors.storeName?.message}
        {...form.register('storeName')}
      />
      <TextInput
        label="Store Address"
        requiredMark
        autoComplete="off"
        className="sm:col-span-2"
        error={errors.storeAddress?.message}
        {...form.register('storeAddress')}
      />
      <TextInput
        label="Valid Till"
        type="date"
        // docs/behaviour.md §5: not before today (the schema says so too, with the spec's message)
        min={todayIso()}
        requiredMark
        error={errors.validTill?.message}
        {...form.register('validTill')}
      />
      <div>
        <TextInput
          id={expiryId}
          label="Expiry Duration (Minutes)"
          {...numberInput('whole')}
          requiredMark
          error={expiryError}
          aria-describedby={
            [expiryError ? `${expiryId}-error` : '', expiryHint ? `${expiryId}-hint` : ''].join(' ').trim() || undefined
          }
          {...form.register('expiryDuration', asNumber)}
        />
        {expiryHint && (
          <p
            id={`${expiryId}-hint`}
            data-testid="expiry-hint"
            className="mt-1 text-xs text-slate-500 dark:text-slate-400"
          >
            {expiryHint}
          </p>
        )}
      </div>
      <div className="sm:col-span-2">
        <Controller
          control={form.control}
          name="cardPicture"
          render={({ field, fieldState }) => (
            <FileUpload
              label="Card Picture"
              kind="image"
              requiredMark
              value={field.value}
              onFile={(f) => void onPicture(f)}
              busy={uploading}
              error={pictureProblem ?? fieldState.error?.message}
            />
          )}
        />
      </div>
      <div className="flex justify-end gap-3 sm:col-span-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting} disabled={uploading}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
