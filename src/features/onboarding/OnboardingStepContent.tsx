import {
  canCheckExtension,
  canRescanGroups,
  chosenGroup,
  confirmOwnershipActor,
  isCheckingExtension,
  saveView,
  scanActor,
  scannedGroups,
  type OnboardingActor,
  type OnboardingSnapshot,
} from '../../../machines/onboarding/selectors';
import type { OnboardingStep } from '../../../machines/onboarding/steps';
import { ChooseGroupStep } from './ChooseGroupStep';
import { ConfirmOwnershipWorkflow } from './ConfirmOwnershipWorkflow';
import { InstallExtensionStep } from './InstallExtensionStep';
import { OnboardingCompleteStep } from './OnboardingCompleteStep';
import { OwnershipConfirmed } from './OwnershipConfirmed';
import { PostsScanned } from './ScanEngagementsStep';
import { GroupsFound } from './ScanGroupsStep';
import { MembersScanned } from './ScanMembersStep';
import { ScanWorkflow } from './ScanWorkflow';

export interface OnboardingStepContentProps {
  step: OnboardingStep;
  snapshot: OnboardingSnapshot;
  send: OnboardingActor['send'];
}

/** The view of the step on screen, fed from the wizard's snapshot; a running scan or ownership check shows its own statechart. */
export function OnboardingStepContent({ step, snapshot, send }: OnboardingStepContentProps) {
  const { progress } = snapshot.context;
  const group = chosenGroup(snapshot);
  const scanning = scanActor(snapshot);
  const confirming = confirmOwnershipActor(snapshot);
  if (step === 'extension') {
    return (
      <InstallExtensionStep
        robot={progress.robot}
        checking={isCheckingExtension(snapshot)}
        canCheck={canCheckExtension(snapshot)}
        onCheckAgain={() => send({ type: 'extension.check' })}
      />
    );
  }
  if (scanning) return <ScanWorkflow actor={scanning} />;
  if (step === 'groups') {
    return <GroupsFound groups={scannedGroups(snapshot)} onRescan={canRescanGroups(snapshot) ? () => send({ type: 'groups.rescan' }) : null} />;
  }
  if (step === 'choose') {
    return <ChooseGroupStep groups={scannedGroups(snapshot)} chosenGroupId={group?.id ?? null} onChoose={(groupId) => send({ type: 'group.choose', groupId })} />;
  }
  // The steps after Choose Group open only once a group is chosen.
  if (!group) return null;
  if (confirming) return <ConfirmOwnershipWorkflow actor={confirming} group={group} />;
  switch (step) {
    case 'ownership':
      return progress.ownership && <OwnershipConfirmed group={group} confirmation={progress.ownership} />;
    case 'members':
      return progress.membersScan && <MembersScanned group={group} members={progress.membersScan.members} />;
    case 'engagements':
      return progress.engagementsScan && <PostsScanned group={group} posts={progress.engagementsScan.posts} />;
    case 'complete':
      return (
        <OnboardingCompleteStep
          group={group}
          members={progress.membersScan?.members ?? 0}
          posts={progress.engagementsScan?.posts ?? 0}
          save={saveView(snapshot)}
          holdsGroup={progress.completion?.isApiAdmin === true}
          onFinish={() => send({ type: 'onboarding.finish' })}
          onRetry={() => send({ type: 'step.retry' })}
        />
      );
  }
}
