import { Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { auditLogsLoaderData } from '../../features/auditLogs/auditLogsLoader';
import { AuditLogsRoute } from '../../features/auditLogs/AuditLogsRoute';
import { dashboardLoaderData } from '../../features/dashboard/dashboardLoader';
import { DashboardRoute } from '../../features/dashboard/DashboardRoute';
import { MembersRoute } from '../../features/members/MembersRoute';
import { postsLoaderData } from '../../features/posts/postsLoader';
import { PostsRoute } from '../../features/posts/PostsRoute';
import type { AppDeps } from '../appDeps';
import { findRouteGroup, isGroupIdParam } from '../guards';
import type { Group } from '../../api/groupsSource';
import { boundToSession } from '../loaders/signedInLoaders';
import { guardAccess, signedIn } from '../loaders/sessionGate';
import { pathTo } from '../routes';
import { createConnectionsLoader, createGroupLoader, createMembersLoader } from '../loaders/groupLoaders';
import { RouteErrorElement } from '../RouteErrorElement';
import { GROUP_ROUTE_ID, type ShellRouteHandle } from '../SignedInLayout';
import { pendingRoute } from './pendingRoute';

const unlocked: ShellRouteHandle = { unlockContent: true };

/** A group page's loader: it runs beside the group loader, so it finds the route's group itself (the group loader tells when it is missing). */
function groupPageLoader<Data>(deps: AppDeps, load: (group: Group, request: Request) => Promise<Data>) {
  return boundToSession(deps, async ({ request, params }: LoaderFunctionArgs) => {
    const { token } = signedIn(await guardAccess(deps.session, 'user', request.signal));
    const group = isGroupIdParam(params.fbGroupId) ? findRouteGroup(params.fbGroupId, await deps.groups.load(token)) : undefined;
    if (!group) throw redirect(pathTo('home'));
    return load(group, request);
  });
}

/** /:fbGroupId and its pages; the group must be one of the user's. */
export function groupRoutes(deps: AppDeps): RouteObject {
  return {
    id: GROUP_ROUTE_ID,
    path: ':fbGroupId',
    ...createGroupLoader(deps),
    errorElement: <RouteErrorElement />,
    children: [
      { index: true, element: <Navigate to="dashboard" replace /> },
      {
        id: 'group_dashboard',
        path: 'dashboard',
        ...groupPageLoader(deps, (group, request) => dashboardLoaderData(deps.api, group, request)),
        element: <DashboardRoute />,
      },
      { id: 'group_members', path: 'members/:list?', ...createMembersLoader(deps), element: <MembersRoute api={deps.api} robotActor={deps.robotActor} /> },
      {
        id: 'group_posts',
        path: 'posts',
        ...groupPageLoader(deps, (group, request) => postsLoaderData(deps.api, group, request)),
        element: <PostsRoute />,
      },
      {
        id: 'group_logs',
        path: 'logs',
        ...groupPageLoader(deps, (group, request) => auditLogsLoaderData(deps.api, group, request)),
        element: <AuditLogsRoute api={deps.api} />,
      },
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
