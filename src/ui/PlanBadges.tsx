import { Tag } from 'primereact/tag';
import { isPaidPlan } from '../../rules/plans';
import type { components } from '../api/schema';
import '../styles/plan-badges.css';

type Group = components['schemas']['Group'];

const PLAN_LABEL: Record<Group['subscribed_plan'], string> = {
  free: 'FREE',
  monthly: 'Monthly',
  annual: 'Annual',
  once: 'Lifetime',
};

export interface PlanBadgesProps {
  group: Pick<Group, 'subscribed_plan' | 'is_locked' | 'is_orphaned'>;
}

/** The plan of a group (free in the primary colour, paid plans in success) and its LOCKED and ORPHANED warnings. */
export function PlanBadges({ group }: PlanBadgesProps) {
  return (
    <span className="plan-badges">
      <Tag
        className="plan-badge"
        value={PLAN_LABEL[group.subscribed_plan]}
        severity={isPaidPlan(group.subscribed_plan) ? 'success' : null}
      />
      {group.is_locked && <Tag className="plan-badge" value="LOCKED" severity="warning" />}
      {group.is_orphaned && <Tag className="plan-badge" value="ORPHANED" severity="warning" />}
    </span>
  );
}
