import { Navigate, type RouteObject } from 'react-router-dom';
import type { AppDeps } from '../appDeps';
import { createConnectionsLoader, createGroupLoader, createMembersLoader } from '../loaders/groupLoaders';
import { RouteErrorElement } from '../RouteErrorElement';
import { GROUP_ROUTE_ID, type ShellRouteHandle } from '../SignedInLayout';
import { pendingRoute } from './pendingRoute';

const unlocked: ShellRouteHandle = { unlockContent: true };

/** /:fbGroupId and its pages; the group must be one of the user's. */
export function groupRoutes(deps: AppDeps): RouteObject {
  return {
    id: GROUP_ROUTE_ID,
    path: ':fbGroupId',
    ...createGroupLoader(deps),
    errorElement: <RouteErrorElement />,
    children: [
      { index: true, element: <Navigate to="dashboard" replace /> },
      pendingRoute({ id: 'group_dashboard', path: 'dashboard', title: 'Dashboard' }),
      pendingRoute({ id: 'group_members', path: 'members/:list?', loader: createMembersLoader(deps), title: 'Members' }),
      pendingRoute({ id: 'group_posts', path: 'posts', title: 'Posts' }),
      pendingRoute({ id: 'group_logs', path: 'logs', title: 'Actions Log' }),
      pendingRoute({ id: 'group_permissions', path: 'permissions', title: 'Permissions' }),
      {
        id: 'group_connects',
        path: 'connections',
        loader: createConnectionsLoader(deps),
        children: [
          { index: true, element: <Navigate to="stripe" replace /> },
          pendingRoute({ id: 'group_connects_stripe', path: 'stripe', title: 'Connections' }),
        ],
      },
      pendingRoute({ id: 'group_settings', path: 'settings', title: 'Settings' }),
      pendingRoute({ id: 'group_purchase', path: 'purchase', handle: unlocked, title: 'Upgrade to PRO' }),
    ],
  };
}
