import { useSelector } from '@xstate/react';
import type { OnboardingActor } from '../../../machines/onboarding/selectors';
import { OnboardingView } from './OnboardingView';

export interface OnboardingScreenProps {
  actor: OnboardingActor;
}

/** The running onboarding wizard. */
export function OnboardingScreen({ actor }: OnboardingScreenProps) {
  const snapshot = useSelector(actor, (current) => current);
  return <OnboardingView snapshot={snapshot} send={actor.send} />;
}
