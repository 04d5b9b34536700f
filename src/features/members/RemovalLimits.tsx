import type { MembersLimits } from '../../../machines/memberList/selectors';
import { FreeRemovalsBar } from '../../ui/FreeRemovalsBar';

export interface RemovalLimitsProps {
  limits: MembersLimits;
  recommendation: string;
  /** The purchase page, where the free-removals bar leads. */
  upgradeHref: string;
  onUpgrade: () => void;
}

/** The removals left (a paid group's limits, or a free group's allowance with its bar) and the recommendation. */
export function RemovalLimits({ limits, recommendation, upgradeHref, onUpgrade }: RemovalLimitsProps) {
  return (
    <div className="members-page__limits">
      {limits.plan === 'paid' ? (
        <span>
          {limits.currentLeft} removals left now ({limits.dailyLeft} today, {limits.weeklyLeft} this week)
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
