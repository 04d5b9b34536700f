import { Message } from 'primereact/message';
import type { OnboardingGroup } from '../../../machines/onboarding/onboardingGroups';
import type { OwnershipConfirmation } from '../../../machines/onboarding/steps';

export interface OwnershipConfirmedProps {
  group: OnboardingGroup;
  confirmation: OwnershipConfirmation;
}

/** Confirm Permissions once it is settled: the user held the group already, or has just acquired it. */
export function OwnershipConfirmed({ group, confirmation }: OwnershipConfirmedProps) {
  const text =
    confirmation === 'apiAdmin' ? `You already hold admin rights for ${group.name} in xFilter.` : `${group.name} is connected to your account.`;
  return (
    <div className="onboarding-step">
      <Message severity="success" text={text} />
      <p className="onboarding-step__muted">Press Next to scan its members.</p>
    </div>
  );
}
