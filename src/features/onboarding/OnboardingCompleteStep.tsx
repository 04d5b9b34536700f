import { Button } from 'primereact/button';
import type { OnboardingGroup } from '../../../machines/onboarding/onboardingGroups';
import type { SaveView } from '../../../machines/onboarding/selectors';
import { BusyNote } from './BusyNote';
import { StepFailureMessage } from './StepFailureMessage';
import { countOf } from '../../ui/plural';

export interface OnboardingCompleteStepProps {
  group: OnboardingGroup;
  members: number;
  posts: number;
  save: SaveView;
  /** Whether the user now holds the group here, so finishing opens its members. */
  holdsGroup: boolean;
  onFinish(): void;
  onRetry(): void;
}

/** Step 7: what the robot did, saved as done; finishing opens the group's members. */
export function OnboardingCompleteStep({ group, members, posts, save, holdsGroup, onFinish, onRetry }: OnboardingCompleteStepProps) {
  if (save.kind === 'working') {
    return <BusyNote text="Saving your onboarding…" />;
  }
  if (save.kind === 'failed') {
    return (
      <div className="onboarding-step">
        <StepFailureMessage failure={save.failure} onRetry={onRetry} />
      </div>
    );
  }
  return (
    <div className="onboarding-step">
      <p>
        <strong>{group.name}</strong> is ready.
      </p>
      <ul className="onboarding-summary" aria-label="Summary">
        <li>
          <span className="pi pi-check-circle" aria-hidden="true" />
          {countOf(members, 'member')} scanned
        </li>
        <li>
          <span className="pi pi-check-circle" aria-hidden="true" />
          {countOf(posts, 'recent post')} scanned with their reactions and comments
        </li>
      </ul>
      <Button label={holdsGroup ? 'Go to members' : 'Continue'} icon="pi pi-arrow-right" iconPos="right" onClick={onFinish} />
    </div>
  );
}
