import { Navigate, type RouteObject } from 'react-router-dom';
import type { AppDeps } from '../appDeps';
import { createSupervisorLoader } from '../loaders/signedInLoaders';
import { pendingRoute } from './pendingRoute';

/** The supervisor area (part 2 §2); non-supervisors are sent home. */
export function superadminRoutes(deps: AppDeps): RouteObject {
  return {
    id: 'superadmin',
    path: 'superadmin',
    loader: createSupervisorLoader(deps),
    children: [
      { index: true, element: <Navigate to="monitor" replace /> },
      pendingRoute({ id: 'superadmin_monitor', path: 'monitor', title: 'Monitor' }),
      pendingRoute({ id: 'superadmin_groups', path: 'groups', title: 'Groups' }),
      pendingRoute({ id: 'superadmin_group', path: 'groups/:id', title: 'Group profile' }),
      pendingRoute({ id: 'superadmin_members', path: 'members', title: 'Members' }),
      pendingRoute({ id: 'superadmin_member', path: 'members/:id', title: 'Member profile' }),
      pendingRoute({ id: 'superadmin_users', path: 'users', title: 'Users' }),
      pendingRoute({ id: 'superadmin_user', path: 'users/:id', title: 'User profile' }),
      pendingRoute({ id: 'superadmin_audit_logs', path: 'audit_logs', title: 'Audit logs' }),
      {
        id: 'superadmin_robot_logs',
        path: 'robot_logs',
        children: [
          { index: true, element: <Navigate to="browse" replace /> },
          pendingRoute({ id: 'superadmin_robot_logs_browse', path: 'browse', title: 'Robot logs' }),
          pendingRoute({ id: 'superadmin_robot_logs_chart', path: 'chart', title: 'Robot logs chart' }),
        ],
      },
      pendingRoute({ id: 'superadmin_sidekiq', path: 'sidekiq', title: 'Background jobs' }),
    ],
  };
}
