import type { StateValue } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { Robot } from '../../robot/protocol';
import { confirmOwnershipMachine, type ConfirmOwnershipContext } from '../../../machines/confirmOwnership/machine';
import { onboardingMachine, type OnboardingContext } from '../../../machines/onboarding/machine';
import type { OnboardingStateValue } from '../../../machines/onboarding/selectors';
import { NO_PROGRESS } from '../../../machines/onboarding/steps';
import { bookClubGroup } from './fixtures';

/** Stories render snapshots only: nothing calls the server or the robot. */
const nothingRuns = { api: {} as ApiClient, robot: {} as Robot };

export type OnboardingStoryContext = Partial<Pick<OnboardingContext, 'progress' | 'scanProgress' | 'failure'>>;
export type ConfirmOwnershipStoryContext = Partial<Pick<ConfirmOwnershipContext, 'permission' | 'failure'>>;

/** The onboarding statechart's snapshot in a given state, e.g. `{ wizard: { groups: 'scanning' } }`. */
export function onboardingSnapshotAt(value: OnboardingStateValue, context: OnboardingStoryContext = {}) {
  return onboardingMachine.resolveState({
    value,
    context: { ...nothingRuns, savedRoute: null, progress: NO_PROGRESS, scanProgress: null, failure: null, ...context },
  });
}

/** The confirm-ownership statechart's snapshot in a given state, for the Book Club group. */
export function confirmOwnershipSnapshotAt(value: StateValue, context: ConfirmOwnershipStoryContext = {}) {
  return confirmOwnershipMachine.resolveState({
    value,
    context: { ...nothingRuns, group: bookClubGroup, permission: null, failure: null, confirmation: null, ...context },
  });
}
