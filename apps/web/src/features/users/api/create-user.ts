import { formSubmit } from '../../../lib/query-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUser } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

/** POST /users (docs/behaviour.md §7): answers message and body.id. */
export const createUser = (input: CreateUser) => api<{ id: number }>('/users', { method: 'POST', body: input });

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    meta: formSubmit,
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
