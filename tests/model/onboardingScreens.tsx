import { render } from '@testing-library/react';
import { AppProviders } from '../../src/app/providers';
import { ConfirmOwnershipWorkflow } from '../../src/features/onboarding/ConfirmOwnershipWorkflow';
import { OnboardingScreen } from '../../src/features/onboarding/OnboardingScreen';
import type { OnboardingGroup } from '../../machines/onboarding/onboardingGroups';
import type { ConfirmOwnershipActor, OnboardingActor } from '../../machines/onboarding/selectors';

/** The real onboarding wizard, driven by the actor under test. */
export function renderOnboardingScreen(actor: OnboardingActor) {
  return render(
    <AppProviders>
      <OnboardingScreen actor={actor} />
    </AppProviders>,
  );
}

/** The real Confirm Permissions step, driven by the confirm-ownership actor under test. */
export function renderConfirmOwnership(actor: ConfirmOwnershipActor, group: OnboardingGroup) {
  return render(
    <AppProviders>
      <ConfirmOwnershipWorkflow actor={actor} group={group} />
    </AppProviders>,
  );
}
