import { SUBSCRIBED_PLANS, type SubscribedPlan } from '../../../../rules/plans';
import { SUPERVISOR_PER_PAGE_OPTIONS, SUPERVISOR_USER_ROLES, SUPERVISOR_USER_SORT_FIELDS, SUPERVISOR_USERS_DEFAULTS } from '../../../../rules/supervisorLists';
import type { ListQueryResets } from '../../../../machines/listQuery/query';
import { addressDefaults, addressReader, pipeParam, type ListRequest } from './listFilters';

/** The users list's filters (part 2 §3): search, page, per_page, member_id, role, subscribed_plan, sort_by, sort_direction, is_orphaned, is_locked. */
export const USERS_QUERY_DEFAULTS = addressDefaults(SUPERVISOR_USERS_DEFAULTS, ['search', 'member_id', 'subscribed_plan', 'is_orphaned', 'is_locked']);

/** Part 2 §4: on the users list, changing the member filter also resets the role. */
export const USERS_QUERY_RESETS: ListQueryResets = { member_id: ['role'] };

/** Part 2 §9: the plan filter's options, once shown as Lifetime. */
export const PLAN_FILTER_LABELS: Record<SubscribedPlan, string> = { free: 'Free', monthly: 'Monthly', annual: 'Annual', once: 'Lifetime' };

export type UsersRequest = ListRequest<'listSupervisorUsers', 'page' | 'per_page' | 'role' | 'sort_by' | 'sort_direction'>;

/** GET /supervisor/users's query for an address. */
export function readUsersRequest(params: URLSearchParams): UsersRequest {
  const read = addressReader(params, USERS_QUERY_DEFAULTS);
  return {
    search: read.text('search'),
    member_id: read.positiveInt('member_id'),
    role: read.oneOf('role', SUPERVISOR_USER_ROLES),
    subscribed_plan: read.pipeList('subscribed_plan', SUBSCRIBED_PLANS),
    is_orphaned: read.boolean('is_orphaned'),
    is_locked: read.boolean('is_locked'),
    page: read.page(),
    per_page: read.perPage(SUPERVISOR_PER_PAGE_OPTIONS),
    sort_by: read.oneOf('sort_by', SUPERVISOR_USER_SORT_FIELDS),
    sort_direction: read.direction(),
  };
}

/** The plans chosen after one is ticked or unticked, in the order they were chosen, as the address carries them. */
export function plansParam(chosen: readonly SubscribedPlan[], plan: SubscribedPlan, checked: boolean): string {
  return pipeParam(checked ? [...chosen.filter((other) => other !== plan), plan] : chosen.filter((other) => other !== plan));
}
