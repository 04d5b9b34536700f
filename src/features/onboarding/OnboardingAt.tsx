import type { OnboardingActor, OnboardingStateValue } from '../../../machines/onboarding/selectors';
import { OnboardingView } from './OnboardingView';
import { onboardingSnapshotAt, type OnboardingStoryContext } from './storySnapshots';

export interface OnboardingAtProps {
  /** A state of the onboarding statechart, e.g. `{ wizard: { groups: 'scanning' } }`. */
  value: OnboardingStateValue;
  context?: OnboardingStoryContext;
  send: OnboardingActor['send'];
}

/** The wizard in one state of its statechart with the given progress: how the stories show every state. */
export function OnboardingAt({ value, context, send }: OnboardingAtProps) {
  return <OnboardingView snapshot={onboardingSnapshotAt(value, context)} send={send} />;
}
