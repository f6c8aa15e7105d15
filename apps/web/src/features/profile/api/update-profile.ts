import { useMutation } from '@tanstack/react-query';
import type { SessionUser, updateProfileSchema } from '@strideadmin/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type UpdateProfile = z.output<typeof updateProfileSchema>;

/** PUT /profile (spec §7): answers the updated user, merged into the stored session (spec §4). */
export const updateProfile = (input: UpdateProfile) => api<SessionUser>('/profile', { method: 'PUT', body: input });

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
