import { passwordRuleMessages } from '@strideadmin/contract';
import { ApiError } from './api-client';

/**
 * The server's refusal of a new password (one of the most common passwords, or an administrator's
 * too short), to show under the password field rather than under the form; null for any other failure.
 */
export function passwordRuleError(err: unknown): string | null {
  return err instanceof ApiError && passwordRuleMessages.includes(err.message) ? err.message : null;
}
