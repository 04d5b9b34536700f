import type { RouteObject } from 'react-router-dom';
import type { AppDeps } from '../appDeps';
import { pendingRoute } from './pendingRoute';

/** The supervisor's record lists and profiles: groups, members, users and the audit log. */
export function superadminRecordRoutes(_deps: AppDeps): RouteObject[] {
  return [
    pendingRoute({ id: 'superadmin_groups', path: 'groups', title: 'Groups' }),
    pendingRoute({ id: 'superadmin_group', path: 'groups/:id', title: 'Group profile' }),
    pendingRoute({ id: 'superadmin_members', path: 'members', title: 'Members' }),
    pendingRoute({ id: 'superadmin_member', path: 'members/:id', title: 'Member profile' }),
    pendingRoute({ id: 'superadmin_users', path: 'users', title: 'Users' }),
    pendingRoute({ id: 'superadmin_user', path: 'users/:id', title: 'User profile' }),
    pendingRoute({ id: 'superadmin_audit_logs', path: 'audit_logs', title: 'Audit logs' }),
  ];
}
