import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { shownInPlace } from '../../../lib/query-client';

/** Query keys of the profile feature: one entry per signed-in account. */
export const profileKeys = {
  of: (userId: number) => ['profile', userId] as const,
};

/** GET /profile: the signed-in user as stored now, with the version the form sends back. */
export const getProfile = (signal?: AbortSignal) => api<Profile>('/profile', { signal }).then((r) => r.body);

export function useProfile(userId: number | null) {
  return useQuery({
    queryKey: profileKeys.of(userId ?? 0),
    queryFn: ({ signal }) => getProfile(signal),
    meta: shownInPlace,
    enabled: userId !== null,
  });
}
