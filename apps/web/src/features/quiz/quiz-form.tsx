import type { DefaultValues } from 'react-hook-form';
import {
  createQuizSchema,
  languageOptions,
  limits,
  quizOptionOptions,
  statusOptions,
  type CreateQuiz,
  type CreateQuizInput,
} from '@strideadmin/contract';
import { Button } from '../../components/button';
import { Form, useZodForm } from '../../components/form';
import { NumberSelectField, SelectField } from '../../components/form-fields';
import { TextArea } from '../../components/text-area';
import { TextInput } from '../../components/text-input';
import { useFormSubmit } from '../../lib/form-submit';
import { asNumber, numberInput } from '../../lib/number-field';

export interface QuizFormProps {
  /** The form's accessible name. */
  label: string;
  defaultValues: DefaultValues<CreateQuizInput>;
  submitLabel: string;
  /** Saves the checked values; a rejection is shown under the form (the query client toasts it). */
  onSubmit: (values: CreateQuiz) => Promise<void>;
  onCancel: () => void;
}

const optionFields = ['option1', 'option2', 'option3', 'option4'] as const;

/**
 * The quiz question form of /add-quiz and /update-quiz (docs/behaviour.md §11): every rule and message
 * comes from the contract's createQuizSchema, the same code the server runs (four required,
 * different options; a correct option among them; English or Swedish; coins 0 or more).
 */
export function QuizForm({ label, defaultValues, submitLabel, onSubmit, onCancel }: QuizFormProps) {
  const form = useZodForm(createQuizSchema, { defaultValues });
  const { errors, isSubmitting } = form.formState;
  const { onSubmit: submit, formError } = useFormSubmit(onSubmit);

  // A repeated option is reported on each copy: when one option changes, the others the user has
  // already been through (or that show a message) are checked again. Untouched ones stay quiet.
  const recheckOtherOptions = (changed: (typeof optionFields)[number]) => {
    const due = optionFields.filter((o) => {
      if (o === changed) return false;
      const state = form.getFieldState(o);
      return state.isTouched || state.invalid;
    });
    if (due.length > 0) void form.trigger(due);
  };

  return (
    <Form form={form} onSubmit={submit} formError={formError} aria-label={label} className="grid gap-5 sm:grid-cols-2">
      <TextArea
        label="Question"
        requiredMark
        rows={3}
        maxLength={limits.quizQuestionMax}
        className="sm:col-span-2"
        error={errors.question?.message}
        {...form.register('question')}
      />
      {optionFields.map((name, i) => (
        <TextInput
          key={name}
          label={`Option ${i + 1}`}
          requiredMark
          autoComplete="off"
          maxLength={limits.quizOptionMax}
          error={errors[name]?.message}
          {...form.register(name, { onChange: () => recheckOtherOptions(name) })}
        />
      ))}
      {/* The form holds the option's number (1 to 4). */}
      <NumberSelectField
        control={form.control}
        name="correctOption"
        label="Correct Option"
        options={quizOptionOptions}
        placeholder="Select the correct option"
        requiredMark
      />
      <SelectField
        control={form.control}
        name="language"
        label="Language"
        options={languageOptions}
        placeholder="Select a language"
        requiredMark
      />
      <TextInput
        label="Coins"
        {...numberInput('whole')}
        requiredMark
        error={errors.coins?.message}
        {...form.register('coins', asNumber)}
      />
      <SelectField control={form.control} name="isActive" label="Status" options={statusOptions} />
      <div className="flex justify-end gap-3 sm:col-span-2">
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
