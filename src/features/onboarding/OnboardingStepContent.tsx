import {
  canCheckExtension,
  canRescanGroups,
  chosenGroup,
  confirmOwnershipActor,
  isCheckingExtension,
  scannedGroups,
  workView,
  type OnboardingActor,
  type OnboardingSnapshot,
} from '../../../machines/onboarding/selectors';
import type { OnboardingStep } from '../../../machines/onboarding/steps';
import { ChooseGroupStep } from './ChooseGroupStep';
import { ConfirmOwnershipWorkflow } from './ConfirmOwnershipWorkflow';
import { InstallExtensionStep } from './InstallExtensionStep';
import { OnboardingCompleteStep } from './OnboardingCompleteStep';
import { OwnershipConfirmed } from './OwnershipConfirmed';
import { ScanEngagementsStep } from './ScanEngagementsStep';
import { ScanGroupsStep } from './ScanGroupsStep';
import { ScanMembersStep } from './ScanMembersStep';

export interface OnboardingStepContentProps {
  step: OnboardingStep;
  snapshot: OnboardingSnapshot;
  send: OnboardingActor['send'];
}

/** The view of the step on screen, fed from the wizard's snapshot. */
export function OnboardingStepContent({ step, snapshot, send }: OnboardingStepContentProps) {
  const { progress } = snapshot.context;
  const group = chosenGroup(snapshot);
  const retry = () => send({ type: 'step.retry' });
  switch (step) {
    case 'extension':
      return (
        <InstallExtensionStep
          robot={progress.robot}
          checking={isCheckingExtension(snapshot)}
          canCheck={canCheckExtension(snapshot)}
          onCheckAgain={() => send({ type: 'extension.check' })}
        />
      );
    case 'groups':
      return (
        <ScanGroupsStep
          scan={workView(snapshot)}
          groups={scannedGroups(snapshot)}
          canRescan={canRescanGroups(snapshot)}
          onRescan={() => send({ type: 'groups.rescan' })}
          onRetry={retry}
        />
      );
    case 'choose':
      return (
        <ChooseGroupStep groups={scannedGroups(snapshot)} chosenGroupId={group?.id ?? null} onChoose={(groupId) => send({ type: 'group.choose', groupId })} />
      );
    case 'ownership': {
      const confirming = confirmOwnershipActor(snapshot);
      if (confirming) return <ConfirmOwnershipWorkflow actor={confirming} group={group!} />;
      return <OwnershipConfirmed group={group!} confirmation={progress.ownership!} />;
    }
    case 'members':
      return <ScanMembersStep group={group!} scan={workView(snapshot)} members={progress.membersScan?.members ?? null} onRetry={retry} />;
    case 'engagements':
      return <ScanEngagementsStep group={group!} scan={workView(snapshot)} posts={progress.engagementsScan?.posts ?? null} onRetry={retry} />;
    case 'complete':
      return (
        <OnboardingCompleteStep
          group={group!}
          members={progress.membersScan?.members ?? 0}
          posts={progress.engagementsScan?.posts ?? 0}
          save={workView(snapshot)}
          holdsGroup={progress.completion?.isApiAdmin === true}
          onFinish={() => send({ type: 'onboarding.finish' })}
          onRetry={retry}
        />
      );
  }
}
