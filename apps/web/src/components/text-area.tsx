import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';
import { controlProps, FieldFrame, type FieldProps } from './text-input';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldProps {}

/** A multi-line TextInput: the same label, required asterisk and error text (docs/behaviour.md §2 shared widgets). */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, requiredMark, error, id, className, rows = 3, maxLength: _cut, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldFrame inputId={inputId} label={label} requiredMark={requiredMark} error={error} className={className}>
      {/* No maxLength: a long text typed or pasted is never cut short without a word; the rule's
          "too long" message (and a counter, where the screen has one) says it instead. */}
      <textarea ref={ref} rows={rows} {...controlProps(inputId, error)} {...rest} />
    </FieldFrame>
  );
});
