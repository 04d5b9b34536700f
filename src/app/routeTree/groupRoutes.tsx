import { Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { AppDeps } from '../appDeps';
import { findRouteGroup, isGroupIdParam } from '../guards';
import type { Group } from '../../api/groupsSource';
import { boundToSession } from '../loaders/signedInLoaders';
import { guardUserWithGroups } from '../loaders/sessionGate';
import { GROUP_ROUTE_ID, pathTo } from '../routes';
import { createConnectionsLoader, createGroupLoader, createMembersLoader } from '../loaders/groupLoaders';
import { RouteErrorElement } from '../RouteErrorElement';
import { fetchStatus } from '../loaders/serverStatus';
import type { ShellRouteHandle } from '../SignedInLayout';
import { lazyElement, pages } from './pages';

const unlocked: ShellRouteHandle = { unlockContent: true };

/**
 * A group page's loader: it runs beside the group loader, so it finds the route's group itself (the
 * group loader tells when it is missing). A page whose data is loaded by code of its own names that
 * chunk as `code`: it is fetched while the session and the groups are asked for.
 */
function groupPageLoader<Data>(deps: AppDeps, load: (group: Group, request: Request) => Promise<Data>, code?: () => Promise<unknown>) {
  return boundToSession(deps, async ({ request, params }: LoaderFunctionArgs) => {
    code?.().catch(() => {});
    const { groups } = await guardUserWithGroups(deps.session, deps.groups, request.signal);
    const group = isGroupIdParam(params.fbGroupId) ? findRouteGroup(params.fbGroupId, groups) : undefined;
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
        ...groupPageLoader(deps, async (group, request) => (await pages.dashboardData()).dashboardLoaderData(deps.api, group, request), pages.dashboardData),
        ...lazyElement('dashboard', ({ DashboardRoute }) => <DashboardRoute />),
      },
      {
        id: 'group_members',
        path: 'members/:list?',
        ...createMembersLoader(deps),
        ...lazyElement('members', ({ MembersRoute }) => <MembersRoute api={deps.api} robotActor={deps.robotActor} />),
      },
      {
        id: 'group_posts',
        path: 'posts',
        ...groupPageLoader(deps, async (group, request) => (await pages.postsData()).postsLoaderData(deps.api, group, request), pages.postsData),
        ...lazyElement('posts', ({ PostsRoute }) => <PostsRoute />),
      },
      {
        id: 'group_logs',
        path: 'logs',
        ...groupPageLoader(deps, async (group, request) => (await pages.auditLogsData()).auditLogsLoaderData(deps.api, group, request), pages.auditLogsData),
        ...lazyElement('auditLogs', ({ AuditLogsRoute }) => <AuditLogsRoute api={deps.api} />),
      },
      {
        id: 'group_permissions',
        path: 'permissions',
        ...groupPageLoader(deps, async (group) => ({ group })),
        ...lazyElement('permissions', ({ PermissionsRoute }) => <PermissionsRoute api={deps.api} session={deps.session} />),
      },
      {
        id: 'group_connects',
        path: 'connections',
        ...createConnectionsLoader(deps),
        children: [
          { index: true, element: <Navigate to="stripe" replace /> },
          {
            id: 'group_connects_stripe',
            path: 'stripe',
            ...groupPageLoader(deps, async (group) => ({ group })),
            // The page and its review are two chunks, fetched together.
            lazy: async () => {
              const [{ ConnectionsRoute }, { MatchReview }] = await Promise.all([pages.connections(), pages.matchReview()]);
              return {
                element: <ConnectionsRoute api={deps.api} review={(group) => <MatchReview key={group.id} api={deps.api} group={group} />} />,
              };
            },
          },
        ],
      },
      {
        id: 'group_settings',
        path: 'settings',
        ...groupPageLoader(deps, async (group) => ({ group })),
        ...lazyElement('settings', ({ SettingsRoute }) => <SettingsRoute api={deps.api} session={deps.session} robotActor={deps.robotActor} />),
      },
      {
        id: 'group_purchase',
        path: 'purchase',
        handle: unlocked,
        ...groupPageLoader(deps, async (group, request) => ({ group, status: await fetchStatus(deps.api, request.signal) })),
        ...lazyElement('purchase', ({ PurchaseRoute }) => <PurchaseRoute api={deps.api} session={deps.session} />),
      },
    ],
  };
}
