import type { Group } from '../../api/groupsSource';
import { isPaidPlan } from '../../../rules/plans';

/**
 * The paid group whose subscription a new card pays: the group worked in last when it is paid,
 * else the user's first paid group; null when no group of theirs is paid.
 */
export function cardGroupOf(groups: Group[], lastFbGroupId: string | null): Group | null {
  const paid = groups.filter((group) => isPaidPlan(group.subscribed_plan));
  return paid.find((group) => group.fb_group_id === lastFbGroupId) ?? paid[0] ?? null;
}
