import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import type { OnboardingGroup } from '../../../machines/onboarding/onboardingGroups';
import type { ScanView } from '../../../machines/onboarding/selectors';
import { EntityAvatar } from '../../ui/EntityAvatar';
import { ScanProgress } from './ScanProgress';
import { StepFailureMessage } from './StepFailureMessage';
import { countOf } from '../../ui/plural';

export interface ScanGroupsStepProps {
  scan: Exclude<ScanView, { kind: 'done' }>;
  onRetry(): void;
}

/** Step 2 while the robot lists the groups the user belongs to. */
export function ScanGroupsStep({ scan, onRetry }: ScanGroupsStepProps) {
  return (
    <div className="onboarding-step">
      {scan.kind === 'working' ? (
        <>
          <p>The robot is looking for the groups you belong to…</p>
          <ScanProgress noun="groups" progress={scan.progress} />
        </>
      ) : (
        <StepFailureMessage failure={scan.failure} onRetry={onRetry} />
      )}
    </div>
  );
}

export interface GroupsFoundProps {
  groups: OnboardingGroup[];
  /** Scanning again, when the wizard offers it. */
  onRescan: (() => void) | null;
}

/** Step 2 once the robot has listed the groups the user belongs to, with their role in each. */
export function GroupsFound({ groups, onRescan }: GroupsFoundProps) {
  return (
    <div className="onboarding-step">
      {groups.length === 0 ? (
        <p>The robot found no groups for your account. Join or create a group on the social network, then scan again.</p>
      ) : (
        <>
          <p>
            The robot found <strong>{countOf(groups.length, 'group')}</strong>.
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
      {onRescan && <Button label="Scan again" icon="pi pi-refresh" outlined onClick={onRescan} />}
    </div>
  );
}
