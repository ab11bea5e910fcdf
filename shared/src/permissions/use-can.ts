import { can, type Permission } from './index';
import { useSession } from '../session';

/** Whether the signed-in user's role holds a permission (false when signed out): screens hide what it refuses. */
export function useCan(permission: Permission): boolean {
  return can(useSession().user?.role, permission);
}
