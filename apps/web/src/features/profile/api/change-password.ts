import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';

/**
 * POST /profile/change_password (docs/behaviour.md §7). The failure message is shown under the form
 * (§8), so the global toast is silenced; the answer carries a fresh token for this session.
 */
export const changePassword = (input: ChangePasswordInput) =>
  api<{ token: string }>('/profile/change_password', { method: 'POST', body: input });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { silentError: true } });
}
