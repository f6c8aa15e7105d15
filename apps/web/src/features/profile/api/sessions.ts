import { useMutation, useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';

/** GET /auth/sessions: the administrator's sessions still open, on any device. */
export function useMySessions() {
  return useQuery({
    queryKey: ['auth', 'sessions'],
    queryFn: ({ signal }) => api<SessionInfo[]>('/auth/sessions', { signal }).then((r) => r.body),
  });
}

/** POST /auth/logout-all: ends every session of the account, this one included. */
export const signOutEverywhere = () => api<{ ended: number }>('/auth/logout-all', { method: 'POST' });

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere });
}
