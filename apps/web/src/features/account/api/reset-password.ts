import { formSubmit } from '../../../lib/query-client';
import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';

/**
 * POST /auth/reset_password (docs/behaviour.md §7): the new password and the link's token as temp_code.
 * A failure (invalid or expired link...) is toasted once by the error policy and shown under the form.
 */
export const resetPassword = (input: ResetPasswordInput) =>
  api<unknown>('/auth/reset_password', { method: 'POST', body: input });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: formSubmit });
}
