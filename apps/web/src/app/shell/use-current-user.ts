import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UserDetail } from '@strideadmin/contract';
import { api } from '../../lib/api-client';
import { session, useSession } from '../../lib/session';

/**
 * docs/behaviour.md §7 GET /users/{myId}: the shell refreshes the signed-in administrator on load, so the name
 * and avatar stay current and a revoked session ends at once (the query client's 401 policy).
 */
export function useCurrentUser() {
  const s = useSession();
  const id = s?.user.id;
  const query = useQuery({
    queryKey: ['users', 'detail', id],
    queryFn: ({ signal }) => api<UserDetail>(`/users/${id}`, { signal }).then((r) => r.body),
    enabled: id !== undefined,
  });
  useEffect(() => {
    if (!query.data) return;
    const { Role, updatedAt: _updatedAt, ...fields } = query.data;
    session.mergeUser({ ...fields, roleName: Role.name });
  }, [query.data]);
  return query;
}
