import { can, type PermissionAction } from '@strideadmin/contract';
import { useSession } from './session';

/**
 * May the signed-in account do `action`? The contract's permission table (docs/behaviour.md §13
 * Roles) with the session's role: screens hide the buttons of writes the role lacks; the server
 * refuses them anyway.
 */
export function useCan(action: PermissionAction): boolean {
  return can(useSession()?.user.roleName, action);
}
