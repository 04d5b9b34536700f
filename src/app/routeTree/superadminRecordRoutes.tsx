import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import type { AppDeps } from '../appDeps';
import { boundToSession } from '../loaders/signedInLoaders';
import { guardAccess } from '../loaders/sessionGate';
import { lazySuperadminElement, superadminPages } from './superadminPageChunks';

type RecordsLoaders = Awaited<ReturnType<typeof superadminPages.superadminRecordsData>>;

/** A supervisor page's loader: it runs beside the area's own guard, so it lets only a supervisor in itself. */
function supervisorPageLoader<Data>(deps: AppDeps, load: (loaders: RecordsLoaders, args: LoaderFunctionArgs) => Promise<Data>) {
  return boundToSession(deps, async (args: LoaderFunctionArgs) => {
    await guardAccess(deps.session, 'supervisor', args.request.signal);
    return load(await superadminPages.superadminRecordsData(), args);
  });
}

/** The supervisor's record lists and profiles: groups, members, users and the audit log. */
export function superadminRecordRoutes(deps: AppDeps): RouteObject[] {
  const { api } = deps;
  return [
    {
      id: 'superadmin_groups',
      path: 'groups',
      ...supervisorPageLoader(deps, (loaders, { request }) => loaders.groupsLoaderData(api, request)),
      ...lazySuperadminElement('superadminGroups', ({ GroupsRoute }) => <GroupsRoute />),
    },
    {
      id: 'superadmin_group',
      path: 'groups/:id',
      ...supervisorPageLoader(deps, (loaders, { request, params }) => loaders.groupProfileLoaderData(api, params.id, request)),
      ...lazySuperadminElement('superadminGroup', ({ GroupProfileRoute }) => <GroupProfileRoute api={api} />),
    },
    {
      id: 'superadmin_members',
      path: 'members',
      ...supervisorPageLoader(deps, (loaders, { request }) => loaders.membersLoaderData(api, request)),
      ...lazySuperadminElement('superadminMembers', ({ MembersRoute }) => <MembersRoute api={api} />),
    },
    {
      id: 'superadmin_member',
      path: 'members/:id',
      ...supervisorPageLoader(deps, (loaders, { request, params }) => loaders.memberProfileLoaderData(api, params.id, request)),
      ...lazySuperadminElement('superadminMember', ({ MemberProfileRoute }) => <MemberProfileRoute />),
    },
    {
      id: 'superadmin_users',
      path: 'users',
      ...supervisorPageLoader(deps, (loaders, { request }) => loaders.usersLoaderData(api, request)),
      ...lazySuperadminElement('superadminUsers', ({ UsersRoute }) => <UsersRoute api={api} />),
    },
    {
      id: 'superadmin_user',
      path: 'users/:id',
      ...supervisorPageLoader(deps, (loaders, { request, params }) => loaders.userProfileLoaderData(api, params.id, request)),
      ...lazySuperadminElement('superadminUser', ({ UserProfileRoute }) => <UserProfileRoute api={api} />),
    },
    {
      id: 'superadmin_audit_logs',
      path: 'audit_logs',
      ...supervisorPageLoader(deps, (loaders, { request }) => loaders.auditLogLoaderData(api, request)),
      ...lazySuperadminElement('superadminAuditLogs', ({ AuditLogRoute }) => <AuditLogRoute api={api} />),
    },
  ];
}
