import { formSubmit } from '../../../lib/query-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, updateProfileSchema } from '@strideadmin/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { freshRecordOf } from '../../../lib/conflict';
import { profileKeys } from './get-profile';

export type UpdateProfile = z.output<typeof updateProfileSchema>;

/** PUT /profile (docs/behaviour.md §7): answers the updated user, merged into the stored session (§4). */
export const updateProfile = (input: UpdateProfile) => api<Profile>('/profile', { method: 'PUT', body: input });

/** Saves the profile; the cached profile becomes the answer, or what is stored now after a 409. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: formSubmit,
    onSuccess: (res, input) => qc.setQueryData(profileKeys.of(input.updateId), res.body),
    onError: (err, input) => {
      const fresh = freshRecordOf<Profile>(err);
      if (fresh) qc.setQueryData(profileKeys.of(input.updateId), fresh);
    },
  });
}
