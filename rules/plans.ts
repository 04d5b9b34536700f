import { everyValueOf, type Schemas } from './contract';

export type SubscribedPlan = Schemas['Group']['subscribed_plan'];

/** The plans a group can be on (spec part 1 §2 Purchase); free is where every group starts. */
export const SUBSCRIBED_PLANS = everyValueOf<SubscribedPlan>()(['free', 'monthly', 'annual', 'once']);

/** A group is paid on any plan but free: paid moves, connections and no free-removals allowance (part 1 §4, §5). */
export function isPaidPlan(plan: SubscribedPlan): boolean {
  return plan !== 'free';
}

/** Why a group's connections are closed (part 2 §6): free groups have none, and a locked group's are read-only. */
export type ConnectionsRefusal = 'free_plan' | 'locked';

/** Connections are a paid feature, open unless the group is locked; null when they are open. */
export function connectionsRefusal(group: { subscribed_plan: SubscribedPlan; is_locked: boolean }): ConnectionsRefusal | null {
  if (!isPaidPlan(group.subscribed_plan)) return 'free_plan';
  return group.is_locked ? 'locked' : null;
}
