import type { ApiClient } from '../../api/client';
import type { Robot } from '../../robot/protocol';
import { onboardingMachine, type OnboardingContext } from '../../../machines/onboarding/machine';
import type { OnboardingStateValue } from '../../../machines/onboarding/selectors';
import { NO_PROGRESS } from '../../../machines/onboarding/steps';

/** Stories render snapshots only: nothing calls the server or the robot. */
const nothingRuns = { api: {} as ApiClient, robot: {} as Robot };

export type OnboardingStoryContext = Partial<Pick<OnboardingContext, 'progress' | 'scanProgress' | 'failure'>>;

/** The onboarding statechart's snapshot in a given state, e.g. `{ wizard: { groups: 'scanning' } }`. */
export function onboardingSnapshotAt(value: OnboardingStateValue, context: OnboardingStoryContext = {}) {
  return onboardingMachine.resolveState({
    value,
    context: { ...nothingRuns, savedRoute: null, progress: NO_PROGRESS, scanProgress: null, failure: null, ...context },
  });
}

