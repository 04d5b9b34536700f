import { redirect, type LoaderFunctionArgs, type ShouldRevalidateFunction } from 'react-router-dom';
import type { MembersLoaderData } from '../../features/members/MembersRoute';
import type { AppDeps } from '../appDeps';
import { connectionsRedirect, findRouteGroup, isGroupIdParam, memberListRedirect } from '../guards';
import { pathTo } from '../routes';
import { boundToSession } from './signedInLoaders';
import { guardUserWithGroups } from './sessionGate';
import type { Group } from '../../api/groupsSource';
import { isPaidPlan } from '../../../rules/plans';

export interface GroupRouteData {
  group: Group;
}

export const GROUP_NOT_FOUND_NOTICE = { title: 'Uh oh! Error happens!', message: 'Group not found!', variant: 'danger' } as const;

/** The signed-in user and the route's group among their groups; no group when the id is not digits or the group is not theirs. */
async function routeGroup({ session, groups }: AppDeps, { request, params }: LoaderFunctionArgs) {
  const { user, groups: userGroups } = await guardUserWithGroups(session, groups, request.signal);
  const group = isGroupIdParam(params.fbGroupId) ? findRouteGroup(params.fbGroupId, userGroups) : undefined;
  return { user, group };
}

/** /:fbGroupId — every group page: the group must be one of the user's; it becomes the current group. */
export function createGroupLoader(deps: AppDeps) {
  return boundToSession(deps, async (args): Promise<GroupRouteData> => {
    const { user, group } = await routeGroup(deps, args);
    if (!group) {
      if (isGroupIdParam(args.params.fbGroupId)) deps.notices.post(GROUP_NOT_FOUND_NOTICE);
      throw redirect(pathTo('home'));
    }
    deps.currentGroup.remember(user.id, group.fb_group_id);
    return { group };
  }, { ignoresSearch: true });
}

/**
 * Connections are closed to free and locked groups. The check runs on every update of the route (spec
 * part 2 §2), a move between its pages included, so a group locked meanwhile goes home. The group
 * loader has already told about a missing group.
 */
export function createConnectionsLoader(deps: AppDeps) {
  const onEveryUpdate: ShouldRevalidateFunction = () => true;
  return {
    loader: async (args: LoaderFunctionArgs) => {
      const { group } = await routeGroup(deps, args);
      const to = group ? connectionsRedirect(group) : pathTo('home');
      if (to) throw redirect(to);
      return null;
    },
    shouldRevalidate: onEveryUpdate,
  };
}

/**
 * /:fbGroupId/members/:list? — an unknown list goes to the default one; the page gets the route's group and
 * whether its payment-account onboarding is completed (a paid group's paid and subscription columns).
 * Filters live in the address's search, which the page follows itself, so only a new path reloads this.
 */
export function createMembersLoader(deps: AppDeps) {
  return boundToSession(
    deps,
    async (args): Promise<MembersLoaderData> => {
      const { group } = await routeGroup(deps, args);
      if (!group) throw redirect(pathTo('home'));
      const to = memberListRedirect(group.fb_group_id, args.params.list);
      if (to) throw redirect(to);
      return { group, showPayments: await paymentOnboardingCompleted(deps, group, args.request.signal) };
    },
    { ignoresSearch: true },
  );
}

/** Free groups have no payment account; a paid group's account that cannot be read shows no payment columns. */
async function paymentOnboardingCompleted({ api }: AppDeps, group: Group, signal: AbortSignal): Promise<boolean> {
  if (!isPaidPlan(group.subscribed_plan)) return false;
  try {
    const { data } = await api.GET('/groups/{id}/account', { params: { path: { id: group.id } }, signal });
    return data?.properties.onboarding === 'completed';
  } catch {
    return false;
  }
}
