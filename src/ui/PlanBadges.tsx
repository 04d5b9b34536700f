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

/**
 * One badge, drawn with the theme's tag classes: PrimeReact's Tag would add nothing else here, and
 * the shell shows these badges on every signed-in page.
 */
function Badge({ value, severity }: { value: string; severity: 'success' | 'warning' | null }) {
  return (
    <span className={severity ? `p-tag p-component p-tag-${severity} plan-badge` : 'p-tag p-component plan-badge'}>
      <span className="p-tag-value">{value}</span>
    </span>
  );
}

/** The plan of a group (free in the primary colour, paid plans in success) and its LOCKED and ORPHANED warnings. */
export function PlanBadges({ group }: PlanBadgesProps) {
  return (
    <span className="plan-badges">
      <Badge value={PLAN_LABEL[group.subscribed_plan]} severity={isPaidPlan(group.subscribed_plan) ? 'success' : null} />
      {group.is_locked && <Badge value="LOCKED" severity="warning" />}
      {group.is_orphaned && <Badge value="ORPHANED" severity="warning" />}
    </span>
  );
}
