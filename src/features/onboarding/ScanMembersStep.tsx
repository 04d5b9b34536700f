import { Message } from 'primereact/message';
import type { OnboardingGroup } from '../../../machines/onboarding/onboardingGroups';
import type { WorkView } from '../../../machines/onboarding/selectors';
import { ScanProgress } from './ScanProgress';
import { StepFailureMessage } from './StepFailureMessage';

export interface ScanMembersStepProps {
  group: OnboardingGroup;
  scan: WorkView;
  /** How many members the finished scan found. */
  members: number | null;
  onRetry(): void;
}

/** Step 5: the robot scans every member of the chosen group. */
export function ScanMembersStep({ group, scan, members, onRetry }: ScanMembersStepProps) {
  return (
    <div className="onboarding-step">
      {scan.kind === 'working' && (
        <>
          <p>
            The robot is scanning the members of <strong>{group.name}</strong>. Large groups take a few minutes; keep this tab open.
          </p>
          <ScanProgress noun="members" progress={scan.progress} />
        </>
      )}
      {scan.kind === 'failed' && <StepFailureMessage failure={scan.failure} onRetry={onRetry} />}
      {scan.kind === 'done' && (
        <>
          <Message severity="success" text={`${(members ?? 0).toLocaleString('en-US')} members of ${group.name} scanned.`} />
          <p className="onboarding-step__muted">Press Next to scan recent posts, reactions and comments.</p>
        </>
      )}
    </div>
  );
}
