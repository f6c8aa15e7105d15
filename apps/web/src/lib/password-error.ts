import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { passwordRuleMessages } from '@strideadmin/contract';
import { ApiError, errorMessage } from './api-client';

/**
 * The server's refusal of a new password (one of the most common passwords, or an administrator's
 * too short), to show under the password field rather than under the form; null for any other failure.
 */
function passwordRuleError(err: unknown): string | null {
  return err instanceof ApiError && passwordRuleMessages.includes(err.message) ? err.message : null;
}

/**
 * A password form's failure handler (useFormSubmit's onError): a refused new password goes under
 * `field`, which takes the focus; any other failure's message goes under the form.
 */
export function passwordRuleUnder<T extends FieldValues>(form: { setError: UseFormSetError<T> }, field: Path<T>) {
  return (err: unknown): string | null => {
    const ruleError = passwordRuleError(err);
    if (!ruleError) return errorMessage(err);
    form.setError(field, { type: 'server', message: ruleError }, { shouldFocus: true });
    return null;
  };
}
