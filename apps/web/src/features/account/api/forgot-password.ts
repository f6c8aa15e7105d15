import { formSubmit } from '../../../lib/query-client';
import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';

/**
 * POST /auth/forgot_password (docs/behaviour.md §7): the same answer whether or not the account exists;
 * its `message` is the success notice. Failures (429 rate limit...) follow the error policy:
 * a toast, and the form shows the message too.
 */
export const forgotPassword = (input: ForgotPasswordInput) =>
  api<unknown>('/auth/forgot_password', { method: 'POST', body: input });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword, meta: formSubmit });
}
