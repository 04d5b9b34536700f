import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import type { OnboardingGroup } from '../../../machines/onboarding/onboardingGroups';
import type { WorkView } from '../../../machines/onboarding/selectors';
import { EntityAvatar } from '../../ui/EntityAvatar';
import { ScanProgress } from './ScanProgress';
import { StepFailureMessage } from './StepFailureMessage';

export interface ScanGroupsStepProps {
  scan: WorkView;
  groups: OnboardingGroup[];
  canRescan: boolean;
  onRescan(): void;
  onRetry(): void;
}

/** Step 2: the robot lists the groups the user belongs to, with their role in each. */
export function ScanGroupsStep({ scan, groups, canRescan, onRescan, onRetry }: ScanGroupsStepProps) {
  if (scan.kind === 'working') {
    return (
      <div className="onboarding-step">
        <p>The robot is looking for the groups you belong to…</p>
        <ScanProgress noun="groups" progress={scan.progress} />
      </div>
    );
  }
  if (scan.kind === 'failed') {
    return (
      <div className="onboarding-step">
        <StepFailureMessage failure={scan.failure} onRetry={onRetry} />
      </div>
    );
  }
  return (
    <div className="onboarding-step">
      {groups.length === 0 ? (
        <p>The robot found no groups for your account. Join or create a group on the social network, then scan again.</p>
      ) : (
        <>
          <p>
            The robot found <strong>{groups.length === 1 ? '1 group' : `${groups.length} groups`}</strong>.
          </p>
          <ul className="group-list" aria-label="Groups found">
            {groups.map((group) => (
              <li key={group.id} className="group-list__item">
                <EntityAvatar name={group.name} imageUrl={group.avatar_url} shape="square" />
                <span className="group-list__name">{group.name}</span>
                <Tag value={group.role === 'admin' ? 'Admin' : 'Subscriber'} severity={group.role === 'admin' ? 'success' : 'info'} />
              </li>
            ))}
          </ul>
        </>
      )}
      {canRescan && <Button label="Scan again" icon="pi pi-refresh" outlined onClick={onRescan} />}
    </div>
  );
}
