import { queryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import { can, type Profile, type SessionUser, type UserDetail } from '@strideadmin/contract';
import { api } from '../../lib/api-client';
import { useEagerQuery } from '../../lib/eager-query';
import { session, useSession } from '../../lib/session';

/**
 * docs/behaviour.md §7 GET /users/{myId}: the shell refreshes the signed-in administrator on load, so the name
 * and avatar stay current and a revoked session ends at once (the query client's 401 policy). A role
 * that may not read users (docs/behaviour.md §13) reads its own profile instead (GET /profile).
 */
export function useCurrentUser() {
  const s = useSession();
  const query = useEagerQuery(currentUserQueryOptions(s?.user));
  useEffect(() => {
    if (!query.data) return;
    session.mergeUser(sessionFields(query.data));
  }, [query.data]);
  return query;
}

/** The shell's call for the signed-in administrator (also started at a sign-in: app/first-calls.ts). */
export function currentUserQueryOptions(user: Pick<SessionUser, 'id' | 'roleName'> | undefined) {
  const id = user?.id;
  const viaUsers = can(user?.roleName, 'users:read');
  return queryOptions<UserDetail | Profile>({
    queryKey: viaUsers ? ['users', 'detail', id] : ['profile', 'shell', id],
    queryFn: ({ signal }) =>
      api<UserDetail | Profile>(viaUsers ? `/users/${id}` : '/profile', { signal }).then((r) => r.body),
    enabled: id !== undefined,
  });
}

function sessionFields(data: UserDetail | Profile): Partial<SessionUser> {
  if ('Role' in data) {
    const { Role, updatedAt: _updatedAt, ...fields } = data;
    return { ...fields, roleName: Role.name };
  }
  const { version: _version, ...fields } = data;
  return fields;
}
