import { Message } from 'primereact/message';
import type { OnboardingGroup } from '../../../machines/onboarding/onboardingGroups';
import type { ScanView } from '../../../machines/onboarding/selectors';
import { ScanProgress } from './ScanProgress';
import { StepFailureMessage } from './StepFailureMessage';
import { countOf } from '../../ui/plural';

export interface ScanMembersStepProps {
  group: OnboardingGroup;
  scan: Exclude<ScanView, { kind: 'done' }>;
  onRetry(): void;
}

/** Step 5 while the robot scans every member of the chosen group. */
export function ScanMembersStep({ group, scan, onRetry }: ScanMembersStepProps) {
  return (
    <div className="onboarding-step">
      {scan.kind === 'working' ? (
        <>
          <p>
            The robot is scanning the members of <strong>{group.name}</strong>. Large groups take a few minutes; keep this tab open.
          </p>
          <ScanProgress noun="members" progress={scan.progress} />
        </>
      ) : (
        <StepFailureMessage failure={scan.failure} onRetry={onRetry} />
      )}
    </div>
  );
}

export interface MembersScannedProps {
  group: OnboardingGroup;
  /** How many members the finished scan found. */
  members: number;
}

/** Step 5 once every member of the chosen group is scanned. */
export function MembersScanned({ group, members }: MembersScannedProps) {
  return (
    <div className="onboarding-step">
      <Message severity="success" text={`${countOf(members, 'member')} of ${group.name} scanned.`} />
      <p className="onboarding-step__muted">Press Next to scan recent posts, reactions and comments.</p>
    </div>
  );
}
