import { formSubmit } from '../../../lib/query-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { updateUserSchema, UserDetail } from '@strideadmin/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { freshRecordOf } from '../../../lib/conflict';
import { userKeys } from './keys';

export type UpdateUser = z.output<typeof updateUserSchema>;

/** PUT /users (docs/behaviour.md §7). */
export const updateUser = (input: UpdateUser) => api<UserDetail>('/users', { method: 'PUT', body: input });

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    meta: formSubmit,
    onSuccess: (_res, input) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: userKeys.lists() }),
        qc.invalidateQueries({ queryKey: userKeys.detail(input.updateId) }),
      ]),
    // Refused as changed meanwhile: the answer is the user as stored now.
    onError: (err, input) => {
      const fresh = freshRecordOf<UserDetail>(err);
      if (fresh) qc.setQueryData(userKeys.detail(input.updateId), fresh);
    },
  });
}
