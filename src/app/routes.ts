import type { PathParam } from 'react-router-dom';

export { ONBOARDING_STEPS, type OnboardingStep } from '../../machines/onboarding/steps';

/** Every named route of the app and its path (spec part 1 §2, part 2 §2). */
export const routePaths = {
  home: '/',
  login: '/auth/login',
  sandbox_sign_in: '/auth/sandbox',
  token_auth: '/auth/token/:token',
  logout: '/logout',
  banned: '/banned',
  welcome: '/welcome',
  user: '/user',
  affiliates: '/affiliates',
  change_card: '/change_card',
  support: '/support',
  onboarding: '/onboarding',
  onboarding_step: '/onboarding/:step',
  group: '/:fbGroupId',
  group_dashboard: '/:fbGroupId/dashboard',
  group_members: '/:fbGroupId/members/:list?',
  group_posts: '/:fbGroupId/posts',
  group_logs: '/:fbGroupId/logs',
  group_permissions: '/:fbGroupId/permissions',
  group_connects: '/:fbGroupId/connections',
  group_connects_stripe: '/:fbGroupId/connections/stripe',
  group_settings: '/:fbGroupId/settings',
  group_purchase: '/:fbGroupId/purchase',
  superadmin: '/superadmin',
  superadmin_monitor: '/superadmin/monitor',
  superadmin_groups: '/superadmin/groups',
  superadmin_group: '/superadmin/groups/:id',
  superadmin_members: '/superadmin/members',
  superadmin_member: '/superadmin/members/:id',
  superadmin_users: '/superadmin/users',
  superadmin_user: '/superadmin/users/:id',
  superadmin_audit_logs: '/superadmin/audit_logs',
  superadmin_robot_logs: '/superadmin/robot_logs',
  superadmin_robot_logs_browse: '/superadmin/robot_logs/browse',
  superadmin_robot_logs_chart: '/superadmin/robot_logs/chart',
  superadmin_sidekiq: '/superadmin/sidekiq',
} as const;

export type RouteName = keyof typeof routePaths;

/** The group route's id, whose loader data every page of the group reads. */
export const GROUP_ROUTE_ID = 'group' satisfies RouteName;

type ParamName<Name extends RouteName> = PathParam<(typeof routePaths)[Name]>;
type ParamsOf<Name extends RouteName> = [ParamName<Name>] extends [never] ? [] : [{ [Key in ParamName<Name>]: string | null }];

/** The URL of a named route, e.g. `pathTo('group_members', { fbGroupId: '123', list: 'removed' })`. */
export function pathTo<Name extends RouteName>(name: Name, ...params: ParamsOf<Name>): string {
  return fillPath(routePaths[name], params[0] as Record<string, string | null> | undefined);
}

/** A route's path with its `:params` filled in; an optional one (`:list?`) left out when null. Needs no router, like the login page. */
function fillPath(path: string, params: Record<string, string | null> = {}): string {
  const segments = path.split('/').flatMap((segment) => {
    const param = /^:(\w+)(\?)?$/.exec(segment);
    if (!param) return [segment];
    const value = params[param[1]];
    if (value !== null && value !== undefined) return [value];
    if (param[2]) return [];
    throw new Error(`pathTo: the path ${path} needs its ":${param[1]}" param`);
  });
  return segments.join('/') || '/';
}

/** A token link may name a page of this app to open next; anything else (another site) opens home. */
export function tokenAuthTarget(redirect: string | null): string {
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\')) return redirect;
  return pathTo('home');
}

/** The login page's address after a refused sign-in says so (`?success=false`). */
export function isLoginFailure(search: URLSearchParams): boolean {
  return search.get('success') === 'false';
}
