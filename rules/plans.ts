import { everyValueOf, type Schemas } from './contract';

export type SubscribedPlan = Schemas['Group']['subscribed_plan'];

/** The plans a group can be on (spec part 1 §2 Purchase); free is where every group starts. */
export const SUBSCRIBED_PLANS = everyValueOf<SubscribedPlan>()(['free', 'monthly', 'annual', 'once']);

/** A group is paid on any plan but free: paid moves, connections and no free-removals allowance (part 1 §4, §5). */
export function isPaidPlan(plan: SubscribedPlan): boolean {
  return plan !== 'free';
}

/**
 * Why a paid feature is closed to a group (part 2 §6): permission actions, scheduling, connections
 * settings and the connections route. Free groups have none, and a locked group's are read-only.
 */
export type PaidFeatureRefusal = 'free_plan' | 'locked';

/** A paid feature is open unless the group is free or locked; null when it is open. */
export function paidFeatureRefusal(group: { subscribed_plan: SubscribedPlan; is_locked: boolean }): PaidFeatureRefusal | null {
  if (!isPaidPlan(group.subscribed_plan)) return 'free_plan';
  return group.is_locked ? 'locked' : null;
}
