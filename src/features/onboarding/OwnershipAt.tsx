import type { StateValue } from 'xstate';
import { ownershipView } from '../../../machines/confirmOwnership/selectors';
import { stepMarkers, wizardButtons } from '../../../machines/onboarding/selectors';
import { ConfirmOwnershipStep, type ConfirmOwnershipStepProps } from './ConfirmOwnershipStep';
import { bookClubGroup, progressUpTo } from './fixtures';
import { OnboardingWizard } from './OnboardingWizard';
import { confirmOwnershipSnapshotAt, onboardingSnapshotAt, type ConfirmOwnershipStoryContext } from './storySnapshots';

export interface OwnershipAtProps extends Pick<ConfirmOwnershipStepProps, 'onAcquire' | 'onRecheck' | 'onRetry'> {
  /** A state of the confirm-ownership statechart, e.g. 'adminsToContact'. */
  value: StateValue;
  context?: ConfirmOwnershipStoryContext;
}

/** Confirm Permissions in one state of the confirm-ownership statechart, inside the wizard, for the stories. */
export function OwnershipAt({ value, context, onAcquire, onRecheck, onRetry }: OwnershipAtProps) {
  const wizard = onboardingSnapshotAt({ wizard: { ownership: 'confirming' } }, { progress: progressUpTo.ownership });
  const { back, next } = wizardButtons(wizard);
  return (
    <OnboardingWizard steps={stepMarkers(wizard)} current="ownership" back={back} next={next} onOpen={() => {}} onBack={() => {}} onNext={() => {}}>
      <ConfirmOwnershipStep
        group={bookClubGroup}
        view={ownershipView(confirmOwnershipSnapshotAt(value, context))}
        onAcquire={onAcquire}
        onRecheck={onRecheck}
        onRetry={onRetry}
      />
    </OnboardingWizard>
  );
}
