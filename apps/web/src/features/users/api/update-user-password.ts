import { formSubmit } from '../../../lib/query-client';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** PUT /users/updatepassword (docs/behaviour.md §7). */
export const updateUserPassword = (input: { updateId: number; password: string }) =>
  api<unknown>('/users/updatepassword', { method: 'PUT', body: input });

export function useUpdateUserPassword() {
  return useMutation({ mutationFn: updateUserPassword, meta: formSubmit });
}
