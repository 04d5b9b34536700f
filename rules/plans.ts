import { everyValueOf, type Schemas } from './contract';

export type SubscribedPlan = Schemas['Group']['subscribed_plan'];

/** The plans a group can be on (spec part 1 §2 Purchase); free is where every group starts. */
export const SUBSCRIBED_PLANS = everyValueOf<SubscribedPlan>()(['free', 'monthly', 'annual', 'once']);

/** A group is paid on any plan but free: paid moves, connections and no free-removals allowance (part 1 §4, §5). */
export function isPaidPlan(plan: SubscribedPlan): boolean {
  return plan !== 'free';
}
