import { useSelector } from '@xstate/react';
import { ownershipView } from '../../../machines/confirmOwnership/selectors';
import type { OnboardingGroup } from '../../../machines/onboarding/onboardingGroups';
import type { ConfirmOwnershipActor } from '../../../machines/onboarding/selectors';
import { ConfirmOwnershipStep } from './ConfirmOwnershipStep';

export interface ConfirmOwnershipWorkflowProps {
  actor: ConfirmOwnershipActor;
  group: OnboardingGroup;
}

/** The Confirm Permissions step while the confirm-ownership statechart runs. */
export function ConfirmOwnershipWorkflow({ actor, group }: ConfirmOwnershipWorkflowProps) {
  const view = useSelector(actor, ownershipView);
  return (
    <ConfirmOwnershipStep
      group={group}
      view={view}
      onAcquire={() => actor.send({ type: 'ownership.acquire' })}
      onRecheck={() => actor.send({ type: 'ownership.recheck' })}
      onRetry={() => actor.send({ type: 'ownership.retry' })}
    />
  );
}
