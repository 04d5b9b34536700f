import type { components } from '../api/schema';
import { isMemberListName, MEMBER_LIST_DEFAULTS } from '../../rules/memberLists';
import { paidFeatureRefusal } from '../../rules/plans';
import { ONBOARDING_STEPS, pathTo } from './routes';

type User = components['schemas']['User'];
type Group = components['schemas']['Group'];
type Features = components['schemas']['Status']['features'];

/** Who may open a route. */
export type RouteAccess = 'anonymousOnly' | 'bannedOnly' | 'user' | 'supervisor';

export interface Visitor {
  access: 'anonymous' | 'active' | 'banned';
  isSupervisor: boolean;
}

/** Where a visitor who may not open the route is sent instead; null lets them in. */
export function accessRedirect(visitor: Visitor, route: RouteAccess): string | null {
  if (visitor.access === 'anonymous') return route === 'anonymousOnly' ? null : pathTo('login');
  if (visitor.access === 'banned') return route === 'bannedOnly' ? null : pathTo('banned');
  if (route === 'anonymousOnly' || route === 'bannedOnly') return pathTo('home');
  if (route === 'supervisor' && !visitor.isSupervisor) return pathTo('home');
  return null;
}

export interface HomeChoice {
  user: User;
  groups: Group[];
  /** The group the user worked in last, remembered on this device. */
  rememberedFbGroupId: string | null;
}

/** Home opens the welcome page once, then the current or first group's dashboard, else onboarding. */
export function homeRedirect({ user, groups, rememberedFbGroupId }: HomeChoice): string {
  if (!user.flags.welcome_page_seen) return pathTo('welcome');
  const current = groups.find((group) => group.fb_group_id === rememberedFbGroupId) ?? groups[0];
  return current ? pathTo('group_dashboard', { fbGroupId: current.fb_group_id }) : pathTo('onboarding');
}

export function isGroupIdParam(fbGroupId: string | undefined): fbGroupId is string {
  return fbGroupId !== undefined && /^[0-9]+$/.test(fbGroupId);
}

/** The route's group among the user's groups, or undefined when it is not theirs. */
export function findRouteGroup(fbGroupId: string, groups: Group[]): Group | undefined {
  return groups.find((group) => group.fb_group_id === fbGroupId);
}

/** Connections are for paid groups that are not locked. */
export function connectionsRedirect(group: Group): string | null {
  return paidFeatureRefusal(group) ? pathTo('home') : null;
}

export function affiliatesRedirect(features: Features): string | null {
  return features.affiliates_enabled ? null : pathTo('home');
}

/** The welcome page is shown once. */
export function welcomeRedirect(user: User): string | null {
  return user.flags.welcome_page_seen ? pathTo('home') : null;
}

/** An unknown members list opens the default one; no list at all is the default already. */
export function memberListRedirect(fbGroupId: string, list: string | undefined): string | null {
  if (list === undefined || isMemberListName(list)) return null;
  return pathTo('group_members', { fbGroupId, list: MEMBER_LIST_DEFAULTS.list });
}

export function onboardingStepRedirect(step: string | undefined): string | null {
  if (step !== undefined && (ONBOARDING_STEPS as readonly string[]).includes(step)) return null;
  return pathTo('onboarding_step', { step: ONBOARDING_STEPS[0] });
}
