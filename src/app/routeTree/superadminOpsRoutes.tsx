import { Navigate, type RouteObject } from 'react-router-dom';
import type { AppDeps } from '../appDeps';
import { pendingRoute } from './pendingRoute';

/** The supervisor's view of the running system: the monitor, the robot's logs and the background tasks. */
export function superadminOpsRoutes(_deps: AppDeps): RouteObject[] {
  return [
    pendingRoute({ id: 'superadmin_monitor', path: 'monitor', title: 'Monitor' }),
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
  ];
}
