import type { MembersLimits } from '../../../machines/memberList/selectors';
import { FreeRemovalsBar } from '../../ui/FreeRemovalsBar';

export interface RemovalLimitsProps {
  plan: MembersLimits['plan'];
  /** Null until the list's first page comes: the block keeps its place, so nothing under it moves when they come. */
  limits: MembersLimits | null;
  recommendation: string;
  /** The purchase page, where the free-removals bar leads. */
  upgradeHref: string;
  onUpgrade: () => void;
}

/** The figures' place while they load: the same lines, unseen. */
function PendingLimits({ plan }: { plan: MembersLimits['plan'] }) {
  return plan === 'paid' ? (
    <span className="members-page__paid-limits members-page__limits-pending" aria-hidden="true">
      <span>000 removals left now</span> <span>(000 today, 000 this week)</span>
    </span>
  ) : (
    <span className="members-page__free-removals members-page__limits-pending" aria-hidden="true">
      <span>00 of 00 free removals left</span>
      <span className="members-page__limits-pending-bar" />
    </span>
  );
}

/** The removals left (a paid group's limits, or a free group's allowance with its bar) and the recommendation. */
export function RemovalLimits({ plan, limits, recommendation, upgradeHref, onUpgrade }: RemovalLimitsProps) {
  return (
    <div className="members-page__limits">
      {limits === null ? (
        <PendingLimits plan={plan} />
      ) : limits.plan === 'paid' ? (
        <span className="members-page__paid-limits">
          <span>{limits.currentLeft} removals left now</span> <span>({limits.dailyLeft} today, {limits.weeklyLeft} this week)</span>
        </span>
      ) : (
        <a
          className="members-page__free-removals"
          href={upgradeHref}
          onClick={(event) => {
            event.preventDefault();
            onUpgrade();
          }}
        >
          <span>
            {limits.left} of {limits.limit} free removals left
          </span>
          <FreeRemovalsBar left={limits.left} limit={limits.limit} />
        </a>
      )}
      <span className="members-page__recommendation">{recommendation}</span>
    </div>
  );
}
